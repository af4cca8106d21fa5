import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { TErrorCode, TErrorResponse } from '@clubtix/contract';
import { AppError, RateLimitedError } from '../core/errors';

interface ValidationEntry {
  instancePath?: string;
  message?: string;
}

/**
 * The most field errors one answer lists: a 1 MiB body can hold 100,000 bad fields, and listing each
 * would answer megabytes (docs/decisions/0020). The first ones say what to fix.
 */
export const MAX_FIELD_ERRORS = 20;

/** Field paths as `a.b`; an issue with the whole body or query string is named after it (`body`). */
function validationErrors(error: FastifyError): { path: string; message: string }[] {
  const entries = ((error.validation ?? []) as ValidationEntry[]).slice(0, MAX_FIELD_ERRORS);
  return entries.map((entry) => ({
    path: (entry.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? ''),
    message: entry.message ?? 'is invalid',
  }));
}

function describe(errors: { path: string; message: string }[]): string {
  const first = errors[0];
  if (!first) return 'The request is not valid';
  return first.path ? `${first.path}: ${first.message}` : first.message;
}

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
    let status: number;
    let body: TErrorResponse;
    if (error instanceof AppError) {
      status = error.status;
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      body = { msg: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(error);
      status = 400;
      body = { msg: describe(errors), code: 'BAD_INPUT', errors };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      status = 500;
      body = { msg: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const code = statusCodes[status] ?? 'BAD_INPUT';
      const msg =
        status === 413
          ? 'The upload is too large'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type: send JSON'
            : error.message;
      body = { msg, code };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { msg: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' };
    }
    return reply.code(status).type('application/json').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: TErrorResponse = {
      msg: `No such API call: ${request.method} ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND',
    };
    return reply.code(404).send(body);
  });
}
