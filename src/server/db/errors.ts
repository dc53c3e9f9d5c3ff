/** The SQLSTATE of a database error, looking through drizzle's query error to the driver's; null for any other error. */
export function sqlStateOf(err: unknown): { code: string; constraint: string | null } | null {
  let e = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint: typeof constraint === 'string' ? constraint : null };
    e = cause;
  }
  return null;
}

/**
 * The constraint a unique violation (SQLSTATE 23505) broke (both drivers report code and
 * constraint); null for any other error.
 */
export function uniqueViolation(err: unknown): string | null {
  const state = sqlStateOf(err);
  return state?.code === '23505' ? (state.constraint ?? '') : null;
}
