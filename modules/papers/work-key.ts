import { familyName } from '../../shared/text/person-name';
import type { NewPaper } from '../../shared/papers/paper.schema';
import { titleKey } from './paper-input';

/**
 * The key records of one work share when no source relates them: the normalised title and the
 * first author's family name (`person-name.ts`). Null without either: a title alone (`Editorial`,
 * `Introduction`) groups unrelated records.
 */
export function workKey(p: Pick<NewPaper, 'title' | 'title_en' | 'title_ja' | 'authors'>): string | null {
  const title = titleKey(p);
  const first = p.authors[0];
  const family = first === undefined ? undefined : familyName(first) ?? normalizeUnspaced(first);
  return title && family ? `${title}|${family}` : null;
}

/** An unspaced East Asian name whole (its family name cannot be cut out of it). */
const normalizeUnspaced = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/gu, '') || undefined;
