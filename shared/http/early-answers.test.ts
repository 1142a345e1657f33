import { overflowAtLineEnd, overflowInPacket } from './early-answers';

const packet = (text: string) => Buffer.from(text, 'latin1');
const codeOf = (problem: { status: number; code: string } | undefined) => problem && `${problem.status} ${problem.code}`;

/**
 * Which line of a request's head went over the limit, from the packet the parser stopped in (up to
 * where it stopped) and, when that packet lies inside one line begun earlier, from that line's end.
 */
describe('a head over the limit: which line overflowed', () => {
  it.each([
    ['a request line with a q', `GET /api/v1/papers/search?lang=ja&q=${'%E6'.repeat(5000)}`, '400 query_too_long'],
    ['a request line without one', `GET /${'a'.repeat(16_000)}`, '414 uri_too_long'],
    ['a request line after a previous request on the connection', `GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /${'a'.repeat(16_000)}`, '414 uri_too_long'],
    ['a header line', `GET / HTTP/1.1\r\nHost: x\r\nX-Note: ${'a'.repeat(16_000)}`, '431 headers_too_large'],
    ['a header line after a long URL, both in the packet', `GET /${'a'.repeat(8000)} HTTP/1.1\r\nX-Note: ${'a'.repeat(8000)}`, '431 headers_too_large'],
    ['the rest of a line begun in an earlier packet', 'a'.repeat(16_000), undefined],
  ])('seen in the packet: %s', (_case, text, expected) => {
    expect(codeOf(overflowInPacket(packet(text)))).toBe(expected);
  });

  it.each([
    ['a request line', 'aaaaaa HTTP/1.1\r', '414 uri_too_long'],
    ['a request line ending without its carriage return', 'aaaaaa HTTP/1.0', '414 uri_too_long'],
    ['a header line', 'aaaaaaaaaaaaaa\r', '431 headers_too_large'],
    ['a line that never ended', undefined, '431 headers_too_large'],
  ])('seen at the line\'s end: %s', (_case, end, expected) => {
    expect(codeOf(overflowAtLineEnd(end))).toBe(expected);
  });
});
