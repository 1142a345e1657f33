import { MatchSet, orderedPage, relevancePage } from './match-set';
import { ScoredTerm } from './scored-term';
import { SlotBits } from './slot-bits';

const SLOTS = 20_000;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A term held by about `share` of the slots; scores from a few values (ties) or spread widely. */
function term(next: () => number, share: number, tied: boolean): ScoredTerm {
  const slots: number[] = [];
  const scores: number[] = [];
  for (let slot = 0; slot < SLOTS; slot++) {
    if (next() >= share) continue;
    slots.push(slot);
    scores.push(tied ? [0.5, 1.25, 3.75][Math.floor(next() * 3)]! : next() * 10);
  }
  return new ScoredTerm(1, Int32Array.from(slots), Float64Array.from(scores), 1);
}

/** The order every page must be a slice of, the plain way: every match scored (terms in query order), sorted. */
function expected(terms: ScoredTerm[], tieRank: Int32Array, filter?: (slot: number) => boolean): { slot: number; score: number }[] {
  const all: { slot: number; score: number }[] = [];
  const at = terms.map((t) => new Map(Array.from(t.slots, (slot, i) => [slot, t.scores[i]!])));
  for (let slot = 0; slot < SLOTS; slot++) {
    if (filter && !filter(slot)) continue;
    if (!at.every((m) => m.has(slot))) continue;
    let score = 0;
    for (const m of at) score += m.get(slot)!;
    all.push({ slot, score });
  }
  return all.sort((a, b) => b.score - a.score || tieRank[a.slot]! - tieRank[b.slot]!);
}

const noText = () => ({ title: [], tags: [], body: [] });

/**
 * The embedded engine finds a page's best matches without scoring every match (a walk of the terms'
 * matches best first, bounded by what the others can add); whatever path it takes, each page must be
 * exactly the slice of the full order, ties included, with filters and deep offsets.
 */
describe('MatchSet: the best matches without visiting every one', () => {
  const next = random(42);
  const tieRank = Int32Array.from({ length: SLOTS }, (_, i) => i).sort(() => next() - 0.5);
  const cases = [
    { name: 'two broad terms, tied scores', terms: [term(next, 0.6, true), term(next, 0.5, true)] },
    { name: 'three terms, spread scores', terms: [term(next, 0.7, false), term(next, 0.3, false), term(next, 0.5, false)] },
    { name: 'a rare term and a broad one', terms: [term(next, 0.9, false), term(next, 0.02, true)] },
    { name: 'one term', terms: [term(next, 0.4, true)] },
  ];
  const filterTest = (slot: number) => slot % 3 !== 0;

  for (const { name, terms } of cases) {
    it(`${name}: every page (asked again and again, as the walk changes) is a slice of the full order`, () => {
      for (const filter of [undefined, filterTest]) {
        const order = expected(terms, tieRank, filter);
        const bits = filter ? SlotBits.where(SLOTS, filter) : undefined;
        for (const [offset, limit] of [[0, 10], [0, 10], [40, 20], [0, 10], [500, 50], [order.length - 5, 10]] as const) {
          const match = new MatchSet(terms, bits);
          expect(match.total).toBe(order.length);
          const page = relevancePage(match, tieRank, Math.max(0, offset), limit, terms.map((_, i) => `t${i}`), noText);
          expect(page).toEqual(order.slice(Math.max(0, offset), Math.max(0, offset) + limit));
        }
        const all = new MatchSet(terms, bits).all();
        expect(Array.from(all.slots)).toEqual(order.map((m) => m.slot).sort((a, b) => a - b));
        const newest = orderedPage(new MatchSet(terms, bits), tieRank, 5, 10);
        const byTies = [...order].sort((a, b) => tieRank[a.slot]! - tieRank[b.slot]!).slice(5, 15);
        expect(newest).toEqual(byTies);
      }
    });
  }
});
