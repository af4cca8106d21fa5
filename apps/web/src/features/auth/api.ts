import {
  endpoints,
  type TRegisterRequest,
  type TRequestPasswordResetRequest,
  type TResetPasswordRequest,
  type TSignInRequest,
} from '@clubtix/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error';
import { i18n } from '../../i18n/i18n';
import { bearerToken, callApi, callApiWithMeta, type ApiResult } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { showToast } from '../../toasts/toasts';
import { roleHome } from '../../session/guards';
import { getSession, signInLocally } from '../../session/session';

type AuthResult = ApiResult<{ currentUser: Parameters<typeof signInLocally>[1] }>;

/** Keeps the token from the authorization header and the payload's currentUser; answers the role home. */
function completeSignIn(result: AuthResult): string {
  const token = bearerToken(result.headers);
  if (!token) {
    throw new ApiError(500, 'INTERNAL', i18n.t('auth:noSessionToken'));
  }
  // Data cached for a previous user must not leak into this session.
  queryClient.clear();
  signInLocally(token, result.payload.currentUser);
  return roleHome(getSession());
}

export function useSignIn() {
  return useMutation({
    // A refusal (wrong password, too many attempts) is shown in the form itself, not as a toast;
    // the welcome still is one.
    mutationFn: async (body: TSignInRequest) => {
      const result = await callApiWithMeta(endpoints.auth.signin, { body, suppressToast: true });
      const home = completeSignIn(result);
      if (result.msg) showToast('success', result.msg);
      return home;
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: async (body: TRegisterRequest) =>
      completeSignIn(await callApiWithMeta(endpoints.auth.register, { body })),
  });
}

/** Forgot password: the server answers the same for any e-mail; its words are shown on the page. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (body: TRequestPasswordResetRequest) =>
      (await callApiWithMeta(endpoints.auth.requestPasswordReset, { body, suppressToast: true })).msg ?? '',
  });
}

/** The link of a reset or invitation mail: sets the password and signs in ("Welcome" on an invitation). */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: TResetPasswordRequest) => {
      const result = await callApiWithMeta(endpoints.auth.resetPassword, { body, suppressToast: true });
      const home = completeSignIn(result);
      if (result.msg) showToast('success', result.msg);
      return home;
    },
  });
}

/** What this installation allows (GET /info): the register page asks whether sign-up is open. */
export function useInstallationInfo() {
  return useQuery({
    queryKey: ['system', 'info'],
    queryFn: ({ signal }) => callApi(endpoints.system.info, { suppressToast: true, signal }),
    staleTime: 5 * 60_000,
  });
}
