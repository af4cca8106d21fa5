import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { issueText, type TErrorCode, type TErrorResponse, type TLanguage } from '@clubtix/contract';
import { AppError, RateLimitedError } from '../core/errors';
import { requestLanguage, translate } from '../core/i18n';

interface ValidationEntry {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * The most field errors one answer lists: a 1 MiB body can hold 100,000 bad fields, and listing each
 * would answer megabytes (docs/decisions/0020). The first ones say what to fix.
 */
export const MAX_FIELD_ERRORS = 20;

/** Field paths as `a.b`; an issue with the whole body or query string is named after it (`body`). */
function validationErrors(error: FastifyError, language: TLanguage): { path: string; message: string }[] {
  const entries = ((error.validation ?? []) as ValidationEntry[]).slice(0, MAX_FIELD_ERRORS);
  return entries.map((entry) => ({
    path: (entry.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? ''),
    message: entry.message
      ? issueText({ ...entry.params, code: entry.keyword ?? 'custom', message: entry.message }, language)
      : translate(language, 'errors.is invalid'),
  }));
}

function describe(errors: { path: string; message: string }[], language: TLanguage): string {
  const first = errors[0];
  if (!first) return translate(language, 'errors.The request is not valid');
  return first.path ? `${first.path}: ${first.message}` : first.message;
}

const INTERNAL = 'errors.Something went wrong on our side. Please try again.';

const statusCodes: Record<number, TErrorCode> = {
  400: 'BAD_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'BAD_INPUT',
  406: 'BAD_INPUT',
  409: 'CONFLICT',
  413: 'TOO_LARGE',
  415: 'BAD_INPUT',
  429: 'RATE_LIMITED',
};

/** One error handler for the whole API: the envelope of docs/product.md section 12; a 5xx never shows internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    let status: number;
    let body: TErrorResponse;
    if (error instanceof AppError) {
      status = error.status;
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      body = { ...error.render(language), code: error.code };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(error, language);
      status = 400;
      body = { msg: describe(errors, language), code: 'BAD_INPUT', errors };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      status = 500;
      body = { msg: translate(language, INTERNAL), code: 'INTERNAL' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const code = statusCodes[status] ?? 'BAD_INPUT';
      const msg =
        status === 413
          ? translate(language, 'errors.The upload is too large')
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? translate(language, 'errors.Unsupported content type: send JSON')
            : translate(language, `errors.${error.message}`);
      body = { msg, code };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { msg: translate(language, INTERNAL), code: 'INTERNAL' };
    }
    return reply.code(status).type('application/json').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: TErrorResponse = {
      msg: translate(requestLanguage(request), 'errors.No such API call: {method} {path}', {
        method: request.method,
        path: request.url.split('?')[0] ?? '',
      }),
      code: 'NOT_FOUND',
    };
    return reply.code(404).send(body);
  });
}
