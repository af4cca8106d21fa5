import {
  endpoints,
  TOKEN_EXPIRED_STATUS,
  type BodyOf,
  type Endpoint,
  type PayloadOf,
  type QueryOf,
} from '@clubtix/contract';
import { showToast } from '../toasts/toasts';
import { getSession, signOutLocally } from '../session/session';
import { ApiError, errorTitle, networkErrorMessage, toApiError } from './api-error';
import { currentLanguage, i18n } from '../i18n/i18n';
import { beginProgress } from './progress';
import { shouldSendToken } from './token-policy';

/** Same origin by default (docs/product.md section 10); VITE_API_BASE_URL points elsewhere at build time. */
export const API_BASE_URL = (import.meta.env.VITE_API_BASE_URL || '/api').replace(/\/+$/, '');

export const SUPPRESS_TOAST_HEADER = 'X-Suppress-Toast';

interface CommonOptions {
  /** No toast for this call's errors or messages; the caller shows its own feedback. */
  suppressToast?: boolean;
  signal?: AbortSignal;
  /**
   * Send the token on a public read of docs/product.md section 6's token-free list that is marked
   * `optionalAuth`, so a club's admins see their drafts and inactive items. Admin screens set it;
   * public pages never do.
   */
  asManager?: boolean;
}

type QueryPart<E> = [QueryOf<E>] extends [undefined] ? { query?: undefined } : { query: QueryOf<E> };
type BodyPart<E> = [BodyOf<E>] extends [undefined] ? { body?: undefined } : { body: BodyOf<E> };

export type CallOptions<E> = CommonOptions & QueryPart<E> & BodyPart<E>;

// Options are optional only for endpoints that take neither query nor body.
type CallArgs<E> = [QueryOf<E>] extends [undefined]
  ? [BodyOf<E>] extends [undefined]
    ? [options?: CallOptions<E>]
    : [options: CallOptions<E>]
  : [options: CallOptions<E>];

export interface ApiResult<P> {
  payload: P;
  msg: string | undefined;
  headers: Headers;
}

interface ClientHooks {
  /** Called after a 440 (or a rejected token) has signed the user out locally. */
  onSessionEnded: () => void;
}

let hooks: ClientHooks = { onSessionEnded: () => undefined };

/** Wires the client to the app (navigation to sign-in) without the client importing the router. */
export function configureApiClient(next: ClientHooks): void {
  hooks = next;
}

export function buildUrl(path: string, query: unknown): string {
  const url = `${API_BASE_URL}${path}`;
  if (typeof query !== 'object' || query === null) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The ApiError for a failed response, after the toast and, for an ended session, the sign-out.
 * Shared with the upload and download helpers, which cannot go through fetch-and-JSON `send`.
 */
export function failedResponse(
  status: number,
  data: unknown,
  sentToken: boolean,
  suppressToast: boolean | undefined,
): ApiError {
  const error = toApiError(status, data);
  // 440 is the expired token of docs/product.md section 8. A 401 on a call that carried a token means
  // the token is no longer accepted (secret rotated, user removed): same outcome for the user.
  // Only calls that require the token can answer 440 or 401 for it: the server ignores a token on
  // other public calls, and optionalAuth reads answer a bad one as a visitor, so a visitor of a
  // public page is never sent to sign-in.
  const sessionEnded = status === TOKEN_EXPIRED_STATUS || (status === 401 && sentToken);
  if (!suppressToast) showToast('error', error.msg, errorTitle(status));
  if (sessionEnded) {
    signOutLocally();
    hooks.onSessionEnded();
  }
  return error;
}

/** Payload and message of a successful `{ payload, msg? }` answer; the message shows as a toast. */
export function readEnvelope<E extends Endpoint>(
  status: number,
  data: unknown,
  suppressToast: boolean | undefined,
): { payload: PayloadOf<E>; msg: string | undefined } {
  const envelope = typeof data === 'object' && data !== null ? (data as { payload?: unknown; msg?: unknown }) : {};
  const msg = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : undefined;
  if (msg && !suppressToast) showToast(status >= 200 && status < 300 ? 'success' : 'info', msg);
  // The server serialises payloads with the same contract schema, so the type holds by construction.
  return { payload: envelope.payload as PayloadOf<E>, msg };
}

/** The Authorization header value for a call, or null when the call goes without the token. */
export function authorizationFor(endpoint: Endpoint, asManager = false): string | null {
  const { token } = getSession();
  return shouldSendToken(endpoint, token !== null, asManager) ? `Bearer ${token}` : null;
}

interface SendInput {
  query?: unknown;
  body?: unknown;
  formData?: FormData;
  suppressToast?: boolean | undefined;
  signal?: AbortSignal | undefined;
  asManager?: boolean | undefined;
}

/**
 * A call that needs sign-in made while signed out (no token, docs/product.md section 4) would only come
 * back 401, so it is not sent. Such calls come from a page still on screen while the app leaves it
 * for sign-in: after Sign out, whose one server call is made before the token is let go, or after
 * the server refused the token, which its own toast has said. So this failure shows no toast of its own.
 */
export function isRefusedWhileSignedOut(endpoint: Pick<Endpoint, 'access'>, hasToken: boolean): boolean {
  return endpoint.access !== 'public' && !hasToken;
}

async function send<E extends Endpoint>(endpoint: E, input: SendInput): Promise<ApiResult<PayloadOf<E>>> {
  if (isRefusedWhileSignedOut(endpoint, getSession().token !== null)) {
    // What the server answers a call that needs sign-in and comes without a token.
    throw new ApiError(401, 'UNAUTHENTICATED', i18n.t('common:apiError.signInNeeded'));
  }
  // The server answers its messages in the language the person picked (docs/product.md section 22).
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  const authorization = authorizationFor(endpoint, input.asManager === true);
  const sendsToken = authorization !== null;
  if (authorization) headers.set('Authorization', authorization);
  if (input.suppressToast) headers.set(SUPPRESS_TOAST_HEADER, 'true');
  let body: BodyInit | undefined;
  if (input.formData) {
    body = input.formData;
  } else if (input.body !== undefined && endpoint.method !== 'GET') {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(input.body);
  }

  const endProgress = beginProgress();
  try {
    let response: Response;
    try {
      response = await fetch(
        buildUrl(endpoint.path, endpoint.method === 'GET' || input.formData ? input.query : undefined),
        {
          method: endpoint.method,
          headers,
          body,
          signal: input.signal ?? null,
        },
      );
    } catch (error) {
      // Cancellation is the caller's decision, not a failure to report.
      if (isAbort(error)) throw error;
      const message = networkErrorMessage();
      if (!input.suppressToast) showToast('error', message);
      throw new ApiError(0, 'UNAVAILABLE', message);
    }

    const data = await readBody(response);
    if (!response.ok) {
      // A refusal of a token this browser has replaced meanwhile (its own password change answered
      // a new one) is about a session already over: it neither signs out nor shows a toast.
      const replaced = sendsToken && authorization !== authorizationFor(endpoint, input.asManager === true);
      const refusedToken = response.status === 401 || response.status === TOKEN_EXPIRED_STATUS;
      const stale = replaced && refusedToken;
      throw failedResponse(response.status, data, sendsToken && !stale, input.suppressToast || stale);
    }
    return { ...readEnvelope<E>(response.status, data, input.suppressToast), headers: response.headers };
  } finally {
    endProgress();
  }
}

/** Calls an endpoint of the contract table and resolves with its payload. */
export async function callApi<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<PayloadOf<E>> {
  const result = await callApiWithMeta(endpoint, ...args);
  return result.payload;
}

/** Like callApi, with the message and response headers (sign-in reads its token from them). */
export function callApiWithMeta<E extends Endpoint>(
  endpoint: E,
  ...args: CallArgs<E>
): Promise<ApiResult<PayloadOf<E>>> {
  const options: CommonOptions & { query?: unknown; body?: unknown } = args[0] ?? {};
  return send(endpoint, options);
}

/** Multipart upload to an endpoint marked `multipart` in the contract. */
export function uploadFile<E extends Endpoint>(
  endpoint: E,
  fields: Record<string, string | Blob>,
  options: CommonOptions & { query?: QueryOf<E> } = {},
): Promise<PayloadOf<E>> {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return send(endpoint, { ...options, formData }).then((result) => result.payload);
}

/** POST /media/uploadImage: a JPEG or PNG in the field `file`; resolves with its media URL. */
export function uploadImage(
  file: File,
  options: CommonOptions = {},
): Promise<PayloadOf<typeof endpoints.system.uploadImage>> {
  return uploadFile(endpoints.system.uploadImage, { file }, options);
}

/** POST /sponsorship/uploadLogo: a visitor's logo for sponsoring the event; resolves with its media URL. */
export function uploadSponsorLogo(
  eventId: string,
  file: File,
): Promise<PayloadOf<typeof endpoints.sponsorship.uploadLogo>> {
  return uploadFile(endpoints.sponsorship.uploadLogo, { file }, { query: { eventId } });
}

/** The token from an `authorization: Bearer <token>` response header. */
export function bearerToken(headers: Headers): string | null {
  const value = headers.get('authorization');
  if (!value) return null;
  const token = value.replace(/^Bearer\s+/i, '').trim();
  return token || null;
}
