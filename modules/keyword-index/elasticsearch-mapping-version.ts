import type { estypes } from '@elastic/elasticsearch';

/**
 * The version of the papers index definition (`infra/elasticsearch/papers-index.json`), kept in its
 * mapping's `_meta`. A strict mapping refuses documents with fields it does not know, and the
 * queries of a release rely on its fields and analyzers, so a release serves only an index built
 * from its own definition: `gx reindex` builds one and moves the alias to it. Raise the version with
 * any change to the settings or mappings.
 */
export const MAPPING_VERSION_KEY = 'mapping_version';
/** Indices created before the definition carried a version. */
const UNVERSIONED = 1;

export function mappingVersionOf(mappings: estypes.MappingTypeMapping | undefined): number {
  const version = mappings?._meta?.[MAPPING_VERSION_KEY];
  return typeof version === 'number' ? version : UNVERSIONED;
}

/** The index behind the alias was built from another definition than this release's. */
export class IndexMappingVersionError extends Error {
  constructor(
    readonly index: string,
    readonly served: number,
    readonly needed: number,
  ) {
    super(`Elasticsearch index ${index} has mapping version ${served}, this release needs ${needed}: run gx reindex`);
    this.name = 'IndexMappingVersionError';
  }
}

/** Throws `IndexMappingVersionError` for an index of the answer (`GET <alias>/_mapping`) built from another definition. */
export function checkMappingVersions(served: estypes.IndicesGetMappingResponse, needed: number): void {
  for (const [index, { mappings }] of Object.entries(served)) {
    const version = mappingVersionOf(mappings);
    if (version !== needed) throw new IndexMappingVersionError(index, version, needed);
  }
}
