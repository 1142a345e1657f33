/**
 * A CLI failure's real cause in one line: an Error's message (with its cause when the message does
 * not already say it), the code and inner errors of an AggregateError without a message (a refused
 * connection to every address of a host), and a value that is not an Error, even `undefined`.
 */
export function describeFailure(err: unknown): string {
  const text = describe(err, 0);
  return text.replace(/\s*[\r\n]+\s*/g, ' | ').trim() || 'failed without giving a reason';
}

function describe(err: unknown, depth: number): string {
  if (err === undefined || err === null) return `failed without giving a reason (a rejection with ${String(err)})`;
  if (!(err instanceof Error)) {
    if (typeof err === 'string') return err;
    try {
      return `failed with a value that is not an error: ${JSON.stringify(err) ?? String(err)}`;
    } catch {
      return `failed with a value that is not an error: ${String(err)}`;
    }
  }
  const code = (err as { code?: unknown }).code;
  let text = err.message;
  if (!text) {
    const inner = err instanceof AggregateError ? err.errors.map((e) => describe(e, depth + 1)).filter(Boolean) : [];
    text = [typeof code === 'string' ? code : undefined, ...new Set(inner)].filter(Boolean).join(': ') || `${err.name} without a message`;
  }
  if (err.cause !== undefined && depth < 3) {
    const cause = describe(err.cause, depth + 1);
    if (cause && !text.includes(cause)) text += `: ${cause}`;
  }
  return text;
}
