import { endpoints } from '@clubtix/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from './api-error';
import { callApi, isRefusedWhileSignedOut } from './client';

// The progress bar needs a browser window.
vi.mock('./progress', () => ({ beginProgress: () => () => undefined }));

afterEach(() => {
  vi.unstubAllGlobals();
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
