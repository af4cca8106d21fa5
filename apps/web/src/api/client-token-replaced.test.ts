import { endpoints } from '@clubtix/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, signInLocally } from '../session/session';
import { isApiError } from './api-error';
import { callApi } from './client';
import { startI18n } from '../i18n/i18n';

// The common words in English, as the tests read them.
beforeAll(() => startI18n('en'));

// A browser's storage, before the session module reads it.
vi.hoisted(() => {
  const items = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
});
vi.mock('./progress', () => ({ beginProgress: () => () => undefined }));
const toasts = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('../toasts/toasts', () => toasts);

const user = { id: 'u1', email: 'ann@example.org', name: 'Ann', role: 10 as const, clubId: 'c1' };
const refused = () =>
  new Response(JSON.stringify({ msg: 'Your password was changed. Please sign in again.', code: 'UNAUTHENTICATED' }), {
    status: 401,
  });

beforeEach(() => {
  signInLocally('old-token', user);
  toasts.showToast.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('a 401 for a token this browser has replaced meanwhile', () => {
  it('keeps the new session and shows no toast (a password change here answered a new token)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        // This browser's own password change lands while the call is out.
        signInLocally('new-token', user);
        return Promise.resolve(refused());
      }),
    );
    const error: unknown = await callApi(endpoints.club.getAllClubs, { query: {} }).catch(
      (failure: unknown) => failure,
    );
    expect(isApiError(error) && error.status).toBe(401);
    expect(getSession().token).toBe('new-token');
    expect(toasts.showToast).not.toHaveBeenCalled();
  });

  it('still signs out, with the toast, when the refused token is the one held', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(refused())),
    );
    await callApi(endpoints.club.getAllClubs, { query: {} }).catch(() => undefined);
    expect(getSession().token).toBeNull();
    expect(toasts.showToast).toHaveBeenCalledWith(
      'error',
      'Your password was changed. Please sign in again.',
      'Signed out',
    );
  });
});
