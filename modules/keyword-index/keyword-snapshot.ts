import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { readJsonLines } from '../../shared/loading/json-lines';
import type { LogCursor } from '../papers';
import type { Paper } from '../../shared/papers/paper.schema';

/** What the snapshot's first line says about the papers after it. */
export interface KeywordSnapshotHeader {
  gx_keyword_snapshot: 1;
  /** The database the papers came from (`database_identity`): another database's snapshot is ignored. */
  database: string;
  /** The change-log position the papers are current to. */
  cursor: LogCursor;
  /** The newest `gx reindex` request the papers were built after: a later one means rebuild. */
  reindex: string;
  papers: number;
}

const FILE = 'papers.jsonl';

/**
 * The embedded keyword index on disk: one JSON Lines file, a header line and then every paper, written
 * beside and renamed into place, so it is whole or absent. A restart rebuilds the index from it and
 * catches up from the change log instead of reading every paper from Postgres.
 */
export async function saveKeywordSnapshot(dir: string, header: Omit<KeywordSnapshotHeader, 'gx_keyword_snapshot' | 'papers'>, papers: Paper[]): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, FILE);
  const tmp = `${file}.tmp`;
  const out = fs.createWriteStream(tmp, { encoding: 'utf8' });
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  try {
    await write(JSON.stringify({ gx_keyword_snapshot: 1, ...header, papers: papers.length } satisfies KeywordSnapshotHeader));
    for (const paper of papers) await write(JSON.stringify(paper));
    out.end();
    await once(out, 'finish');
    fs.renameSync(tmp, file);
  } catch (err) {
    out.destroy();
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/**
 * The saved papers of `database` and the position they are current to, or undefined when there is
 * no whole snapshot of that database (then the index is built from Postgres).
 */
export async function readKeywordSnapshot(dir: string, database: string): Promise<{ cursor: LogCursor; reindex: string; papers: Paper[] } | undefined> {
  const file = path.join(dir, FILE);
  fs.rmSync(`${file}.tmp`, { force: true }); // a save cut short
  if (!fs.existsSync(file)) return undefined;
  let header: KeywordSnapshotHeader | undefined;
  const papers: Paper[] = [];
  for await (const line of readJsonLines(file)) {
    if (!line.ok) return undefined;
    if (!header) {
      header = line.value as KeywordSnapshotHeader;
      if (header.gx_keyword_snapshot !== 1 || header.database !== database || !/^\d+$/.test(header.cursor?.position ?? '') || !/^\d+$/.test(header.reindex ?? '')) {
        return undefined;
      }
      continue;
    }
    papers.push(line.value as Paper);
  }
  return header && papers.length === header.papers ? { cursor: header.cursor, reindex: header.reindex, papers } : undefined;
}
