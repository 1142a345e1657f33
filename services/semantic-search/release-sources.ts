import type { Releases, ReleaseView } from '../../modules/releases';
import type { ReleaseSearchSources } from './semantic-search.service';

/** What the data API's search (and its export) read as of a release: its frozen keyword index, its vectors, its records. */
export const releaseSources = (releases: Releases, view: ReleaseView): ReleaseSearchSources => ({
  keywordIndex: () => releases.keywordIndex(view.release),
  vectors: () => releases.vectorSearch(view.release),
  papers: view.corpus,
});
