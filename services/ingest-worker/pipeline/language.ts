/** Kana, CJK ideographs and the half-/full-width forms Japanese text uses. */
const JAPANESE = /[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]/gu;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;
const LATIN = /[A-Za-z\u00c0-\u024f]/gu;

/**
 * The paper's language for the corpus: `ja`, `en`, or `mul` (more than one language, or Chinese,
 * whose papers are published with Japanese and English AI titles and summaries).
 *
 * A source's own language code wins when it is one of ours (`zh` maps to `mul`); otherwise the
 * title and abstract decide by script: Japanese script (with kana, or ideographs with no other
 * language stated) is `ja`, Latin script is `en`, a substantial share of both is `mul`.
 */
export function detectLanguage(text: string, declared?: string | null): 'ja' | 'en' | 'mul' {
  const code = declared?.trim().toLowerCase().slice(0, 2);
  if (code === 'ja' || code === 'en') return code;
  if (code === 'zh') return 'mul';
  const japanese = text.match(JAPANESE)?.length ?? 0;
  const latin = text.match(LATIN)?.length ?? 0;
  const letters = japanese + latin;
  if (letters === 0) return 'en';
  if (japanese / letters >= 0.8) return KANA.test(text) ? 'ja' : 'mul';
  if (latin / letters >= 0.8) return 'en';
  return 'mul';
}
