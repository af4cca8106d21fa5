import { endpoints, TOKEN_EXPIRED_STATUS } from '@clubtix/contract';
import { ApiError } from '../../api/api-error';
import { callApiWithMeta } from '../../api/client';
import { showToast } from '../../toasts/toasts';
import { i18n } from '../../i18n/i18n';

/** How long sign-out waits for the server before signing out this browser alone (a door's poor signal). */
export const SIGN_OUT_WAIT_MS = 5_000;

/**
 * Ends the session on the server (POST /auth/signout): this token and every other session of the
 * account answer 401 from then on, and the server's message says so. Offline, or when the server
 * does not answer in time, this browser signs out all the same and says the other devices stay
 * signed in. A token the server had already refused means the session was over everywhere.
 */
async function endSessionOnServer(): Promise<void> {
  try {
    // The client's own toasts are off: a failure here is no error for the person, only a sign-out on this device.
    const ended = await callApiWithMeta(endpoints.auth.signout, {
      signal: AbortSignal.timeout(SIGN_OUT_WAIT_MS),
      suppressToast: true,
    });
    if (ended.msg) showToast('success', ended.msg);
  } catch (error) {
    const alreadyEnded = error instanceof ApiError && (error.status === 401 || error.status === TOKEN_EXPIRED_STATUS);
    if (!alreadyEnded) showToast('info', i18n.t('common:header.signedOutHereOnly'));
  }
}

/**
 * A door device forgets the door lists it prepared: a list left behind would tell the next person
 * holding the phone who is coming. The admissions made offline stay, to reach the server at the next
 * sync (door-store.ts). Loaded only when signing out, so the app's first load does not carry it.
 */
async function forgetDoorLists(): Promise<void> {
  try {
    const store = await import('../checkin/offline/door-store');
    await store.forgetDoorLists();
  } catch {
    // No storage on this browser, so nothing was kept.
  }
}

/**
 * Sign-out (docs/decisions/0065-sign-in-proxies-and-sign-out.md): the server ends every session of
 * the account and the device forgets its door lists, both before this browser lets go of the token.
 */
export async function signOutEverywhere(): Promise<void> {
  await Promise.all([endSessionOnServer(), forgetDoorLists()]);
}
