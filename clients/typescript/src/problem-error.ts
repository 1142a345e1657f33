import type { components as PublicComponents } from './generated/public-door';
import type { components as DataApiComponents } from './generated/data-api';

/** A door's codes, from its document's `ProblemCode` and `ProblemCodeFamily` schemas (`missing_field:email`). */
type CodesOf<Schemas> =
  | (Schemas extends { ProblemCode: infer Code extends string } ? Code : never)
  | (Schemas extends { ProblemCodeFamily: infer Family extends string } ? `${Family}:${string}` : never);

/** Every code a problem answer of the public door may carry, as its OpenAPI document lists them. */
export type PublicProblemCode = CodesOf<PublicComponents['schemas']>;
/** Every code a problem answer of the data API may carry, as its OpenAPI document lists them. */
export type DataApiProblemCode = CodesOf<DataApiComponents['schemas']>;
/** The codes of both doors. */
export type ProblemCode = PublicProblemCode | DataApiProblemCode;

/** The RFC 9457 body of every error of both doors (`application/problem+json`), with its extensions. */
export type Problem = PublicComponents['schemas']['Problem'] | DataApiComponents['schemas']['Problem'];

/** What openapi-fetch answers: `data` on success, `error` (the parsed body, if any) otherwise. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The data of a successful answer. */
export type DataOf<R extends FetchResult> = Exclude<R['data'], undefined>;

/** An answer that is not a success and not a problem body (a proxy's HTML page, an empty 502). */
export class UnexpectedResponseError extends Error {
  constructor(
    readonly response: Response,
    /** The body as openapi-fetch read it: parsed JSON, text, or undefined when empty. */
    readonly body: unknown,
  ) {
    super(`HTTP ${response.status} without a problem body from ${response.url || 'the server'}`);
    this.name = 'UnexpectedResponseError';
  }

  get status(): number {
    return this.response.status;
  }
}

/** An error answer of either door: its problem body, with `code` typed as the door's codes. */
export class ProblemError<Code extends string = ProblemCode> extends Error {
  readonly status: number;
  readonly code: Code;
  readonly type: string;
  readonly title: string;
  readonly detail: string;

  constructor(
    /** The whole body, extensions included (`accepted_parameters`, `violated-policies`, …). */
    readonly problem: Problem & { code: Code },
    readonly response: Response,
  ) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
    this.name = 'ProblemError';
    this.status = problem.status;
    this.code = problem.code;
    this.type = problem.type;
    this.title = problem.title;
    this.detail = problem.detail;
  }

  /** The id to quote when reporting the problem (also the `X-Request-Id` header). */
  get requestId(): string | undefined {
    return this.problem.request_id ?? this.response.headers.get('X-Request-Id') ?? undefined;
  }

  /** Seconds the server asked to wait (`Retry-After` in seconds), when it did. */
  get retryAfterSeconds(): number | undefined {
    const value = this.response.headers.get('Retry-After');
    return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
  }
}

const isProblemBody = (body: unknown): body is Problem =>
  typeof body === 'object' && body !== null && typeof (body as Problem).code === 'string' && typeof (body as Problem).status === 'number';

/** The error of a failed answer, as a ProblemError (or an UnexpectedResponseError); undefined on success. */
export function errorOf(result: FetchResult): ProblemError | UnexpectedResponseError | undefined {
  if (result.response.ok) return undefined;
  return isProblemBody(result.error) ? new ProblemError(result.error as Problem & { code: ProblemCode }, result.response) : new UnexpectedResponseError(result.response, result.error);
}

/**
 * The data of an answer, or its error thrown: `const page = await unwrap(client.GET(…))`.
 * Throws a ProblemError for a problem+json answer, an UnexpectedResponseError for any other failure.
 */
export async function unwrap<R extends FetchResult>(result: R | Promise<R>): Promise<DataOf<R>> {
  const answer = await result;
  const error = errorOf(answer);
  if (error) throw error;
  return answer.data as DataOf<R>;
}

/** Narrows an error to a ProblemError, of one of `codes` when given: `if (isProblem(err, 'invalid_limit'))`. */
export function isProblem<Code extends ProblemCode>(error: unknown, ...codes: Code[]): error is ProblemError<Code> {
  return error instanceof ProblemError && (codes.length === 0 || (codes as string[]).includes(error.code));
}
