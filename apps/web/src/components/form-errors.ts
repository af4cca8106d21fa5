import { TOKEN_EXPIRED_STATUS } from '@clubtix/contract';
import { useMemo, useRef } from 'react';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { fieldErrors, isApiError } from '../api/api-error';
import { errorToastId, hideErrorToast, hideToasts, showToast } from '../toasts/toasts';
import { i18n } from '../i18n/i18n';
import { renameErrors } from '../lib/use-schema-form';

/**
 * Puts the server's field errors onto the form's fields (docs/architecture.md convention 7). The client
 * has already toasted the server's message; once the fields say it, that toast is taken back, so a
 * message is in one place (docs/decisions/0024) and no toast sits over the form's buttons.
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
    hideErrorToast(error.msg);
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

/**
 * What a form shows for a failed save whose toasts are off: field errors go on the fields (the
 * caller applies them), anything else is the message shown in the form. A refused session has
 * already sent the page to sign-in; its reason is the one toast there. On the sign-in form itself
 * (`signingIn`) a 401 is a wrong e-mail or password, said in the form like any other refusal.
 */
export function formFailure(error: unknown, { signingIn = false }: { signingIn?: boolean } = {}): string | null {
  if (!isApiError(error)) return i18n.t('common:formErrors.tryAgain');
  if (!signingIn && (error.status === 401 || error.status === TOKEN_EXPIRED_STATUS)) {
    showToast('error', error.msg);
    return null;
  }
  return Object.keys(fieldErrors(error)).length > 0 ? null : error.msg;
}

/**
 * The error toasts of one form's failed submissions (the client shows one per failed call), taken
 * away once a later submission succeeds: a red "Invalid e-mail or password" left next to "Welcome
 * back" says the opposite of what happened.
 */
export function useFormErrorToasts() {
  const shown = useRef(new Set<string>());
  return useMemo(
    () => ({
      /** Notes the toast shown for this failure of the form's call. */
      track(error: unknown): void {
        if (isApiError(error)) shown.current.add(errorToastId(error.msg));
      },
      /** Hides the noted toasts that are still on screen or waiting for a place. */
      dismiss(): void {
        hideToasts(shown.current);
        shown.current.clear();
      },
    }),
    [],
  );
}
