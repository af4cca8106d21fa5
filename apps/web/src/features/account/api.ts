import { endpoints, type TCurrentUser, type TUpdateAccountRequest } from '@clubtix/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bearerToken, callApi, callApiWithMeta } from '../../api/client';
import { getSession, signInLocally } from '../../session/session';
import { clubKeys } from '../../api/query-keys';
import { appUserKeys } from '../users/api';

/** Query keys of the signed-in user's own account. */
export const accountKeys = {
  all: ['account'] as const,
  mine: () => [...accountKeys.all, 'mine'] as const,
};

/** The signed-in user as the server has it now (a super user may have renamed this admin since sign-in). */
export function useAccount() {
  return useQuery({
    queryKey: accountKeys.mine(),
    queryFn: async ({ signal }) => (await callApi(endpoints.auth.getAccount, { signal })).currentUser,
  });
}

export interface AccountSaved {
  currentUser: TCurrentUser;
  msg: string | undefined;
  /** The password changed: every other session of the account is over, this one goes on. */
  passwordChanged: boolean;
}

/**
 * Saves one's own name, e-mail or password. The page shows the outcome itself (field errors on the
 * fields), so the client's toasts are off. A new password answers this session's new token in the
 * authorization header: kept at once, since the old one now answers 401 (docs/product.md section 18).
 */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateAccountRequest): Promise<AccountSaved> => {
      const result = await callApiWithMeta(endpoints.auth.updateAccount, { body, suppressToast: true });
      const newToken = bearerToken(result.headers);
      const token = newToken ?? getSession().token;
      if (token) signInLocally(token, result.payload.currentUser);
      return { currentUser: result.payload.currentUser, msg: result.msg, passwordChanged: newToken !== null };
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(accountKeys.mine(), saved.currentUser);
      // The lists of a club's admins show this user's name and e-mail too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: appUserKeys.all }),
        queryClient.invalidateQueries({ queryKey: clubKeys.list() }),
      ]);
    },
  });
}
