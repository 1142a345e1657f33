import type { estypes } from '@elastic/elasticsearch';
import type { PaperDocument } from '../../modules/keyword-index/elasticsearch-query';
import type { IndexDefinition } from '../../modules/keyword-index/keyword-index.elasticsearch';

type Query = estypes.QueryDslQueryContainer;
type Json = Record<string, any>;

/** Lucene's gap between two values of one text field (`position_increment_gap`): a phrase never spans values. */
const VALUE_GAP = 100;

type Hit = { doc: PaperDocument; score: number };

interface Tokens {
  /** Each token with its position. */
  list: { token: string; position: number }[];
  length: number;
}

/**
 * Elasticsearch's reading of the query DSL the adapter builds, over documents held in memory: what a
 * cluster would answer, for the unit tests of the requests (no cluster runs here). It covers what the
 * builders use — bool, constant_score, dis_max, match_all/none, wildcard on `wildcard` fields,
 * term/terms/range on exact fields (a keyword array matching any of its values, a date range by
 * instant), term/prefix/match_phrase on the `gx_words` text fields scored by the mapping's
 * similarities, field sorts with `missing`, paging, field collapsing with inner hits, `global`,
 * `filters`, `terms`, `missing` and `cardinality` aggregations (cardinality exact, as a cluster's is
 * below its precision threshold) — and takes the
 * tokenizer and the similarities from the index definition itself (the Painless source read as
 * JavaScript), so a mistake there shows. Scores are 32-bit floats, as Elasticsearch's.
 */
export class ElasticsearchSemantics {
  private readonly tokens = new Map<PaperDocument, Map<string, Tokens>>();
  private readonly fieldStats = new Map<string, { docCount: number; sumTotalTermFreq: number }>();
  private readonly similarities = new Map<string, (query: { boost: number }, field: object, doc: object) => number>();
  private readonly split: RegExp;
  private readonly truncate: number;

  constructor(
    private readonly docs: PaperDocument[],
    private readonly definition: IndexDefinition,
  ) {
    const analysis = definition.settings.analysis as Json;
    this.split = new RegExp(analysis.tokenizer.gx_words.pattern, 'u');
    this.truncate = analysis.filter.gx_word_truncate.length;
    for (const [name, spec] of Object.entries((definition.settings.similarity ?? {}) as Json)) {
      this.similarities.set(name, painlessAsJavaScript(spec.script.source));
    }
    for (const [field, mapping] of Object.entries(this.properties())) {
      if (mapping.type !== 'text' || mapping.analyzer !== 'gx_words') continue;
      let docCount = 0;
      let sumTotalTermFreq = 0;
      for (const doc of docs) {
        const tokens = this.analyze(((doc as unknown as Json)[field] ?? []) as string[]);
        if (!this.tokens.has(doc)) this.tokens.set(doc, new Map());
        this.tokens.get(doc)!.set(field, tokens);
        if (tokens.length > 0) docCount++;
        sumTotalTermFreq += tokens.length;
      }
      this.fieldStats.set(field, { docCount, sumTotalTermFreq });
    }
  }

  /** The tokens `gx_words` makes of some values, with their positions. */
  analyze(values: string[]): Tokens {
    const list: Tokens['list'] = [];
    let position = 0;
    for (const value of values) {
      for (const token of value.split(this.split)) if (token) list.push({ token: token.slice(0, this.truncate), position: position++ });
      position += VALUE_GAP;
    }
    return { list, length: list.length };
  }

  search(body: estypes.SearchRequest): estypes.SearchResponse<Pick<PaperDocument, 'paper'>> {
    const query = body.query ?? { match_all: {} };
    const hits = this.docs.flatMap((doc) => {
      const score = this.score(query, doc);
      return score === null ? [] : [{ doc, score: Math.fround(score) }];
    });
    const compare = sortComparator(body.sort);
    hits.sort(compare);
    const from = body.from ?? 0;
    // Collapsed: each group's top hit in the sort stands for it, where it stands; its inner hits are the group's own sort.
    const groups = body.collapse ? this.collapse(hits, body.collapse) : hits.map((hit) => ({ hit, inner: undefined }));
    const page = groups.slice(from, from + (body.size ?? 10));
    const source = (doc: PaperDocument) => ({ paper: doc.paper });
    return {
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: {
        ...(body.track_total_hits === false ? {} : { total: { value: hits.length, relation: 'eq' as const } }),
        hits: page.map(({ hit: { doc, score }, inner }) => ({
          _index: 'gx-papers-v2',
          _id: doc.id,
          _score: score,
          _source: source(doc),
          ...(inner && { inner_hits: { [inner.name]: { hits: { total: { value: inner.total, relation: 'eq' as const }, hits: inner.docs.map((d) => ({ _index: 'gx-papers-v2', _id: d.id, _score: null, _source: source(d) })) } } } }),
        })),
      },
      ...(body.aggs && { aggregations: this.aggregate(body.aggs, hits.map((h) => h.doc)) as Record<string, estypes.AggregationsAggregate> }),
    };
  }

  /** Field collapsing: the first hit of each value of the field, in order, with its group's inner hits (`name`, `size`, `sort`). */
  private collapse(hits: Hit[], collapse: estypes.SearchFieldCollapse): { hit: Hit; inner?: { name: string; total: number; docs: PaperDocument[] } }[] {
    const spec = (Array.isArray(collapse.inner_hits) ? collapse.inner_hits : [collapse.inner_hits])[0];
    const known = new Set(['field', 'inner_hits']);
    if (Object.keys(collapse).some((k) => !known.has(k)) || !spec?.name || spec.from) throw new Error(`collapse not understood: ${JSON.stringify(collapse)}`);
    const members = new Map<unknown, Hit[]>();
    for (const hit of hits) {
      const key = (hit.doc as unknown as Json)[collapse.field];
      if (key === undefined || key === null || Array.isArray(key)) throw new Error(`collapse on ${collapse.field} needs one value a document`);
      members.set(key, [...(members.get(key) ?? []), hit]);
    }
    return [...members.values()].map((group) => ({
      hit: group[0]!,
      inner: { name: spec.name!, total: group.length, docs: [...group].sort(sortComparator(spec.sort)).slice(0, spec.size ?? 3).map((h) => h.doc) },
    }));
  }

  /** Aggregations over the matching documents (`global` ones over every document): global/filters, terms, missing, cardinality. */
  private aggregate(aggs: Record<string, estypes.AggregationsAggregationContainer>, matched: PaperDocument[]): Json {
    const out: Json = {};
    const field = (doc: PaperDocument, name: string) => (doc as unknown as Json)[name] as unknown;
    for (const [name, agg] of Object.entries(aggs)) {
      if (agg.terms) {
        const { field: name_, size = 10 } = agg.terms as { field: string; size?: number };
        const byValue = new Map<unknown, PaperDocument[]>();
        for (const doc of matched) {
          const v = field(doc, name_);
          if (v !== null && v !== undefined) byValue.set(v, [...(byValue.get(v) ?? []), doc]);
        }
        const buckets = [...byValue].map(([key, docs]) => ({ key, doc_count: docs.length, ...(agg.aggs && this.aggregate(agg.aggs, docs)) }));
        buckets.sort((a, b) => b.doc_count - a.doc_count || (String(a.key) < String(b.key) ? -1 : 1));
        out[name] = { buckets: buckets.slice(0, size) };
        continue;
      }
      if (agg.missing) {
        const docs = matched.filter((doc) => field(doc, agg.missing!.field as string) == null);
        out[name] = { doc_count: docs.length, ...(agg.aggs && this.aggregate(agg.aggs, docs)) };
        continue;
      }
      if (agg.cardinality) {
        // Exact: a real cluster is too while the count stays below precision_threshold.
        out[name] = { value: new Set(matched.map((doc) => field(doc, agg.cardinality!.field as string)).filter((v) => v != null)).size };
        continue;
      }
      if (!agg.global) throw new Error(`aggregation not understood: ${JSON.stringify(agg)}`);
      const sub: Json = { doc_count: this.docs.length };
      for (const [subName, subAgg] of Object.entries(agg.aggs ?? {})) {
        const filters = subAgg.filters?.filters as Record<string, Query> | undefined;
        if (!filters || Array.isArray(filters)) throw new Error(`aggregation not understood: ${JSON.stringify(subAgg)}`);
        sub[subName] = {
          buckets: Object.fromEntries(Object.entries(filters).map(([key, q]) => [key, { doc_count: this.docs.filter((d) => this.score(q, d, false) !== null).length }])),
        };
      }
      out[name] = sub;
    }
    return out;
  }

  /** The document's score for the query, or null when it does not match; in a filter context (`scored` false) any number means a match. */
  score(q: Query, doc: PaperDocument, scored = true): number | null {
    const value = (name: string) => (doc as unknown as Json)[name];
    if (q.match_all) return q.match_all.boost ?? 1;
    if (q.match_none) return null;
    if (q.constant_score) return this.score(q.constant_score.filter, doc, false) === null ? null : (q.constant_score.boost ?? 1);
    if (q.dis_max) {
      if (q.dis_max.tie_breaker) throw new Error('tie_breaker not understood');
      const scores = q.dis_max.queries.map((c) => this.score(c, doc, scored)).filter((s): s is number => s !== null);
      return scores.length ? Math.max(...scores) * (q.dis_max.boost ?? 1) : null;
    }
    if (q.bool) {
      const list = (c: Query | Query[] | undefined) => (c === undefined ? [] : Array.isArray(c) ? c : [c]);
      let score = 0;
      for (const clause of list(q.bool.must)) {
        const s = this.score(clause, doc, scored);
        if (s === null) return null;
        score += s;
      }
      if (list(q.bool.filter).some((clause) => this.score(clause, doc, false) === null)) return null;
      if (list(q.bool.must_not).some((clause) => this.score(clause, doc, false) !== null)) return null;
      const should = list(q.bool.should).map((clause) => this.score(clause, doc, scored)).filter((s): s is number => s !== null);
      const required = q.bool.minimum_should_match ?? (list(q.bool.should).length > 0 && !q.bool.must && !q.bool.filter ? 1 : 0);
      if (should.length < Number(required)) return null;
      return score + should.reduce((a, b) => a + b, 0);
    }
    if (q.wildcard) {
      const [name, spec] = Object.entries(q.wildcard)[0]!;
      this.expectType(name, 'wildcard');
      const re = wildcardRegExp(typeof spec === 'string' ? spec : spec!.value!);
      return (value(name) as string[]).some((v) => re.test(v)) ? (typeof spec === 'string' ? 1 : (spec!.boost ?? 1)) : null;
    }
    if (q.terms) {
      const [name, values] = Object.entries(q.terms)[0]!;
      return (values as unknown[]).includes(value(name)) ? 1 : null;
    }
    if (q.range) {
      const [name, bounds] = Object.entries(q.range)[0]! as [string, { gte?: number | string; lte?: number | string }];
      // A date field compares instants (its values and bounds as ISO 8601 text), a numeric one numbers.
      const asNumber = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && this.properties()[name]?.type === 'date' ? Date.parse(v) : Number.NaN);
      const v = asNumber(value(name));
      if (Number.isNaN(v)) return null;
      return (bounds.gte === undefined || v >= asNumber(bounds.gte)) && (bounds.lte === undefined || v <= asNumber(bounds.lte)) ? 1 : null;
    }
    if (q.term) {
      const [name, spec] = Object.entries(q.term)[0]!;
      const { value: wanted, boost = 1 } = typeof spec === 'object' && spec !== null ? (spec as { value: unknown; boost?: number }) : { value: spec };
      // A keyword field holding several values matches when any of them is the term.
      if (!this.isWords(name)) return (Array.isArray(value(name)) ? (value(name) as unknown[]).includes(wanted) : value(name) === wanted) ? boost : null;
      const freq = this.tokensOf(doc, name).list.filter((t) => t.token === wanted).length;
      return freq === 0 ? null : scored ? this.similarity(name, doc, boost, freq) : 1;
    }
    if (q.prefix) {
      const [name, spec] = Object.entries(q.prefix)[0]!;
      const { value: wanted, boost = 1 } = typeof spec === 'string' ? { value: spec } : spec!;
      this.expectWords(name);
      return this.tokensOf(doc, name).list.some((t) => t.token.startsWith(wanted)) ? boost : null;
    }
    if (q.match_phrase) {
      const [name, spec] = Object.entries(q.match_phrase)[0]!;
      const { query, boost = 1 } = typeof spec === 'string' ? { query: spec } : spec!;
      this.expectWords(name);
      const phrase = this.analyze([query]).list.map((t) => t.token);
      if (phrase.length === 0) return null;
      const { list } = this.tokensOf(doc, name);
      const at = new Map(list.map((t) => [t.position, t.token]));
      const freq = list.filter((t) => phrase.every((p, i) => at.get(t.position + i) === p)).length;
      // Lucene's scripted similarity scores a phrase once per term, summed.
      return freq === 0 ? null : scored ? phrase.length * this.similarity(name, doc, boost, freq) : 1;
    }
    throw new Error(`query not understood: ${JSON.stringify(q)}`);
  }

  private similarity(field: string, doc: PaperDocument, boost: number, freq: number): number {
    const name = this.properties()[field]!.similarity as string | undefined;
    const script = name === undefined ? undefined : this.similarities.get(name);
    if (!script) throw new Error(`${field} is scored without a scripted similarity`);
    return script({ boost: Math.fround(boost) }, this.fieldStats.get(field)!, { freq, length: this.tokensOf(doc, field).length });
  }

  private tokensOf(doc: PaperDocument, field: string): Tokens {
    return this.tokens.get(doc)!.get(field)!;
  }

  private properties(): Record<string, Json> {
    return this.definition.mappings.properties as Record<string, Json>;
  }

  private isWords(field: string): boolean {
    return this.properties()[field]?.analyzer === 'gx_words';
  }

  private expectWords(field: string): void {
    if (!this.isWords(field)) throw new Error(`${field} is not a gx_words field`);
  }

  private expectType(field: string, type: string): void {
    if (this.properties()[field]?.type !== type) throw new Error(`${field} is not mapped as ${type}`);
  }
}

/** The part of Painless the similarities use (`double` declarations, casts, arithmetic), as JavaScript. */
export function painlessAsJavaScript(source: string): (query: { boost: number }, field: object, doc: object) => number {
  const js = source.replace(/\(double\)\s*/g, '').replace(/\bdouble\s+/g, 'let ');
  return new Function('query', 'field', 'doc', js) as (query: { boost: number }, field: object, doc: object) => number;
}

function wildcardRegExp(pattern: string): RegExp {
  let source = '';
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\' && i + 1 < chars.length) source += escapeRegExp(chars[++i]!);
    else if (c === '*') source += '.*';
    else if (c === '?') source += '.';
    else source += escapeRegExp(c);
  }
  return new RegExp(`^${source}$`, 'su');
}

const escapeRegExp = (c: string) => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The sorts the builders use, read as Elasticsearch does: a list of `{ field: { order, missing } }`
 * (`_score` for the score), each deciding only where the ones before tie; a document without a value
 * goes where `missing` says (`_last` by default, whatever the order). Anything else is refused, so a
 * change to the sorts shows here.
 */
function sortComparator(sort: estypes.SearchRequest['sort']): (a: Hit, b: Hit) => number {
  const specs = (sort === undefined ? [{ _score: { order: 'desc' } }] : Array.isArray(sort) ? sort : [sort]).map((spec) => {
    if (typeof spec !== 'object' || spec === null) throw new Error(`sort not understood: ${JSON.stringify(sort)}`);
    const [field, options] = Object.entries(spec)[0]! as [string, { order?: string; missing?: string }];
    const extra = Object.keys(options).filter((k) => k !== 'order' && k !== 'missing');
    if (extra.length || (options.missing !== undefined && options.missing !== '_last')) throw new Error(`sort not understood: ${JSON.stringify(spec)}`);
    return { field, descending: options.order === 'desc' || (options.order === undefined && field === '_score') };
  });
  return (a, b) => {
    for (const { field, descending } of specs) {
      const [va, vb] = [a, b].map((h) => (field === '_score' ? h.score : ((h.doc as unknown as Json)[field] ?? null))) as (number | string | null)[];
      if (va === null || vb === null) {
        if (va === vb) continue;
        return va === null ? 1 : -1;
      }
      const c = va < vb ? -1 : va > vb ? 1 : 0;
      if (c !== 0) return descending ? -c : c;
    }
    return 0;
  };
}
