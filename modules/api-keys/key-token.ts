import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes in base64url: 43 characters of a URL-safe alphabet after the prefix. */
const SECRET_BYTES = 32;
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43,128}$/;

export interface IssuedKey {
  /** The key: shown to its owner once, never stored. */
  token: string;
  hash: Buffer;
  hint: string;
}

export function issueKey(prefix: string): IssuedKey {
  const token = prefix + randomBytes(SECRET_BYTES).toString('base64url');
  return { token, hash: hashKey(token), hint: `${prefix}…${token.slice(-4)}` };
}

export const newKeyId = () => `key_${randomBytes(9).toString('base64url')}`;

export function hashKey(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Whether a presented token has the shape of a key of this service (checked before any lookup). */
export function isWellFormedKey(token: string, prefix: string): boolean {
  return token.startsWith(prefix) && SECRET_PATTERN.test(token.slice(prefix.length));
}

export function sameHash(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
