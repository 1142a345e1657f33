import { z } from 'zod';

/** One release as `GET /api/v1/releases` lists it. */
export const releaseSchema = z
  .object({
    id: z.string().meta({ description: 'The release id: quote it with a citation, and pass it as `as_of` to have the same answers again.', example: '2026-11-28' }),
    cut_at: z.iso.datetime().meta({ description: 'ISO 8601 UTC time the release was cut.' }),
    papers: z.number().int().meta({ description: 'Papers in the corpus as of the release.' }),
    added: z.number().int().meta({ description: 'Papers added since the previous release (every paper, for the first).' }),
    changed: z.number().int().meta({ description: 'Papers whose record changed since the previous release (a corrected field, a new citation count, a version found).' }),
    removed: z.number().int().meta({ description: 'Papers removed since the previous release.' }),
    kept_until: z.iso.datetime().nullable().meta({ description: 'Until when answers as of this release are kept (null: the latest release, kept while it is the latest). After it, `as_of` this release is 410 `release_expired`.' }),
  })
  .meta({ id: 'Release' });
export type Release = z.infer<typeof releaseSchema>;

export const releaseListSchema = z
  .object({
    latest: z.string().nullable().meta({ description: 'The latest release: what answers without `as_of` build on (null before the first).' }),
    oldest_kept: z.string().nullable().meta({ description: 'The oldest release `as_of` may still name.' }),
    retention_days: z.number().int().meta({ description: 'How long a release is kept after the next one is cut.' }),
    data: z.array(releaseSchema).meta({ description: 'Every release still kept, newest first.' }),
  })
  .meta({ id: 'ReleaseList' });
export type ReleaseList = z.infer<typeof releaseListSchema>;

