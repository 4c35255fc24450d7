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
