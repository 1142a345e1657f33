import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given (what an HTTP client library would refuse to send) and reads the
 * answer until the server closes the connection. `halfClose` ends the writing side after sending.
 */
export function sendRaw(port: number, bytes: string, options: { halfClose?: boolean } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(bytes, 'latin1');
      if (options.halfClose) socket.end();
    });
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // A keep-alive answer is complete once its declared body has arrived.
      const answer = parse(Buffer.concat(chunks).toString('utf8'));
      if (answer && Buffer.byteLength(answer.body) >= Number(answer.headers['content-length'] ?? Infinity)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = parse(Buffer.concat(chunks).toString('utf8'));
      if (answer) resolve(answer);
      else reject(new Error(`no HTTP answer (got ${JSON.stringify(Buffer.concat(chunks).toString('latin1').slice(0, 80))})`));
    });
  });
}

function parse(text: string): RawAnswer | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(end + 4) };
}

/**
 * Writes a whole request, then reads the answer to the end of the connection and closes its own
 * side; rejects when the connection is reset instead of closed (a server that closes with the
 * client's bytes unread resets it, and a client still writing loses the answer). By default the
 * client writes everything before reading, as most clients do; with `answerAfter` it writes that
 * many bytes, waits for the first bytes of the answer, then writes the rest, so the answer surely
 * comes while the request is still being written.
 */
export function sendWhole(port: number, bytes: string, options: { answerAfter?: number } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failure: Error | undefined;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', (err) => (failure ??= new Error(`connection failed after ${Buffer.concat(chunks).length} bytes of answer: ${err.message}`)));
    socket.on('end', () => socket.end());
    socket.on('close', () => {
      const answer = parse(Buffer.concat(chunks).toString('utf8'));
      if (failure) reject(failure);
      else if (answer) resolve(answer);
      else reject(new Error('no HTTP answer'));
    });
    const split = options.answerAfter;
    if (split === undefined) {
      socket.pause();
      socket.write(bytes, 'latin1', (err) => err || socket.resume());
      socket.on('data', (chunk) => chunks.push(chunk));
      return;
    }
    socket.write(bytes.slice(0, split), 'latin1');
    socket.on('data', (chunk) => {
      if (chunks.length === 0) socket.write(bytes.slice(split), 'latin1');
      chunks.push(chunk);
    });
  });
}
