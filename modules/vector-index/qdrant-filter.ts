import { createHash } from 'node:crypto';
import type { Schemas } from '@qdrant/js-client-rest';
import type { VectorFilter, VectorPayload } from './vector-index.port';

/** Pure builders of what the Qdrant adapter sends: the search filter, point ids and payloads. */

export type QdrantFilter = Schemas['Filter'];
export type QdrantCondition = Schemas['Condition'];

/**
 * The Qdrant `filter` for a VectorFilter: every condition under `must` (topic and shelf by `match`,
 * langs by `match.any`, the draft-score bound by `range.gte`). A paper without a draft score counts
 * as 0, so a bound at or below 0 also admits an empty `draft_score` (the same rule as the embedded
 * index). `undefined` when the filter has no conditions. An empty `langs` builds `match.any: []`,
 * which matches nothing; the adapter answers that case without asking.
 */
export function buildQdrantFilter(filter: VectorFilter): QdrantFilter | undefined {
  const must: QdrantCondition[] = [];
  if (filter.topic !== undefined) must.push({ key: 'topic', match: { value: filter.topic } });
  if (filter.langs !== undefined) must.push({ key: 'lang', match: { any: [...filter.langs] } });
  if (filter.shelf !== undefined) must.push({ key: 'shelf', match: { value: filter.shelf } });
  if (filter.minDraftScore !== undefined) {
    const bound: QdrantCondition = { key: 'draft_score', range: { gte: filter.minDraftScore } };
    must.push(filter.minDraftScore > 0 ? bound : { should: [bound, { is_empty: { key: 'draft_score' } }] });
  }
  return must.length > 0 ? { must } : undefined;
}

/** The namespace of the UUIDv5 point ids (a fixed, random UUID: never change it, ids derive from it). */
export const POINT_ID_NAMESPACE = '6f2b1c0e-5d4a-4e8b-9a61-3c7d2e9f0b14';

/**
 * Qdrant point ids are unsigned integers or UUIDs: a paper id maps to the UUIDv5 (SHA-1, RFC 9562)
 * of the id in POINT_ID_NAMESPACE — deterministic, so an upsert replaces the paper's point.
 */
export function qdrantPointId(id: string): string {
  return uuidV5(POINT_ID_NAMESPACE, id);
}

/** A version-5 (name-based, SHA-1) UUID. */
export function uuidV5(namespace: string, name: string): string {
  const bytes = createHash('sha1').update(Buffer.from(namespace.replace(/-/g, ''), 'hex')).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The stored payload: the filterable fields plus the original id. */
export function qdrantPayload(id: string, payload: VectorPayload): Record<string, unknown> {
  return { paper_id: id, topic: payload.topic, lang: payload.lang, shelf: payload.shelf, draft_score: payload.draft_score };
}
