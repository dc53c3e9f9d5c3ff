/**
 * The constraint a unique violation (SQLSTATE 23505) broke, looking through drizzle's query
 * error to the driver's (both drivers report code and constraint); null for any other error.
 */
export function uniqueViolation(err: unknown): string | null {
  let e = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = cause;
  }
  return null;
}
