import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { fieldErrors, isApiError } from '../api/api-error';
import { renameErrors } from './use-schema-form';

/**
 * Puts the server's field errors onto the form's fields (docs/architecture.md convention 7). The toast
 * with the server's message has already been shown by the client; this adds the per-field detail.
 * `fieldOf` maps request paths to the form fields that hold them, as in useSchemaForm.
 */
export function applyServerErrors<V>(
  form: UseFormReturnType<V>,
  error: unknown,
  fieldOf?: Record<string, string>,
): void {
  if (!isApiError(error)) return;
  const errors = renameErrors(fieldErrors(error), fieldOf);
  if (Object.keys(errors).length > 0) {
    form.setErrors(errors);
    focusFirstError(form, errors);
  }
}

/**
 * Moves focus (and so the view) to the first field in error: on a long form the Save button is far
 * from the field the message is about. Pass it as the second argument of `form.onSubmit`.
 */
export function focusFirstError<V>(form: UseFormReturnType<V>, errors: FormErrors): void {
  const first = Object.keys(errors).find((path) => {
    const message = errors[path];
    return message !== null && message !== undefined && message !== false && message !== '';
  });
  if (!first) return;
  // After React has rendered the messages, so the field does not move once focused.
  requestAnimationFrame(() => form.getInputNode(first)?.focus());
}
