import type { Endpoint, PayloadOf, QueryOf } from '@clubtix/contract';
import { showToast } from '../toasts/toasts';
import { currentLanguage, i18n } from '../i18n/i18n';
import { ApiError, networkErrorMessage } from './api-error';
import { authorizationFor, buildUrl, failedResponse, readEnvelope, SUPPRESS_TOAST_HEADER } from './client';

/**
 * File transfers that report progress, which `fetch` cannot do for uploads and `callApi` does not
 * do for downloads. Errors take the same path as every other call: the toast, the sign-out on an
 * ended session, and a typed ApiError for the caller.
 */

const downloadInterruptedMessage = () => i18n.t('common:apiError.downloadInterrupted');

/** Bytes so far and, when the server said, how many to expect. */
export type TransferProgress = (done: number, total: number | null) => void;

function parseJson(text: string): unknown {
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

function unreachable(suppressToast: boolean | undefined, message = networkErrorMessage()): ApiError {
  if (!suppressToast) showToast('error', message);
  return new ApiError(0, 'UNAVAILABLE', message);
}

interface DownloadOptions<E> {
  query: QueryOf<E>;
  onProgress?: TransferProgress;
  signal?: AbortSignal;
  suppressToast?: boolean;
}

/** GET of an endpoint marked `binary`: reads the body as a stream, counting bytes, into a Blob. */
export async function downloadFile<E extends Endpoint>(endpoint: E, options: DownloadOptions<E>): Promise<Blob> {
  const headers = new Headers({ 'Accept-Language': currentLanguage() });
  const authorization = authorizationFor(endpoint);
  if (authorization) headers.set('Authorization', authorization);
  if (options.suppressToast) headers.set(SUPPRESS_TOAST_HEADER, 'true');

  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint.path, options.query), { headers, signal: options.signal ?? null });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw unreachable(options.suppressToast);
  }
  if (!response.ok) {
    throw failedResponse(
      response.status,
      parseJson(await response.text()),
      authorization !== null,
      options.suppressToast,
    );
  }

  // A compressed body's Content-Length counts compressed bytes, while the stream yields the
  // decompressed ones: a percentage from the two would pass 100.
  const length = Number(response.headers.get('content-length'));
  const total = !response.headers.get('content-encoding') && length > 0 ? length : null;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  options.onProgress?.(0, total);
  try {
    if (!response.body) return await response.blob();
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      options.onProgress?.(received, total);
    }
  } catch (error) {
    if (isAbort(error)) throw error;
    throw unreachable(options.suppressToast, downloadInterruptedMessage());
  }
  return new Blob(chunks, { type });
}

interface UploadOptions {
  onProgress?: TransferProgress;
  signal?: AbortSignal;
  suppressToast?: boolean;
}

/** Multipart POST to an endpoint marked `multipart`, with upload progress from XMLHttpRequest. */
export function uploadWithProgress<E extends Endpoint>(
  endpoint: E,
  fields: Record<string, string | Blob>,
  options: UploadOptions = {},
): Promise<PayloadOf<E>> {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  const authorization = authorizationFor(endpoint);

  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, buildUrl(endpoint.path, undefined));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    if (authorization) xhr.setRequestHeader('Authorization', authorization);
    if (options.suppressToast) xhr.setRequestHeader(SUPPRESS_TOAST_HEADER, 'true');
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.lengthComputable ? event.total : null);
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(readEnvelope<E>(xhr.status, data, options.suppressToast).payload);
      } else {
        reject(failedResponse(xhr.status, data, authorization !== null, options.suppressToast));
      }
    };
    xhr.onerror = () => reject(unreachable(options.suppressToast));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formData);
  });
}
