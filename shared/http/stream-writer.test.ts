import { Writable } from 'node:stream';
import { StreamWriter } from './stream-writer';

/** A destination that takes one chunk and holds the next until `take()` is called, as a slow client does. */
function slowReader() {
  const received: string[] = [];
  let pending: (() => void) | undefined;
  const sink = new Writable({
    highWaterMark: 2,
    write(chunk: Buffer, _encoding, done) {
      received.push(chunk.toString());
      pending = done;
    },
  });
  return { sink, received, take: () => { const next = pending; pending = undefined; next?.(); } };
}

describe('the stream writer', () => {
  it('waits for the reader when write says so (backpressure), and writes nothing more meanwhile', async () => {
    const { sink, received, take } = slowReader();
    const out = new StreamWriter(sink, 4);
    expect(await out.add('ab')).toBe(true);
    expect(received).toEqual([]);
    // The first piece goes out and fills the destination: the writer waits until it is read.
    let second = false;
    const adding = out.add('cdef').then((open) => (second = open));
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual(['abcdef']);
    expect(second).toBe(false);
    take();
    await adding;
    expect(second).toBe(true);
    const ending = out.end();
    take();
    await ending;
    expect(received).toEqual(['abcdef']);
  });

  it('stops, and stops waiting, once the destination is gone', async () => {
    const { sink } = slowReader();
    const out = new StreamWriter(sink, 1);
    const waiting = out.add('first');
    sink.destroy();
    expect(await waiting).toBe(false);
    expect(await out.add('more')).toBe(false);
    expect(out.open).toBe(false);
  });
});
