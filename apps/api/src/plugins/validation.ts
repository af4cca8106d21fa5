import type { FastifySchemaCompiler } from 'fastify';
import { safeParse, type $ZodType } from 'zod/v4/core';

/** fastify-type-provider-zod's mark of its validation entries, which its error test looks for. */
const VALIDATION_ENTRY = Symbol.for('ZodFastifySchemaValidationError');

/**
 * fastify-type-provider-zod's validator, with each issue's input kept (`reportInput`): zod names the
 * type it received from it, and the error handler says zod's own messages again in the request's
 * language from the issue (docs/decisions/0047-server-messages.md). The input stays on the server.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { reportInput: true });
    if (!result.error) return { value: result.data };
    const entries = result.error.issues.map(({ path, code, message, ...params }) => ({
      [VALIDATION_ENTRY]: true,
      keyword: code,
      instancePath: `/${path.join('/')}`,
      schemaPath: `#/${path.join('/')}/${code}`,
      message,
      params,
    }));
    return { error: entries as unknown as Error };
  };
