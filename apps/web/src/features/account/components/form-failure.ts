import { TOKEN_EXPIRED_STATUS } from '@clubtix/contract';
import { fieldErrors, isApiError } from '../../../api/api-error';
import { showToast } from '../../../components/toasts';

/**
 * What an account form shows for a failed save, its toasts being off: field errors go on the fields
 * (the caller applies them), anything else is the message shown in the form. A refused session has
 * already sent the page to sign-in; its reason is the one toast there.
 */
export function formFailure(error: unknown): string | null {
  if (!isApiError(error)) return 'Something went wrong. Please try again.';
  if (error.status === 401 || error.status === TOKEN_EXPIRED_STATUS) {
    showToast('error', error.msg);
    return null;
  }
  return Object.keys(fieldErrors(error)).length > 0 ? null : error.msg;
}
