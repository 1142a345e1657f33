import type { PaperInput } from '../../modules/papers';
import { mulberry32 } from '../../shared/random/seeded-random';

/** References a generated paper lists: some to earlier papers of the corpus on its topic, the rest to works outside it. */
export const CITATIONS = { inCorpus: 8, external: 7 } as const;
/** How far back in its topic a paper's corpus references reach (papers of that topic with a DOI). */
const RECENT = 5_000;

/**
 * A synthetic citation graph over generated papers (the demo generator writes none): each paper
 * cites up to `CITATIONS.inCorpus` earlier papers of its topic that have a DOI (so the edges
 * resolve), and `CITATIONS.external` works outside the corpus drawn from a pool of one per 20
 * papers, skewed so a few are cited by many (a field's standard works) and most by a few. Seeded:
 * the same papers get the same references.
 */
export function withCitations(papers: readonly PaperInput[], seed = 27): PaperInput[] {
  const random = mulberry32(seed);
  const byTopic = new Map<string, string[]>();
  const pool = Math.max(500, Math.floor(papers.length / 20));
  return papers.map((p) => {
    const topic = p.topic ?? '';
    const earlier = byTopic.get(topic) ?? [];
    // Among the most recent papers of the topic: a paper cites the literature of its time.
    const window = Math.min(RECENT, earlier.length);
    const references = new Set<string>();
    for (let i = 0; i < CITATIONS.inCorpus && window > 0; i++) references.add(earlier[earlier.length - window + Math.floor(random() * window)]!);
    for (let i = 0; i < CITATIONS.external; i++) references.add(`10.7777/ext.${Math.floor(random() ** 3 * pool)}`);
    if (p.doi) {
      earlier.push(p.doi);
      byTopic.set(topic, earlier);
    }
    return { ...p, references: [...references] };
  });
}
