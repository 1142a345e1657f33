import fs from 'node:fs';
import path from 'node:path';

/**
 * A sentence-embedding model in the Hugging Face layout, small enough to write from a test: a
 * WordPiece tokenizer.json over a 20-word vocabulary, config.json, tokenizer_config.json, and an
 * ONNX graph (hand-encoded protobuf) that looks every token up in a fixed table, adds a segment
 * vector and zeroes the padding: `last_hidden_state` [batch, tokens, hidden], as a BERT export
 * gives. No download, no Python: what the ONNX embedder does with a real model, on a toy one.
 */

export const TINY_VOCAB = [
  '[PAD]', '[UNK]', '[CLS]', '[SEP]', 'query', 'passage', ':', 'carbon', 'pricing', 'hydrogen',
  'supply', 'chain', 'climate', 'risk', 'green', 'bond', '##s', 'policy', 'energy', 'transition',
] as const;

export interface TinyModelOptions {
  /** Vector length (config.json hidden_size and the graph's). Default 8. */
  hidden?: number;
  /** What config.json says hidden_size is, when it should disagree with the graph. */
  configHidden?: number;
  /** Longest input in tokens (tokenizer_config.json model_max_length). Default 16. */
  maxTokens?: number;
  /** Whether the graph takes token_type_ids (BERT) or not (XLM-R). Default true. */
  tokenTypeIds?: boolean;
  /** config.json's `_name_or_path`. */
  name?: string;
  /** Seeds the graph's tables: another seed, other weights (another model of the same shape). Default 7. */
  seed?: number;
}

/** Writes the model's files into `dir` (which must exist) and returns it. */
export function writeTinyModel(dir: string, options: TinyModelOptions = {}): string {
  const hidden = options.hidden ?? 8;
  fs.mkdirSync(path.join(dir, 'onnx'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'onnx', 'model.onnx'), tinyOnnxGraph(hidden, options.tokenTypeIds ?? true, options.seed));
  fs.writeFileSync(path.join(dir, 'tokenizer.json'), JSON.stringify(tinyTokenizer()));
  fs.writeFileSync(
    path.join(dir, 'tokenizer_config.json'),
    JSON.stringify({ model_max_length: options.maxTokens ?? 16, do_lower_case: true, pad_token: '[PAD]', unk_token: '[UNK]', cls_token: '[CLS]', sep_token: '[SEP]', tokenizer_class: 'BertTokenizer' }),
  );
  fs.writeFileSync(
    path.join(dir, 'config.json'),
    JSON.stringify({ _name_or_path: options.name ?? 'tiny-test/bert-8', model_type: 'bert', architectures: ['BertModel'], hidden_size: options.configHidden ?? hidden, max_position_embeddings: 32, vocab_size: TINY_VOCAB.length }),
  );
  return dir;
}

function tinyTokenizer(): object {
  const special = (content: string, id: number) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });
  const cls = { SpecialToken: { id: '[CLS]', type_id: 0 } };
  const sep = { SpecialToken: { id: '[SEP]', type_id: 0 } };
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: ['[PAD]', '[UNK]', '[CLS]', '[SEP]'].map(special),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [cls, { Sequence: { id: 'A', type_id: 0 } }, sep],
      pair: [cls, { Sequence: { id: 'A', type_id: 0 } }, sep, { Sequence: { id: 'B', type_id: 1 } }, { SpecialToken: { id: '[SEP]', type_id: 1 } }],
      special_tokens: { '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] }, '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] } },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: Object.fromEntries(TINY_VOCAB.map((w, i) => [w, i])) },
  };
}

// ---- ONNX as protobuf, by hand (onnx.proto field numbers) ----

const FLOAT = 1;
const INT64 = 7;

function varint(value: number | bigint): Buffer {
  let n = BigInt(value);
  if (n < 0n) n += 1n << 64n;
  const out: number[] = [];
  do {
    let byte = Number(n & 0x7fn);
    n >>= 7n;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return Buffer.from(out);
}

const int = (field: number, value: number | bigint) => Buffer.concat([varint(field << 3), varint(value)]);
const bytes = (field: number, value: Buffer | string) => {
  const b = Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8');
  return Buffer.concat([varint((field << 3) | 2), varint(b.length), b]);
};
const message = (field: number, ...parts: Buffer[]) => bytes(field, Buffer.concat(parts));

/** ValueInfoProto: name, TypeProto.tensor_type { elem_type, shape { dim { dim_value | dim_param } } }. */
const valueInfo = (field: number, name: string, elemType: number, dims: (number | string)[]) =>
  message(field, bytes(1, name), message(2, message(1, int(1, elemType), message(2, ...dims.map((d) => message(1, typeof d === 'number' ? int(1, d) : bytes(2, d)))))));

/** TensorProto: dims, data_type, name, raw_data (little-endian). */
const initializer = (name: string, elemType: number, dims: number[], raw: ArrayBufferView) =>
  message(5, ...dims.map((d) => int(1, d)), int(2, elemType), bytes(8, name), bytes(9, Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength)));

/** NodeProto: inputs, outputs, op_type, attributes. */
const node = (op: string, inputs: string[], outputs: string[], ...attributes: Buffer[]) =>
  message(1, ...inputs.map((i) => bytes(1, i)), ...outputs.map((o) => bytes(2, o)), bytes(4, op), ...attributes);

/** AttributeProto of type INT (2). */
const intAttribute = (name: string, value: number) => message(5, bytes(1, name), int(3, value), int(20, 2));

/** A fixed pseudo-random table, the same on every run. */
function table(rows: number, columns: number, seed: number): Float32Array {
  const out = new Float32Array(rows * columns);
  let s = seed;
  for (let i = 0; i < out.length; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    out[i] = s / 2147483648 - 0.5;
  }
  return out;
}

export function tinyOnnxGraph(hidden: number, tokenTypeIds: boolean, seed = 7): Buffer {
  const ids = ['batch', 'sequence'];
  const nodes = [
    node('Gather', ['word_embeddings', 'input_ids'], [tokenTypeIds ? 'words' : 'summed']),
    ...(tokenTypeIds ? [node('Gather', ['token_type_embeddings', 'token_type_ids'], ['segments']), node('Add', ['words', 'segments'], ['summed'])] : []),
    node('Cast', ['attention_mask'], ['mask_float'], intAttribute('to', FLOAT)),
    node('Unsqueeze', ['mask_float', 'last_axis'], ['mask_3d']),
    node('Mul', ['summed', 'mask_3d'], ['last_hidden_state']),
  ];
  const graph = message(
    7,
    ...nodes,
    bytes(2, 'tiny-encoder'),
    initializer('word_embeddings', FLOAT, [TINY_VOCAB.length, hidden], table(TINY_VOCAB.length, hidden, seed)),
    ...(tokenTypeIds ? [initializer('token_type_embeddings', FLOAT, [2, hidden], table(2, hidden, seed + 4))] : []),
    initializer('last_axis', INT64, [1], BigInt64Array.from([2n])),
    valueInfo(11, 'input_ids', INT64, ids),
    valueInfo(11, 'attention_mask', INT64, ids),
    ...(tokenTypeIds ? [valueInfo(11, 'token_type_ids', INT64, ids)] : []),
    valueInfo(12, 'last_hidden_state', FLOAT, ['batch', 'sequence', hidden]),
  );
  // ModelProto: ir_version 8, producer_name, graph, opset_import { domain "", version 13 }.
  return Buffer.concat([int(1, 8), bytes(2, 'gx-tests'), graph, message(8, bytes(1, ''), int(2, 13))]);
}
