import { normalizeText } from '../../../shared/text/normalize';
import type { TopicSlug } from '../../../shared/papers/paper.schema';
import type { NewPaper } from '../../../modules/papers';
import type { Relevance, RelevanceScorer } from './enrichment.port';
import { GENERAL_TERMS, TOPIC_TERMS } from './relevance-vocabulary';

const TITLE_WEIGHT = 3;
const ABSTRACT_WEIGHT = 1;
const GENERAL_WEIGHT = 0.5;
/** score = 100 · (1 − e^(−evidence / SCALE)): 5 points of evidence give 81 (past the gate), 3 give 63. */
const SCALE = 3;
const MAX_TAGS = 5;
const JAPAN = /\bjapan(?:ese)?\b|日本|国内/u;

const TOPICS = Object.entries(TOPIC_TERMS).map(([topic, terms]) => ({ topic: topic as TopicSlug, terms: terms!.map((t) => normalizeText(t)) }));
const GENERAL = GENERAL_TERMS.map((t) => normalizeText(t));

/**
 * The embedded relevance scorer: deterministic, explainable, bilingual. Evidence is the distinct
 * vocabulary terms found (a topic term in the title counts 3, in the abstract 1; a general climate
 * term counts 0.5 wherever it is found), and the score is 100 · (1 − e^(−evidence/3)). The topic is
 * the one with the most evidence (ties: vocabulary order); tags are its matched terms, strongest
 * first. Shelf: a Japanese paper is `japan_to_global`, an English one about Japan `global_to_japan`;
 * `curated` is an editor's decision and never assigned here.
 */
export class HeuristicScorer implements RelevanceScorer {
  readonly kind = 'heuristic';

  async score(papers: readonly NewPaper[]): Promise<Relevance[]> {
    return papers.map((p) => scoreOne(p));
  }
}

export function scoreOne(p: NewPaper): Relevance {
  const title = normalizeText(p.title ?? p.title_en ?? p.title_ja ?? '');
  const abstract = normalizeText(p.abstract ?? '');
  let best: { topic: TopicSlug; evidence: number; tags: { term: string; weight: number }[] } | undefined;
  let evidence = 0;
  for (const { topic, terms } of TOPICS) {
    const tags: { term: string; weight: number }[] = [];
    for (const term of terms) {
      const weight = title.includes(term) ? TITLE_WEIGHT : abstract.includes(term) ? ABSTRACT_WEIGHT : 0;
      if (weight > 0) tags.push({ term, weight });
    }
    const topicEvidence = tags.reduce((s, t) => s + t.weight, 0);
    evidence += topicEvidence;
    if (topicEvidence > 0 && (!best || topicEvidence > best.evidence)) best = { topic, evidence: topicEvidence, tags };
  }
  for (const term of GENERAL) if (title.includes(term) || abstract.includes(term)) evidence += GENERAL_WEIGHT;
  const score = Math.round(1000 * (1 - Math.exp(-evidence / SCALE))) / 10;
  const tags = (best?.tags ?? []).sort((a, b) => b.weight - a.weight).slice(0, MAX_TAGS).map((t) => t.term);
  const shelf = p.lang === 'ja' ? 'japan_to_global' : p.lang === 'en' && JAPAN.test(`${title} ${abstract}`) ? 'global_to_japan' : null;
  return {
    score,
    topic: best?.topic ?? 'other',
    tags,
    shelf,
    reason: best ? `evidence ${evidence.toFixed(1)}; strongest topic ${best.topic} (${tags.join(', ')})` : `evidence ${evidence.toFixed(1)}; no topic term found`,
  };
}
