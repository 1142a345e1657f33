import type { ServerResponse } from 'node:http';
import type { KeywordIndex } from '../keyword-index';
import { PaperGraphPages } from '../papers';
import type { Releases, ReleaseView } from './releases';

export const DATASET_VERSION_HEADER = 'X-Dataset-Version';

/** An answer as of a release never changes: caches, the gateway's edge cache too, may keep it a day (the release is kept far longer). */
export const AS_OF_CACHE_CONTROL = 'public, max-age=86400, s-maxage=86400';

/** What an answer is given as of: a release (`as_of`), or the corpus now (`view` undefined). */
export interface AnswerBasis {
  view?: ReleaseView;
  /** The `X-Dataset-Version` the answer carries: the release asked for, or what the corpus now is (`Releases.currentVersion`). */
  version: string;
  /** Sets the header on the response. */
  label(res: ServerResponse): void;
}

/** Resolves `as_of` (400/410 as `Releases.resolve` says) into what to answer from and how to label it. */
export async function answerBasis(releases: Releases, asOf: string | undefined): Promise<AnswerBasis> {
  const view = await releases.resolve(asOf);
  const version = view ? view.release.id : releases.currentVersion();
  return { view, version, label: (res) => res.setHeader(DATASET_VERSION_HEADER, version) };
}

/** The keyword index to search: the release's (503 while it is prepared), or the live one. */
export const keywordIndexFor = (releases: Releases, basis: AnswerBasis, live: KeywordIndex): KeywordIndex =>
  basis.view ? releases.keywordIndex(basis.view.release) : live;

/** A paper's references and cited-by pages: as of the release, or of the corpus now. */
export const pagesFor = (basis: AnswerBasis, live: PaperGraphPages): PaperGraphPages => (basis.view ? new PaperGraphPages(basis.view.corpus) : live);
