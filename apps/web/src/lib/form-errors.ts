import type { UseFormReturnType } from '@mantine/form';
import { fieldErrors, isApiError } from '../api/api-error';

/**
 * Puts the server's field errors onto the form's fields (ARCHITECTURE.md convention 7). The toast
 * with the server's message has already been shown by the client; this adds the per-field detail.
 */
export function applyServerErrors<V>(form: UseFormReturnType<V>, error: unknown): void {
  if (!isApiError(error)) return;
  const errors = fieldErrors(error);
  if (Object.keys(errors).length > 0) form.setErrors(errors);
}
