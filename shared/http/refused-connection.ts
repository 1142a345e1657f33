import type { Socket } from 'node:net';
import { REFUSED_REQUEST_DRAIN } from './request-limits';

/** A refused request's connection, read to its end by the listener instead of the HTTP parser. */
export interface RefusedConnection {
  /**
   * Calls `done` with the last characters of the line that `start` continues, once its newline has
   * arrived, or with undefined when the client stopped (or was stopped) first.
   */
  lineEnd(start: Buffer, done: (end: string | undefined) => void): void;
  /** Sends the answer, then closes once the client has finished writing (or the drain's bounds). */
  answer(bytes: string): void;
}

/**
 * Takes a connection whose request was refused from the HTTP parser, and reads what the client
 * still sends, discarding it. Closing a socket with unread bytes makes the kernel reset the
 * connection, and a reset loses the answer for a client still writing its request (most write a
 * whole request before reading): a 900 KB URL would be refused after its first 16 KiB and the
 * client told nothing. Reading stops when the client closes its side, or at the bounds of
 * `REFUSED_REQUEST_DRAIN`.
 */
export function takeRefusedConnection(socket: Socket): RefusedConnection {
  // The parser's feed, which would report every later packet as a new parse error, and its end,
  // which would end the answer's side before the answer. (The other 'end' listener, net's own, does
  // nothing on an HTTP server's sockets, which allow half-open connections.)
  socket.removeAllListeners('data');
  socket.removeAllListeners('end');
  let read = 0;
  let waiting: ((chunk: Buffer | undefined) => void) | undefined;
  const stop = () => {
    waiting?.(undefined);
    socket.destroy();
  };
  const deadline = setTimeout(stop, REFUSED_REQUEST_DRAIN.ms);
  deadline.unref();
  // The client has written all it will: a line still waited for never ends.
  socket.once('end', () => waiting?.(undefined));
  socket.once('close', () => {
    clearTimeout(deadline);
    waiting?.(undefined);
  });
  // With the parser's feed gone, adding a listener hands the socket's reads back from the parser to the stream.
  socket.on('data', (chunk: Buffer) => {
    read += chunk.length;
    waiting?.(chunk);
    if (read > REFUSED_REQUEST_DRAIN.bytes) stop();
  });
  socket.resume();

  return {
    lineEnd(start, done) {
      let end = '';
      const feed = (chunk: Buffer | undefined) => {
        if (!chunk) {
          waiting = undefined;
          return done(undefined);
        }
        const newline = chunk.indexOf(0x0a);
        end = (end + chunk.subarray(0, newline < 0 ? chunk.length : newline).toString('latin1')).slice(-32);
        if (newline >= 0) {
          waiting = undefined;
          done(end);
        }
      };
      waiting = feed;
      feed(start);
    },
    answer(bytes) {
      if (socket.destroyed || !socket.writable) return void socket.destroy();
      // Ending only the writing side: the socket closes itself once the client has ended its own.
      socket.end(bytes);
    },
  };
}
