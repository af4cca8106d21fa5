import type { TErrorCode } from '@clubtix/contract';

/** The one error type services throw (docs/architecture.md convention 6). */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    readonly status: number,
    message: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

/**
 * 429 RATE_LIMITED: over a limit of docs/product.md section 18. The answer carries Retry-After, the
 * seconds until a new try can succeed, so scripts and proxies back off without reading the message.
 */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', 429, message);
  }
}

export const badInput = (message: string, pathName?: string) =>
  new AppError('BAD_INPUT', 400, message, pathName ? [{ path: pathName, message }] : undefined);
/**
 * A row is still named by another table (PostgreSQL 23503), as a ticket type is by the attendees
 * that hold it. Beside isUniqueViolation of db/errors.ts in spirit; repos turn it into a refusal.
 */
/** A 400 about one field, worded as the schema validation words it (`field: message`). */
export const fieldError = (pathName: string, message: string) =>
  new AppError('BAD_INPUT', 400, `${pathName}: ${message}`, [{ path: pathName, message }]);
export const notFound = (what: string) => new AppError('NOT_FOUND', 404, `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', 403, message);
/** 409 SOLD_OUT: not enough left (tickets, extras, a sponsorship package); nothing was held. */
export const soldOut = (message: string) => new AppError('SOLD_OUT', 409, message);
export const conflict = (message: string, pathName?: string) =>
  new AppError('CONFLICT', 409, message, pathName ? [{ path: pathName, message }] : undefined);
