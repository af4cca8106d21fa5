/** PostgreSQL's error code is on the error itself or on the cause Drizzle wraps it in. */
function hasCode(error: unknown, code: string): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === code || cause?.code === code;
}

/** A unique index refused a row: two requests raced past a service's own check (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, '23505');
}

/** A row is still referenced by another (PostgreSQL 23503): it is in use. */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, '23503');
}

/** A CHECK constraint refused a row (PostgreSQL 23514). */
export function isCheckViolation(error: unknown): boolean {
  return hasCode(error, '23514');
}
