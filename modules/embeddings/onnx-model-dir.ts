import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The files of a sentence-embedding model in the Hugging Face layout, relative to its directory. */
export const MODEL_FILES = {
  config: 'config.json',
  tokenizer: 'tokenizer.json',
  tokenizerConfig: 'tokenizer_config.json',
  onnx: path.join('onnx', 'model.onnx'),
} as const;

/** What the process knows of a model directory without loading the model. */
export interface OnnxModelDir {
  dir: string;
  /** `_name_or_path` of config.json (`intfloat/multilingual-e5-small`), else the directory's name. */
  name: string;
  /** The model's vector length (`hidden_size` of config.json): what mean pooling returns. */
  dimensions: number;
  /** Longest input in tokens, special tokens included; longer texts are truncated. */
  maxTokens: number;
  /** Absolute paths of the files in MODEL_FILES. */
  files: Record<keyof typeof MODEL_FILES, string>;
  /** Digest of the model's files: a different model, or the same one re-exported, gets another. */
  fingerprint: string;
}

/** A model directory that is missing, incomplete or malformed; the message names the file. */
export class ModelDirError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`EMBEDDING_MODEL_DIR: ${message}`, options);
    this.name = 'ModelDirError';
  }
}

// HF writes a huge number as model_max_length when a tokenizer has no limit of its own.
const MAX_SANE_TOKENS = 1_000_000;
const FINGERPRINT_SAMPLE_BYTES = 1 << 20;

/**
 * Checks a model directory (every file there and readable, config.json and tokenizer_config.json
 * valid) and describes it, synchronously and without loading the weights, so the factory can name
 * and size a model's vectors before anything is started. Throws ModelDirError naming the file.
 */
export function readModelDir(dir: string): OnnxModelDir {
  const root = path.resolve(dir);
  const stat = fs.statSync(root, { throwIfNoEntry: false });
  if (!stat) throw new ModelDirError(`${root} does not exist`);
  if (!stat.isDirectory()) throw new ModelDirError(`${root} is not a directory`);
  const files = Object.fromEntries(Object.entries(MODEL_FILES).map(([k, rel]) => [k, path.join(root, rel)])) as OnnxModelDir['files'];
  for (const file of Object.values(files)) {
    const s = fs.statSync(file, { throwIfNoEntry: false });
    if (!s?.isFile()) throw new ModelDirError(`${file} is missing`);
    if (s.size === 0) throw new ModelDirError(`${file} is empty`);
  }

  const config = readJsonObject(files.config);
  // BERT and XLM-R say hidden_size; some architectures name the width d_model or dim.
  const dimensions = config.hidden_size ?? config.d_model ?? config.dim;
  if (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1) {
    throw new ModelDirError(`${files.config} has no hidden_size (the length of the model's vectors)`);
  }
  const tokenizerConfig = readJsonObject(files.tokenizerConfig);
  const name = typeof config._name_or_path === 'string' && config._name_or_path.trim() ? config._name_or_path.trim() : path.basename(root);
  return { dir: root, name, dimensions, maxTokens: maxTokens(config, tokenizerConfig), files, fingerprint: fingerprint(root, files) };
}

export function readJsonObject(file: string): Record<string, unknown> {
  let value: unknown;
  const text = readable(file, () => fs.readFileSync(file, 'utf8'));
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ModelDirError(`${file} is not valid JSON (${(err as Error).message})`, { cause: err });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ModelDirError(`${file} is not a JSON object`);
  return value as Record<string, unknown>;
}

/** The tokenizer's own limit, else the position table's (less the two slots RoBERTa-style models reserve), else BERT's 512. */
function maxTokens(config: Record<string, unknown>, tokenizerConfig: Record<string, unknown>): number {
  const limit = tokenizerConfig.model_max_length;
  if (typeof limit === 'number' && Number.isInteger(limit) && limit > 0 && limit <= MAX_SANE_TOKENS) return limit;
  const positions = config.max_position_embeddings;
  if (typeof positions === 'number' && Number.isInteger(positions) && positions > 2) {
    return String(config.model_type ?? '').includes('roberta') ? positions - 2 : positions;
  }
  return 512;
}

/**
 * Each file's name, size, first and last MiB (and the ONNX external-data file's, when the weights
 * live beside the graph): cheap for a 2 GB model, unchanged by a copy that resets modification
 * times, and different for other weights, another tokenizer or another truncation length.
 */
function fingerprint(root: string, files: OnnxModelDir['files']): string {
  const hash = createHash('sha256');
  const external = fs
    .readdirSync(path.dirname(files.onnx))
    .filter((f) => f.startsWith('model.onnx_data'))
    .map((f) => path.join(path.dirname(files.onnx), f));
  for (const file of [...Object.values(files), ...external.sort()]) {
    const fd = readable(file, () => fs.openSync(file, 'r'));
    try {
      const { size } = fs.fstatSync(fd);
      hash.update(`${path.relative(root, file)}\0${size}\0`);
      const head = Buffer.alloc(Math.min(size, FINGERPRINT_SAMPLE_BYTES));
      fs.readSync(fd, head, 0, head.length, 0);
      hash.update(head);
      if (size > FINGERPRINT_SAMPLE_BYTES) {
        const tail = Buffer.alloc(Math.min(size - FINGERPRINT_SAMPLE_BYTES, FINGERPRINT_SAMPLE_BYTES));
        fs.readSync(fd, tail, 0, tail.length, size - tail.length);
        hash.update(tail);
      }
    } finally {
      fs.closeSync(fd);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** A file that exists but cannot be read (permissions) is named like a missing one. */
function readable<T>(file: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    throw new ModelDirError(`${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, { cause: err });
  }
}
