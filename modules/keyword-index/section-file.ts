import fs from 'node:fs';

/** The typed arrays a section file holds, by name. */
export type Sections = Record<string, Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array>;

const MAGIC = Buffer.from('GXKWSEC1');
const KINDS = { Uint8Array, Uint16Array, Uint32Array, Int32Array, Float64Array } as const;
type Kind = keyof typeof KINDS;

interface Header<M> {
  meta: M;
  sections: { name: string; kind: Kind; offset: number; length: number }[];
  /** Where the bytes left on disk begin (`tail`), and how many there are. */
  tail: { offset: number; length: number };
}

const align = (n: number) => Math.ceil(n / 8) * 8;

/**
 * Writes typed arrays, a JSON header and optional trailing bytes (read later in pieces, not at open)
 * to `file`: beside it first, then renamed into place, so the file is whole or absent. Each array
 * starts at a multiple of 8 bytes, so `readSections` gets them back as views of one buffer.
 */
export async function writeSections<M>(file: string, meta: M, sections: Sections, tail: Buffer = Buffer.alloc(0)): Promise<void> {
  const entries: Header<M>['sections'] = [];
  const tmp = `${file}.tmp`;
  // The header's size depends on the offsets it lists: lay out with a generous estimate, then pad.
  const names = Object.keys(sections);
  const estimate = align(JSON.stringify({ meta, sections: names.map((name) => ({ name, kind: 'Float64Array', offset: 1e15, length: 1e15 })), tail: { offset: 1e15, length: 1e15 } }).length + 64);
  let offset = MAGIC.length + 4 + estimate;
  for (const name of names) {
    const array = sections[name]!;
    offset = align(offset);
    // A Buffer is a Uint8Array under another name.
    entries.push({ name, kind: (array instanceof Buffer ? 'Uint8Array' : array.constructor.name) as Kind, offset, length: array.length });
    offset += array.byteLength;
  }
  const header: Header<M> = { meta, sections: entries, tail: { offset: align(offset), length: tail.length } };
  const json = Buffer.from(JSON.stringify(header));
  const lead = Buffer.alloc(MAGIC.length + 4 + estimate);
  MAGIC.copy(lead);
  lead.writeUInt32LE(json.length, MAGIC.length);
  json.copy(lead, MAGIC.length + 4);
  const out = await fs.promises.open(tmp, 'w');
  try {
    await out.write(lead, 0, lead.length, 0);
    for (const { name, offset: at } of entries) {
      const array = sections[name]!;
      await out.write(Buffer.from(array.buffer, array.byteOffset, array.byteLength), 0, array.byteLength, at);
    }
    if (tail.length) await out.write(tail, 0, tail.length, header.tail.offset);
    else await out.truncate(header.tail.offset); // the last array's padding: the file is as long as the header says
    await out.sync();
  } catch (err) {
    await out.close();
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  await out.close();
  fs.renameSync(tmp, file);
}

/**
 * Reads a section file's header and arrays in one pass (the trailing bytes stay on disk: `tail` says
 * where they are). Undefined when the file is missing or not whole.
 */
export function readSections<M>(file: string): { meta: M; sections: Sections; tail: Header<M>['tail'] } | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const size = fs.fstatSync(fd).size;
    const lead = Buffer.alloc(MAGIC.length + 4);
    if (size < lead.length || fs.readSync(fd, lead, 0, lead.length, 0) !== lead.length || !lead.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    const json = Buffer.alloc(lead.readUInt32LE(MAGIC.length));
    if (lead.length + json.length > size) return undefined;
    fs.readSync(fd, json, 0, json.length, lead.length);
    const header = parseHeader<M>(json);
    if (!header || header.tail.offset + header.tail.length > size) return undefined;
    // One buffer for every array: a fresh ArrayBuffer, so the file's 8-byte alignment holds in memory.
    const body = Buffer.allocUnsafeSlow(header.tail.offset);
    for (let at = 0; at < body.length; ) {
      const n = fs.readSync(fd, body, at, Math.min(body.length - at, 1 << 30), at);
      if (n === 0) return undefined;
      at += n;
    }
    const sections: Sections = {};
    for (const { name, kind, offset, length } of header.sections) sections[name] = new KINDS[kind](body.buffer, body.byteOffset + offset, length);
    return { meta: header.meta, sections, tail: header.tail };
  } finally {
    fs.closeSync(fd);
  }
}

function parseHeader<M>(json: Buffer): Header<M> | undefined {
  try {
    return JSON.parse(json.toString('utf8')) as Header<M>;
  } catch {
    return undefined;
  }
}
