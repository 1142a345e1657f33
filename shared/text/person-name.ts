import { normalizeText } from './normalize';

/**
 * How an author's name is compared: by the whole name or by the family name, case-, diacritic- and
 * width-insensitively (`Müller` = `muller`, full-width `Ｓｍｉｔｈ` = `smith`), the same for a
 * paper's authors and for what a client asks for. One rule for the author filter of every engine
 * and for telling versions of one work apart (their first author's family name).
 */

/** Latin, Greek and Cyrillic accents (U+0300–U+036F); the kana voicing marks (U+3099–U+309A) stay, `が` is not `か`. */
const ACCENTS = /[\u0300-\u036f]/g;
/** Han, hiragana, katakana and Hangul: names written in them put the family name first. */
const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A name in its compared form: NFKC, case-folded, accents removed, dots and commas to spaces, spaces collapsed. */
export function normalizeName(name: string): string {
  return normalizeText(name)
    .normalize('NFD')
    .replace(ACCENTS, '')
    .normalize('NFC')
    .replace(/[.,\u3001\u3002\uff0c\uff0e\u30fb]/g, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * The family name of a name as written: before a comma (`Hasegawa, Misaki`); the first word of an
 * East Asian name (`長谷川 美咲`); otherwise the last word (`Misaki Hasegawa`). Undefined for an
 * unspaced East Asian name (`長谷川美咲`), whose family name cannot be told from the text alone.
 */
export function familyName(name: string): string | undefined {
  const comma = name.search(/[,\uff0c\u3001]/);
  if (comma > 0) {
    const before = normalizeName(name.slice(0, comma));
    if (before) return before;
  }
  const words = normalizeName(name).split(' ').filter((w) => w.length > 0);
  if (words.length === 0) return undefined;
  if (EAST_ASIAN.test(words[0]!)) return words.length > 1 ? words[0] : undefined;
  return words[words.length - 1];
}

/** The key a client's `author` value is looked up by among `nameKeys` (East Asian text without its spaces). */
export function askedNameKey(asked: string): string {
  const want = normalizeName(asked);
  return EAST_ASIAN.test(want) ? want.replace(/ /g, '') : want;
}

/** Whether an author's name answers a client's `author` value (both as written): see `nameKeys`. */
export function nameMatches(author: string, asked: string): boolean {
  const key = askedNameKey(asked);
  return key.length > 0 && nameKeys(author).includes(key);
}

/**
 * Every compared form a name is found by: the whole name, the whole name without spaces (for East
 * Asian names), the family name, and a comma-form name in the order given-family. An unspaced East
 * Asian name adds its prefixes of two or more characters (a family name is one of them).
 */
export function nameKeys(name: string): string[] {
  const whole = normalizeName(name);
  if (!whole) return [];
  const keys = new Set<string>([whole]);
  const family = familyName(name);
  if (family) keys.add(family);
  const comma = name.search(/[,\uff0c\u3001]/);
  if (comma > 0) {
    const given = normalizeName(name.slice(comma + 1));
    if (given && family) keys.add(`${given} ${family}`);
  }
  if (EAST_ASIAN.test(whole)) {
    const unspaced = whole.replace(/ /g, '');
    keys.add(unspaced);
    if (!whole.includes(' ')) for (let end = 2; end < [...unspaced].length; end++) keys.add([...unspaced].slice(0, end).join(''));
  }
  return [...keys];
}
