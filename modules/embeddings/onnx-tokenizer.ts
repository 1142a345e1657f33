import { Tokenizer as HfTokenizer } from '@huggingface/tokenizers';
import { ModelDirError, readJsonObject, type OnnxModelDir } from './onnx-model-dir';

/** What is used of the library: its own declarations do not resolve under `nodenext` (extensionless imports), so it types as `any`. */
interface Tokenizer {
  encode(text: string, options?: { add_special_tokens?: boolean }): { ids: number[] };
  token_to_id(token: string): number | undefined;
}
const TokenizerClass = HfTokenizer as unknown as new (tokenizerJson: object, tokenizerConfig: object) => Tokenizer;

/** A batch of texts as the model's inputs: row-major [batch, length] int64, padded to the longest text. */
export interface EncodedBatch {
  batch: number;
  length: number;
  inputIds: BigInt64Array;
  attentionMask: BigInt64Array;
  /** All zeros: a single text is segment 0 (BERT-style models take it as an input). */
  tokenTypeIds: BigInt64Array;
}

/**
 * The model's own tokenizer (tokenizer.json, through @huggingface/tokenizers: the tokenizer of
 * transformers.js, in plain JavaScript), with truncation and padding done here.
 */
export class ModelTokenizer {
  private readonly tokenizer: Tokenizer;
  private readonly padId: number;
  /** Special tokens the tokenizer puts after a text (`[SEP]`, `</s>`); truncation keeps them. */
  private readonly closing: number;
  /** Longest input in tokens, special tokens included. */
  private readonly maxTokens: number;

  constructor(model: Pick<OnnxModelDir, 'files' | 'maxTokens'>) {
    this.maxTokens = model.maxTokens;
    const file = model.files.tokenizer;
    const config = readJsonObject(model.files.tokenizerConfig);
    try {
      this.tokenizer = new TokenizerClass(readJsonObject(file), config);
      this.closing = closingSpecials(this.tokenizer);
    } catch (err) {
      if (err instanceof ModelDirError) throw err;
      throw new ModelDirError(`${file} is not a tokenizer this embedder can use (${(err as Error).message})`, { cause: err });
    }
    this.padId = padId(this.tokenizer, config);
  }

  encode(texts: string[]): EncodedBatch {
    const rows = texts.map((t) => this.truncate(this.tokenizer.encode(t).ids));
    const length = Math.max(1, ...rows.map((r) => r.length));
    const inputIds = new BigInt64Array(texts.length * length).fill(BigInt(this.padId));
    const attentionMask = new BigInt64Array(texts.length * length);
    rows.forEach((ids, i) => {
      ids.forEach((id, j) => {
        inputIds[i * length + j] = BigInt(id);
        attentionMask[i * length + j] = 1n;
      });
    });
    return { batch: texts.length, length, inputIds, attentionMask, tokenTypeIds: new BigInt64Array(texts.length * length) };
  }

  /** As the Rust tokenizers truncate: the text is cut, the closing special tokens stay. */
  private truncate(ids: number[]): number[] {
    if (ids.length <= this.maxTokens) return ids;
    const keep = Math.max(0, this.maxTokens - this.closing);
    return [...ids.slice(0, keep), ...ids.slice(ids.length - this.closing)];
  }
}

/** How many special tokens follow a text: a probe encoded with and without them. */
function closingSpecials(tokenizer: Tokenizer): number {
  const full = tokenizer.encode('a').ids;
  const bare = tokenizer.encode('a', { add_special_tokens: false }).ids;
  for (let start = 0; start + bare.length <= full.length; start++) {
    if (bare.every((id, k) => full[start + k] === id)) return full.length - start - bare.length;
  }
  return 0;
}

/** The padding token (masked out, so any valid id would do; the model's own keeps the graph's lookups in range). */
function padId(tokenizer: Tokenizer, config: Record<string, unknown>): number {
  const pad = config.pad_token;
  const content = typeof pad === 'string' ? pad : typeof pad === 'object' && pad !== null ? (pad as { content?: unknown }).content : undefined;
  return (typeof content === 'string' ? tokenizer.token_to_id(content) : undefined) ?? 0;
}
