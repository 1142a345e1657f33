/**
 * How large a request's head may be: the request line (the URL with it) and the headers together,
 * in bytes. Node's parser refuses more; set on every listener rather than taken from Node's default
 * (the same 16 KiB, but changeable by a flag), so the documents state the figure the listeners apply.
 */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * After refusing a request whose rest is still coming, a listener reads on and discards it before
 * closing, for at most this long and this much: a client writing a long request is told why it was
 * refused instead of having its connection reset, and one that never stops writing is cut off.
 */
export const REFUSED_REQUEST_DRAIN = { ms: 10_000, bytes: 8 * 1024 * 1024 } as const;

/** The figures as the documents state them. */
export const HEAD_LIMIT_TEXT = `${MAX_HEADER_BYTES / 1024} KiB (${MAX_HEADER_BYTES.toLocaleString('en')} bytes)`;
