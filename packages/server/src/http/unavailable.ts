/** Seconds a client is told to wait (Retry-After) while the database or storage is away. */
export const RETRY_AFTER_SECONDS = 5;

// Node's codes for a peer that is not there (database, S3 endpoint).
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
// PostgreSQL: the server is shutting down, starting up, or out of connection slots.
const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection is not open',
  'the database system is',
];

/**
 * True when an error says a backing service (PostgreSQL, SQLite's lock, the S3 endpoint)
 * is unreachable for now rather than that the request was wrong: the request gets a 503
 * with Retry-After and succeeds once the service is back.
 */
export function isUnavailableError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; $metadata?: { httpStatusCode?: number } };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || PG_CODES.has(code) || code.startsWith('08') || code === 'SQLITE_BUSY') return true;
  if (e.$metadata?.httpStatusCode === 503) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (MESSAGES.some((m) => message.includes(m))) return true;
  // AggregateError (a refused connection tried on IPv4 and IPv6) and wrapped causes.
  if (Array.isArray(e.errors) && e.errors.some((inner) => isUnavailableError(inner, depth + 1))) return true;
  return isUnavailableError(e.cause, depth + 1);
}
