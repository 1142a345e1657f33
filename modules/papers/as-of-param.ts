import { z } from 'zod';
import { param } from '../../shared/agents/agent-tool';
import { coded, rule, text } from '../../shared/http/param-schemas';

/** A release id: what `X-Dataset-Version` names and `as_of` takes (releases: modules/releases). */
export const RELEASE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * `as_of`: the dataset release an endpoint about papers answers as of (both doors); absent, the
 * corpus as it is now. Malformed: 400 `invalid_as_of`; never cut: 400 `unknown_release`; past its
 * retention: 410 `release_expired` (modules/releases resolves it).
 */
export const asOfParam = coded(
  text().check(rule<string>((v) => RELEASE_ID.test(v), 'as_of is a release id: 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit (the X-Dataset-Version of an answer; GET /api/v1/releases lists them).')),
  'invalid_as_of',
  {
    description:
      'Answer over the corpus as it was in this release (the `X-Dataset-Version` of an earlier answer; `GET /api/v1/releases` lists them): papers added later are absent, papers changed later show their record of then, removed ones are back. The same request with the same `as_of` returns the same bytes for as long as the release is kept; an unknown release is 400 `unknown_release`, one past its retention 410 `release_expired`. Absent: the corpus as it is now.',
    example: '2026-11-28',
  },
).optional();

/** The query of an endpoint whose only parameter is `as_of` (a paper by id, a batch lookup). */
export const asOfQuerySchema = z.object({ as_of: asOfParam });

/** `as_of` as the MCP tools take it (JSON types; the HTTP layer enforces the rule). */
export const AS_OF_TOOL_PARAM = param.optionalText({
  description: 'A dataset release id (an X-Dataset-Version, e.g. "2026-11-28"): answer over the corpus as it was in that release, the same answer every time. Omit it for the corpus now. Unknown release: tool error unknown_release; past its retention: release_expired.',
  pattern: RELEASE_ID.source,
});
