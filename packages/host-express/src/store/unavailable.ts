/** The store cannot be reached (the host answers 503 and retries on the next request). */
export class StoreUnavailableError extends Error {
  override readonly name: string = 'StoreUnavailableError';
}

/** A statement ran past STATEMENT_TIMEOUT_MS and was stopped (answered 503 with Retry-After). */
export class StatementTimeoutError extends StoreUnavailableError {
  override readonly name = 'StatementTimeoutError';
}

// Network-level failures and the SQLSTATEs that mean "the server is not there (right now)".
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection (?:is )?closed/i,
  /cannot use a pool after calling end/i,
  /client has encountered a connection error/i,
  /PGlite is closed/i,
  /instance is already closed/i,
];

/**
 * Whether an error means the database is unreachable (503, try again) rather than a bug (500).
 * Class 08 SQLSTATEs are connection exceptions.
 */
export function isStoreUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof StoreUnavailableError) return true;
    if (typeof e !== 'object') return false;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))
    ) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return true;
    if (e instanceof AggregateError && e.errors.some(isStoreUnavailable)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** PostgreSQL's SQLSTATE for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/** Whether an error is a statement stopped by its timeout (PostgreSQL's or the embedded store's). */
export function isStatementTimeout(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof StatementTimeoutError || (e as { code?: unknown }).code === QUERY_CANCELED) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
