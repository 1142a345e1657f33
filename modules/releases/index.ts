/** Dataset releases: cutting them, answering as of one (`as_of`), the `X-Dataset-Version` of an answer, the releases list. */
export { releaseListSchema, releaseSchema, type Release, type ReleaseList } from './release.schema';
export { ReleaseNameError, type CutOutcome } from './release-cutter';
export { ReleaseCorpus } from './release-corpus';
export { cutDatasetRelease, Releases, type ReleaseVectorSource, type ReleaseView, type ReleasesSettings } from './releases';
export { releasesModule } from './releases.module';
export { RELEASES_PATH, releasesRoutes } from './releases.routes';
export { answerBasis, AS_OF_CACHE_CONTROL, DATASET_VERSION_HEADER, keywordIndexFor, pagesFor, type AnswerBasis } from './answer-as-of';
export { AS_OF_ERRORS, RELEASES_DESCRIPTION, releasesApiPaths } from './releases.openapi';
