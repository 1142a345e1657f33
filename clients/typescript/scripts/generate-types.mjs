#!/usr/bin/env node
/**
 * Regenerates src/generated/ from the two OpenAPI documents, as the project builds them without
 * starting a server (`gx openapi public|api`, from the project's build: `npm run build` at the
 * repository root first), with openapi-typescript:
 * - public-door.ts and data-api.ts: each door's `paths`, `components` and `operations` types;
 * - as-of.ts: each door's operations whose query takes `as_of`, the only ones a client pinned to a
 *   release adds it to (a parameter an operation does not take is refused with a 400).
 *
 * With --check nothing is written: it fails, naming the files, when the committed ones differ from
 * what the documents give now (`npm test` runs it, so a schema change reaches the client in the
 * same commit, and the client is then compiled against it).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const generatedDir = path.resolve(here, '../src/generated');
const gx = path.resolve(here, '../../../bin/gx.js');
const REGENERATE = 'npm run client:generate';

/** Each door: the `gx openapi` argument, its generated file and its key in as-of.ts. */
const DOORS = [
  { door: 'public', file: 'public-door.ts', key: 'publicDoor', title: "the public door's" },
  { door: 'api', file: 'data-api.ts', key: 'dataApi', title: "the data API's" },
];

const header = (what) =>
  [
    `// Generated from ${what} by clients/typescript/scripts/generate-types.mjs: do not edit.`,
    `// Regenerate with \`${REGENERATE}\` at the repository root.`,
    '',
  ].join('\n');

function readDocument(door) {
  if (!fs.existsSync(path.resolve(here, '../../../dist/bin/gx-cli.js'))) {
    throw new Error('the project is not built: run `npm run build` at the repository root first');
  }
  const run = spawnSync(process.execPath, [gx, 'openapi', door], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`gx openapi ${door} failed (${run.status ?? run.signal}): ${run.stderr.trim()}`);
  return JSON.parse(run.stdout);
}

/** `METHOD /path` of every operation with a query parameter `as_of` (path-level parameters included). */
function asOfOperations(document) {
  const resolve = (p) => (p && p.$ref ? p.$ref.split('/').slice(1).reduce((node, key) => node?.[key], document) : p);
  const takesAsOf = (params) => (params ?? []).map(resolve).some((p) => p?.in === 'query' && p?.name === 'as_of');
  const found = [];
  for (const [route, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']) {
      const operation = item[method];
      if (operation && (takesAsOf(item.parameters) || takesAsOf(operation.parameters))) found.push(`${method.toUpperCase()} ${route}`);
    }
  }
  return found.sort();
}

async function generate() {
  const files = {};
  const asOf = {};
  for (const { door, file, key, title } of DOORS) {
    const document = readDocument(door);
    files[file] = header(`${title} OpenAPI document (\`gx openapi ${door}\`) with openapi-typescript`) + astToString(await openapiTS(document));
    asOf[key] = asOfOperations(document);
  }
  files['as-of.ts'] =
    header('the OpenAPI documents (`gx openapi public|api`)') +
    [
      '',
      "/** Each door's operations whose query takes `as_of` (`METHOD /path`): those a client pinned to a release adds it to. */",
      'export const AS_OF_OPERATIONS = {',
      ...DOORS.map(({ key }) => `  ${key}: ${JSON.stringify(asOf[key])} as readonly string[],`),
      '} as const;',
      '',
    ].join('\n');
  return files;
}

async function main() {
  const check = process.argv.includes('--check');
  const files = await generate();
  if (!check) {
    fs.mkdirSync(generatedDir, { recursive: true });
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(generatedDir, name), text);
    process.stdout.write(`wrote ${Object.keys(files).map((f) => `src/generated/${f}`).join(', ')}\n`);
    return;
  }
  const present = fs.existsSync(generatedDir) ? fs.readdirSync(generatedDir) : [];
  const stale = [
    ...Object.entries(files).filter(([name, text]) => !present.includes(name) || fs.readFileSync(path.join(generatedDir, name), 'utf8') !== text).map(([name]) => name),
    ...present.filter((name) => !(name in files)),
  ];
  if (stale.length) {
    process.stderr.write(
      `The typed client's generated types differ from the OpenAPI documents (clients/typescript/src/generated/: ${stale.join(', ')}).\n` +
        `Run \`${REGENERATE}\` at the repository root, check that the client still compiles, and commit them.\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`src/generated/ matches both OpenAPI documents (${Object.keys(files).join(', ')})\n`);
}

main().catch((err) => {
  process.stderr.write(`generate-types: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
