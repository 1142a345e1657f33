import type { PaperVersion, VenueType } from '../../shared/papers/paper.schema';

/** What grouping versions of a work needs to know of a record. */
export interface WorkMember {
  id: string;
  doi: string | null;
  openalex_id: string | null;
  year: number | null;
  venue_type: VenueType | null;
  /** Normalised title and first author's family name (`workKey`); null when either is missing. */
  work_key: string | null;
}

export interface WorkGroup {
  /** The smallest id of the group: the same whatever order its records were loaded in. */
  workId: string;
  /** The other records of the group, oldest first (papers without a year last), then by id. */
  versionsOf(id: string): PaperVersion[];
}

/**
 * Records grouped into works: two records are versions of one work when the source links them (a
 * DOI or work id relation, either way) or when they share a work key and their years are at most
 * one apart (chained: 2019, 2020, 2021 are one work). Records without a year group by key only with
 * each other. Union-find over the members it is given.
 */
export class WorkClusters {
  private readonly parent = new Map<string, string>();
  private readonly byId = new Map<string, WorkMember>();
  private readonly byDoi = new Map<string, string>();
  private readonly byOpenAlex = new Map<string, string>();
  private groups?: Map<string, WorkMember[]>;

  constructor(members: readonly WorkMember[]) {
    for (const m of members) {
      this.byId.set(m.id, m);
      this.parent.set(m.id, m.id);
      if (m.doi) this.byDoi.set(m.doi, m.id);
    }
    // Records carrying one OpenAlex work id are versions of that work.
    for (const m of members) {
      if (!m.openalex_id) continue;
      const first = this.byOpenAlex.get(m.openalex_id);
      if (first === undefined) this.byOpenAlex.set(m.openalex_id, m.id);
      else this.union(m.id, first);
    }
    const byKey = new Map<string, WorkMember[]>();
    for (const m of members) {
      if (!m.work_key) continue;
      const list = byKey.get(m.work_key) ?? [];
      list.push(m);
      byKey.set(m.work_key, list);
    }
    for (const list of byKey.values()) {
      const dated = list.filter((m) => m.year !== null).sort((a, b) => a.year! - b.year!);
      for (let i = 1; i < dated.length; i++) if (dated[i]!.year! - dated[i - 1]!.year! <= 1) this.union(dated[i]!.id, dated[i - 1]!.id);
      const undated = list.filter((m) => m.year === null);
      for (let i = 1; i < undated.length; i++) this.union(undated[i]!.id, undated[0]!.id);
    }
  }

  /** Records that `id` names as another version of itself (by DOI or work id), when they are among the members. */
  link(id: string, to: { ref_doi: string | null; ref_openalex_id: string | null }): void {
    const other = (to.ref_doi && this.byDoi.get(to.ref_doi)) || (to.ref_openalex_id && this.byOpenAlex.get(to.ref_openalex_id));
    if (other && this.byId.has(id) && other !== id) {
      this.union(id, other);
      this.groups = undefined;
    }
  }

  of(id: string): WorkGroup {
    this.groups ??= this.collect();
    const members = this.groups.get(this.find(id))!;
    return {
      workId: members.reduce((min, m) => (m.id < min ? m.id : min), members[0]!.id),
      versionsOf: (self) =>
        members
          .filter((m) => m.id !== self)
          .sort((a, b) => (a.year ?? Infinity) - (b.year ?? Infinity) || (a.id < b.id ? -1 : 1))
          .map((m) => ({ id: m.id, venue_type: m.venue_type, doi: m.doi, year: m.year })),
    };
  }

  private collect(): Map<string, WorkMember[]> {
    const groups = new Map<string, WorkMember[]>();
    for (const m of this.byId.values()) {
      const root = this.find(m.id);
      const list = groups.get(root) ?? [];
      list.push(m);
      groups.set(root, list);
    }
    return groups;
  }

  private find(id: string): string {
    let root = id;
    while (this.parent.get(root) !== root) root = this.parent.get(root)!;
    for (let at = id; at !== root; ) {
      const next = this.parent.get(at)!;
      this.parent.set(at, root);
      at = next;
    }
    return root;
  }

  private union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  }
}
