import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { FitCounter, LexicalFit } from './lexical-fit';
import { lexicalVector } from './lexical-vector';

/**
 * This thread does background work only (a build's passages, a fit; queries are embedded where they
 * are asked): when it and the serving thread both want a core, the serving thread goes first. Linux
 * names a thread's id in /proc/thread-self; elsewhere the thread keeps its priority.
 */
const BACKGROUND_NICENESS = 10;
try {
  os.setPriority(Number(path.basename(fs.readlinkSync('/proc/thread-self'))), BACKGROUND_NICENESS);
} catch {
  // Not Linux, or not allowed: the same work at the same priority as the rest.
}

/**
 * The embedded embedder's worker thread (started by `lexical-worker.ts`): passages embedded with a
 * fit (sent once, then named by its id), and fits counted from the texts sent. One request at a
 * time; each answer carries its request's id.
 */
export type LexicalRequest =
  | { id: number; op: 'embed'; fitId: string; fitBytes?: Uint8Array; texts: string[]; dimensions: number; bm25: { k1: number; b: number } }
  | { id: number; op: 'fit-begin' }
  | { id: number; op: 'fit-add'; counter: number; texts: string[] }
  | { id: number; op: 'fit-end'; counter: number };

export interface LexicalAnswer {
  id: number;
  result?: unknown;
  error?: string;
}

/** The fit passages were last embedded with (a build uses one fit throughout). */
let current: LexicalFit | undefined;
const counters = new Map<number, FitCounter>();
let nextCounter = 1;

function answer(request: LexicalRequest): { result: unknown; transfer?: ArrayBuffer[] } {
  switch (request.op) {
    case 'embed': {
      if (current?.id !== request.fitId) {
        if (!request.fitBytes) throw new Error(`the fit ${request.fitId} was not sent`);
        current = LexicalFit.fromBytes(Buffer.from(request.fitBytes.buffer, request.fitBytes.byteOffset, request.fitBytes.byteLength));
        if (current.id !== request.fitId) throw new Error(`the fit sent is ${current.id}, not ${request.fitId}`);
      }
      const { texts, dimensions } = request;
      const vectors = new Float32Array(texts.length * dimensions);
      texts.forEach((text, i) => vectors.set(lexicalVector(text, 'passage', current!, dimensions, request.bm25), i * dimensions));
      return { result: vectors, transfer: [vectors.buffer] };
    }
    case 'fit-begin': {
      const counter = nextCounter++;
      counters.set(counter, new FitCounter());
      return { result: counter };
    }
    case 'fit-add': {
      const counter = counters.get(request.counter);
      if (!counter) throw new Error(`no fit ${request.counter} is being counted`);
      for (const text of request.texts) counter.add(text);
      return { result: request.texts.length };
    }
    case 'fit-end': {
      const counter = counters.get(request.counter);
      if (!counter) throw new Error(`no fit ${request.counter} is being counted`);
      counters.delete(request.counter);
      const bytes = counter.fit().toBytes();
      return { result: bytes, transfer: [bytes.buffer as ArrayBuffer] };
    }
  }
}

parentPort!.on('message', (request: LexicalRequest) => {
  let reply: LexicalAnswer;
  let transfer: ArrayBuffer[] = [];
  try {
    const done = answer(request);
    reply = { id: request.id, result: done.result };
    transfer = done.transfer ?? [];
  } catch (err) {
    reply = { id: request.id, error: (err as Error).message };
  }
  parentPort!.postMessage(reply, transfer);
});
