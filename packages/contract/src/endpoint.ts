import { z } from 'zod';

/** Who may call an endpoint. The server enforces it; the client uses it to decide whether to send the token. */
export type Access = 'public' | 'signedIn' | 'admin' | 'sudo';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  method: Method;
  /** Path under the API base (`/api`), exactly as docs/product.md section 7 names it. */
  path: string;
  access: A;
  summary: string;
  query?: Q;
  body?: B;
  /** Schema of `payload` in the `{ payload, msg? }` envelope. */
  response: R;
  /**
   * Public reads that show more to the club's own admins (drafts, inactive items) when the caller
   * chooses to send its token; without one they answer what the public sees.
   */
  optionalAuth?: boolean;
  /** The answer is a file (a download), not the JSON envelope. */
  binary?: boolean;
  /** Multipart endpoints take a file upload instead of a JSON body. */
  multipart?: boolean;
  /**
   * A public write counted against the caller's address (docs/product.md section 18): past
   * PUBLIC_WRITE_LIMIT calls a minute it answers 429 RATE_LIMITED with Retry-After, before anything
   * is read or written. `signUp` is also held to SIGN_UPS_PER_HOUR per address.
   */
  rateLimit?: 'publicWrite' | 'signUp';
  /**
   * With `rateLimit`: the call counts only when its query carries this field, not blank (a public
   * read that, asked with an access code, tells whether the code is right).
   */
  rateLimitOnlyWith?: string;
  /**
   * An admin endpoint door staff (role 5) may call too, within the events they work; every other
   * admin endpoint answers them 403 at the route gate (docs/product.md section 20, docs/decisions/0032-door-staff.md).
   */
  staff?: boolean;
}

/** Sign-ups (POST /auth/register) one client address may make in an hour (docs/product.md section 18). */
export const SIGN_UPS_PER_HOUR = 5;

export function defineEndpoint<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
>(endpoint: Endpoint<Q, B, R, A>): Endpoint<Q, B, R, A> {
  return endpoint;
}

export type QueryOf<E> =
  E extends Endpoint<infer Q, z.ZodType | undefined, z.ZodType, Access>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;
export type BodyOf<E> =
  E extends Endpoint<z.ZodType | undefined, infer B, z.ZodType, Access>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type PayloadOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer R, Access> ? z.output<R> : never;

/** Every JSON response: `{ payload, msg? }` (docs/product.md section 12). */
export function envelope<T extends z.ZodType>(payload: T) {
  return z.object({ payload, msg: z.string().optional() });
}

export const ZErrorCode = z.enum([
  'BAD_INPUT',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_LARGE',
  'SOLD_OUT',
  'ALREADY_CHECKED_IN',
  /** A ticket or voucher of a cancelled (refunded) registration, scanned at the door. */
  'CANCELLED',
  /** Un-redeeming an extras voucher that is not redeemed (docs/decisions/0035-offline-door.md). */
  'NOT_REDEEMED',
  'RATE_LIMITED',
  'PAYMENT_FAILED',
  'UNAVAILABLE',
  'INTERNAL',
]);
export type TErrorCode = z.infer<typeof ZErrorCode>;

/** Status for an expired token (docs/product.md section 9). */
export const TOKEN_EXPIRED_STATUS = 440;

/** The HTTP status of each error code: the one place an error's status is decided. */
export const ERROR_STATUS = {
  BAD_INPUT: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: TOKEN_EXPIRED_STATUS,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  SOLD_OUT: 409,
  ALREADY_CHECKED_IN: 409,
  CANCELLED: 409,
  NOT_REDEEMED: 409,
  RATE_LIMITED: 429,
  PAYMENT_FAILED: 402,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<TErrorCode, number>;

export const ZErrorResponse = z.object({
  msg: z.string(),
  code: ZErrorCode,
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
