import fs from 'node:fs';
import readline from 'node:readline';

export type JsonLine = { line: number; bytes: number } & ({ ok: true; value: unknown } | { ok: false; error: string });

/** Reads a JSON Lines file; a line that is not JSON becomes an error entry instead of stopping the read. */
export async function* readJsonLines(file: string): AsyncGenerator<JsonLine> {
  const stream = fs.createReadStream(file, { encoding: 'utf8' });
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  let bytes = 0;
  for await (const text of lines) {
    line++;
    bytes += Buffer.byteLength(text, 'utf8') + 1;
    if (text.trim() === '') continue;
    try {
      yield { line, bytes, ok: true, value: JSON.parse(text) };
    } catch (err) {
      yield { line, bytes, ok: false, error: `not valid JSON (${(err as Error).message})` };
    }
  }
}

/** Adapts in-memory records (generated demo data) to the loaders' input. */
export async function* recordsAsLines(records: Iterable<unknown>): AsyncGenerator<JsonLine> {
  let line = 0;
  for (const value of records) yield { line: ++line, bytes: 0, ok: true, value };
}
