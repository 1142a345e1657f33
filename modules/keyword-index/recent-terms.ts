import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How many of the latest searched terms a stop saves for the next start to work out ahead. */
export const RECENT_TERMS = 1_000;

const FILE = 'recent-terms.json';

/**
 * The terms the last process searched most recently, kept beside the index files: a restart works
 * them out in the background (Solr's autowarming, across a restart), so the first minute's searches
 * mostly find their terms' evidence ready instead of computing it while the client waits.
 */
export function saveRecentTerms(dir: string, terms: string[]): void {
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `${FILE}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify({ terms }));
  fs.renameSync(tmp, path.join(dir, FILE));
}

/** The terms saved under `dir`, the latest first; none when there is no readable file. */
export function readRecentTerms(dir: string): string[] {
  try {
    const saved = JSON.parse(fs.readFileSync(path.join(dir, FILE), 'utf8')) as { terms?: unknown };
    return Array.isArray(saved.terms) ? saved.terms.filter((t): t is string => typeof t === 'string').slice(0, RECENT_TERMS) : [];
  } catch {
    return [];
  }
}

/** Runs `warm` for each term, one per turn of the event loop (searches go on between), until `stop` says so. */
export async function warmTerms(terms: string[], warm: (term: string) => void, stop: () => boolean): Promise<number> {
  let done = 0;
  for (const term of terms) {
    await nextTurn();
    if (stop()) break;
    warm(term);
    done++;
  }
  return done;
}
