import { schemaResolver, useForm } from '@mantine/form';
import type { z } from 'zod';

/**
 * A Mantine form validated by a contract schema, so the client checks input with the very rules
 * the server applies (ARCHITECTURE.md convention 7). Fields validate on blur and on submit.
 */
export function useSchemaForm<V extends Record<string, unknown>>(schema: z.ZodType, initialValues: V) {
  return useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });
}
