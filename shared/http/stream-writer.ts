import type { Writable } from 'node:stream';

/** Text written to a response in pieces, waiting whenever the client has not read the last ones yet; closed once the client is gone. */
export class StreamWriter {
  private buffer = '';
  private gone = false;

  constructor(
    private readonly res: Writable,
    /** Text is written in pieces of about this many characters: few chunks on the wire, and backpressure still felt within a step. */
    private readonly flushAt = 64 * 1024,
  ) {
    res.once('close', () => {
      if (!res.writableFinished) this.gone = true;
    });
  }

  get open(): boolean {
    return !this.gone && !this.res.destroyed;
  }

  /** Adds text; resolves false once the client is gone. */
  async add(text: string): Promise<boolean> {
    this.buffer += text;
    if (this.buffer.length >= this.flushAt) await this.flush();
    return this.open;
  }

  async end(): Promise<void> {
    await this.flush();
    if (this.open) this.res.end();
  }

  private async flush(): Promise<void> {
    if (!this.open || this.buffer === '') return;
    const chunk = this.buffer;
    this.buffer = '';
    if (this.res.write(chunk)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }
}
