import type { Paper } from '../../shared/papers/paper.schema';
import { nameKeys } from '../../shared/text/person-name';
import { append, asArray, type IdList } from './sorted-ids';

/**
 * Every name key (`nameKeys`, `shared/text/person-name.ts`) a paper's authors are found by, once
 * each: what the `author` filter compares `askedNameKey(value)` with, in every engine.
 */
export function authorKeysOf(paper: Pick<Paper, 'authors'>): string[] {
  const keys = new Set<string>();
  for (const author of paper.authors ?? []) for (const key of nameKeys(author)) keys.add(key);
  return [...keys];
}

/**
 * A frozen segment's author postings, written with its other structures: the distinct name keys in
 * ascending UTF-16 order (key k is `authorKeyChars[authorKeyStarts[k]..authorKeyStarts[k + 1]]`) and,
 * for each, the ascending slots (slot − start) of the papers with an author of that key
 * (`authorSlots[authorStarts[k]..authorStarts[k + 1]]`). A lookup is a binary search over the keys.
 */
export interface AuthorParts {
  authorKeyStarts: Uint32Array;
  authorKeyChars: Uint16Array;
  authorStarts: Uint32Array;
  authorSlots: Uint32Array;
}

/** The open segment's author postings: name key → local slots, as papers are added (slots ascending). */
export class AuthorPostingsBuilder {
  private readonly byKey = new Map<string, IdList>();

  add(local: number, paper: Pick<Paper, 'authors'>): void {
    for (const key of authorKeysOf(paper)) {
      const list = this.byKey.get(key);
      const next = append(list, local);
      if (next !== list) this.byKey.set(key, next);
    }
  }

  /** The local slots of the papers with an author of this key, ascending. */
  slots(key: string): ArrayLike<number> | undefined {
    const list = this.byKey.get(key);
    return list === undefined ? undefined : asArray(list);
  }

  freeze(): AuthorParts {
    const keys = [...this.byKey.keys()].sort();
    let chars = 0;
    let entries = 0;
    for (const key of keys) {
      chars += key.length;
      const list = this.byKey.get(key)!;
      entries += typeof list === 'number' ? 1 : list.length;
    }
    const authorKeyStarts = new Uint32Array(keys.length + 1);
    const authorKeyChars = new Uint16Array(chars);
    const authorStarts = new Uint32Array(keys.length + 1);
    const authorSlots = new Uint32Array(entries);
    let c = 0;
    let e = 0;
    keys.forEach((key, k) => {
      for (let i = 0; i < key.length; i++) authorKeyChars[c++] = key.charCodeAt(i);
      authorKeyStarts[k + 1] = c;
      for (const local of asArray(this.byKey.get(key)!)) authorSlots[e++] = local;
      authorStarts[k + 1] = e;
    });
    return { authorKeyStarts, authorKeyChars, authorStarts, authorSlots };
  }
}

/** The local slots a frozen segment lists for a name key, ascending, or undefined when none has it. */
export function frozenAuthorSlots(parts: AuthorParts, key: string): Uint32Array | undefined {
  const { authorKeyStarts: starts, authorKeyChars: chars } = parts;
  const text = Buffer.from(chars.buffer, chars.byteOffset, chars.byteLength);
  const keyAt = (k: number) => text.toString('utf16le', starts[k]! * 2, starts[k + 1]! * 2);
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyAt(mid) < key) lo = mid + 1;
    else hi = mid;
  }
  if (lo === starts.length - 1 || keyAt(lo) !== key) return undefined;
  return parts.authorSlots.subarray(parts.authorStarts[lo], parts.authorStarts[lo + 1]);
}
