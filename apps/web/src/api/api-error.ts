import { ZErrorResponse, type TErrorCode } from '@clubtix/contract';
import { i18n } from '../i18n/i18n';

export interface FieldError {
  path: string;
  message: string;
}

/** Every failed call rejects with this, so callers branch on status and code, never on text. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: TErrorCode;
  readonly msg: string;
  readonly errors: FieldError[];

  constructor(status: number, code: TErrorCode, msg: string, errors: FieldError[] = []) {
    super(msg);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.msg = msg;
    this.errors = errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

// Used when the body is not the documented error shape (a proxy's HTML page, an empty 502).
function fallbackCode(status: number): TErrorCode {
  if (status === 400) return 'BAD_INPUT';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 440) return 'TOKEN_EXPIRED';
  if (status === 503) return 'UNAVAILABLE';
  return 'INTERNAL';
}

/**
 * What a 429 says when its answer carries no message of its own (a proxy's refusal): what happened
 * and what to do, never "Something went wrong" (docs/product.md section 18).
 */
const rateLimitedMessage = () => i18n.t('common:apiError.rateLimited');

/**
 * The title of an error toast: an expected refusal (4xx) says what kind it is; only a failure of
 * the server or the network is "Something went wrong" (docs/decisions/0024-admin-screens-and-accessibility.md).
 */
export function errorTitle(status: number): string | undefined {
  if (status === 429) return i18n.t('common:apiError.rateLimitedTitle');
  if (status === 401 || status === 440) return i18n.t('common:apiError.signedOut');
  if (status === 403) return i18n.t('common:apiError.notAllowed');
  if (status === 404) return i18n.t('common:apiError.notFound');
  if (status === 413) return i18n.t('common:apiError.tooLarge');
  if (status >= 400 && status < 500) return i18n.t('common:apiError.notDone');
  return undefined;
}

/** Builds the ApiError for an error response from its status and (possibly unparseable) body. */
export function toApiError(status: number, body: unknown): ApiError {
  const parsed = ZErrorResponse.safeParse(body);
  if (parsed.success) {
    return new ApiError(status, parsed.data.code, parsed.data.msg, parsed.data.errors ?? []);
  }
  const msg =
    typeof body === 'object' && body !== null && 'msg' in body && typeof body.msg === 'string'
      ? body.msg
      : status === 429
        ? rateLimitedMessage()
        : i18n.t('common:apiError.serverFailed', { status: String(status) });
  return new ApiError(status, fallbackCode(status), msg);
}

/** What a call that reached no server says, in the language shown. */
export function networkErrorMessage(): string {
  return i18n.t('common:apiError.network');
}

/** networkErrorMessage() in English, for code and tests that compare with it. */
export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** Server field paths may carry a location prefix (`body.email`, `/email`); forms know only `email`. */
export function toFormPath(path: string): string {
  return path
    .replace(/^\//, '')
    .replace(/\//g, '.')
    .replace(/^(body|query|params)\./, '')
    .replace(/\[(\d+)\]/g, '.$1');
}

/** Field errors keyed by form path; the first message per field wins, as forms show one at a time. */
export function fieldErrors(error: ApiError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const item of error.errors) {
    const path = toFormPath(item.path);
    if (path && !(path in result)) result[path] = item.message;
  }
  return result;
}
