type DriverError = { code?: unknown; constraint?: unknown; cause?: unknown };

/** The driver's error, whether drizzle wrapped it or not (node-postgres and PGlite both carry `code`). */
function driverError(error: unknown): DriverError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as DriverError;
    if (typeof candidate.code === 'string') return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** The name of the violated unique constraint, or undefined when the error is something else. */
export function isUniqueViolation(error: unknown): string | undefined {
  const found = driverError(error);
  if (found?.code !== '23505') return undefined;
  return typeof found.constraint === 'string' ? found.constraint : 'unknown';
}

/**
 * The reason a statement refused to go on with `refuse(reason)` (a function of the migrations,
 * SQLSTATE MKR01), or undefined when the error is something else.
 */
export function refusalReason(error: unknown): string | undefined {
  const found = driverError(error) as (DriverError & { message?: unknown }) | undefined;
  if (found?.code !== 'MKR01') return undefined;
  return typeof found.message === 'string' ? found.message : '';
}

/**
 * Connection-level SQLSTATEs and socket errors: the database is down, restarting, refusing
 * connections or gone from under a connection. Nothing about the request is wrong, so it is
 * answered 503 (try again) rather than 500.
 */
const UNAVAILABLE_CODES = new Set([
  // Sockets: nothing listens, the connection was cut, the host cannot be reached or resolved.
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, recovering).
  '57P01',
  '57P02',
  '57P03',
  // query_canceled: the statement timeout (or an operator) stopped a statement.
  '57014',
  // too_many_connections.
  '53300',
]);

/** What node-postgres and its pool say when a connection could not be made or was lost. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * The error, or the cause inside it, that says the database cannot be reached now (down,
 * restarting, connection lost, timed out; SQLSTATE class 08, connection exception, included),
 * whether drizzle wrapped it or not; undefined for any other error.
 */
export function databaseUnavailableCause(
  error: unknown,
): { code?: string; message: string } | undefined {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 16) {
    const current = pending.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as DriverError & {
      message?: unknown;
      errors?: unknown;
    };
    const text = typeof message === 'string' ? message : '';
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) {
      return { code, message: text };
    }
    if (UNAVAILABLE_MESSAGES.includes(text)) return { message: text };
    pending.push(cause);
    // Connecting to a name with several addresses fails with one error per address.
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return undefined;
}
