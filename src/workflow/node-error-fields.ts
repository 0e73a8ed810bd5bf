/**
 * The `errorCode` of a failed node's error event (Python `type(e).__name__`):
 * the error's `name` when it is its own (this package's errors, `TypeError`),
 * else its class's name, so `class QuotaError extends Error {}` reads
 * `QuotaError`. Values thrown that are not errors read `Error`.
 */
export function errorCode(error: unknown): string {
  if (!(error instanceof Error)) return 'Error';
  if (error.name && error.name !== 'Error') return error.name;
  const className = (error.constructor as { name?: unknown } | undefined)?.name;
  return typeof className === 'string' && className ? className : 'Error';
}

/** The `errorMessage` of a failed node's error event (Python `str(e)`). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
