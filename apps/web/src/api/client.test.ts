import { endpoints } from '@clubtix/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isApiError } from './api-error';
import { callApi, isRefusedWhileSignedOut } from './client';
import { startI18n } from '../i18n/i18n';

// The common words in English, as the tests read them.
beforeAll(() => startI18n('en'));

// The progress bar needs a browser window.
vi.mock('./progress', () => ({ beginProgress: () => () => undefined }));
const { showToast } = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('../toasts/toasts', () => ({ showToast }));

afterEach(() => {
  vi.unstubAllGlobals();
  showToast.mockClear();
});

describe('calls made while signed out', () => {
  it('refuses the calls that need sign-in, whatever their level', () => {
    expect(isRefusedWhileSignedOut(endpoints.club.getAllClubs, false)).toBe(true);
    expect(isRefusedWhileSignedOut({ access: 'sudo' }, false)).toBe(true);
    expect(isRefusedWhileSignedOut({ access: 'signedIn' }, false)).toBe(true);
    expect(isRefusedWhileSignedOut(endpoints.club.getAllClubs, true)).toBe(false);
    expect(isRefusedWhileSignedOut(endpoints.event.getEventBySlug, false)).toBe(false);
  });

  // No storage outside the browser: these run signed out.
  it('does not send a call that needs sign-in, and fails it as the server would', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const error: unknown = await callApi(endpoints.club.getAllClubs, { query: {} }).catch(
      (failure: unknown) => failure,
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(isApiError(error) && [error.status, error.code, error.msg]).toEqual([
      401,
      'UNAUTHENTICATED',
      'Please sign in to continue',
    ]);
  });

  it('still sends a public call', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ payload: { ok: true } }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(callApi(endpoints.system.info)).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledOnce();
  });
});

describe('a 429', () => {
  const answer = (body: string) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(body, { status: 429, headers: { 'retry-after': '42' } }))),
    );

  it("is toasted as too many attempts with the server's message", async () => {
    const msg = 'Too many attempts from your network: try again in a minute.';
    answer(JSON.stringify({ msg, code: 'RATE_LIMITED' }));
    const error: unknown = await callApi(endpoints.system.info).catch((failure: unknown) => failure);
    expect(isApiError(error) && [error.status, error.code, error.msg]).toEqual([429, 'RATE_LIMITED', msg]);
    expect(showToast).toHaveBeenCalledExactlyOnceWith('error', msg, 'Too many attempts');
  });

  it('says what happened when the answer has no message of its own (a proxy refused it)', async () => {
    answer('<html><body>429 Too Many Requests</body></html>');
    await callApi(endpoints.system.info).catch(() => undefined);
    expect(showToast).toHaveBeenCalledExactlyOnceWith(
      'error',
      'Too many attempts from your network: try again in a minute',
      'Too many attempts',
    );
  });
});
