import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerOf,
  createAdmin,
  createClubWithAdmin,
  createSudo,
  createTestApp,
  expectError,
  signIn,
  TEST_PASSWORD,
  type ApiResponse,
  type TestApp,
} from '../../../test/helpers';
import { CURRENT_PASSWORD_MESSAGES } from '../users/current-password';
import { MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../users/signin-limit.repo';
import { endpoints, type BodyOf } from '@clubtix/contract';
import { callEndpoint } from '../../../test/call-endpoint';

let counter = 0;
const newEmail = () => `me-${Date.now().toString(36)}-${counter++}@example.org`;

/** "My account" (docs/product.md section 18): one's own name, e-mail and password, the current one required. */
describe('one’s own account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const account = (token: string) => callEndpoint(t, endpoints.auth.getAccount, { token });
  const update = (token: string, body: BodyOf<typeof endpoints.auth.updateAccount>) =>
    callEndpoint(t, endpoints.auth.updateAccount, { token, body });
  const saveAdmin = (token: string, body: BodyOf<typeof endpoints.appUser.save>) =>
    callEndpoint(t, endpoints.appUser.save, { token, body });

  function expectFieldError(response: ApiResponse, path: string, message: string): void {
    expectError(response, 400, 'BAD_INPUT');
    expect(response.body.errors).toEqual([{ path, message }]);
    expect(response.headers.authorization).toBeUndefined();
  }

  it('answers the signed-in user as the server has it now, for an admin and for the super user', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const sudo = await createSudo(t);
    expect((await account(admin.token)).body).toEqual({
      payload: {
        currentUser: { id: admin.row.id, email: admin.row.email, name: 'Club Admin', role: 10, clubId: club.id },
      },
    });
    expect((await account(sudo.token)).body.payload).toEqual({
      currentUser: { id: sudo.row.id, email: sudo.row.email, name: 'Sudo', role: 20, clubId: null },
    });
    expectError(await callEndpoint(t, endpoints.auth.getAccount), 401, 'UNAUTHENTICATED');
  });

  it('changes the name without the current password, and keeps the sessions', async () => {
    const { admin } = await createClubWithAdmin(t);
    const saved = await update(admin.token, { name: '  Ada Lovelace ', email: admin.row.email.toUpperCase() });
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe('Account saved');
    expect(saved.body.payload).toMatchObject({ currentUser: { name: 'Ada Lovelace', email: admin.row.email } });
    expect((await account(admin.token)).status).toBe(200);
  });

  it.each([
    ['without the current password', {}, CURRENT_PASSWORD_MESSAGES.missingForEmail],
    ['with an empty current password', { currentPassword: '' }, CURRENT_PASSWORD_MESSAGES.missingForEmail],
    ['with a wrong current password', { currentPassword: 'not-my-pass-1' }, CURRENT_PASSWORD_MESSAGES.wrong],
  ])('refuses a new e-mail %s with a 400 on currentPassword, and changes nothing', async (_case, extra, message) => {
    const { admin } = await createClubWithAdmin(t);
    const email = newEmail();
    const refused = await update(admin.token, { name: 'Taken Over', email, ...extra });
    expectFieldError(refused, 'currentPassword', message);
    expect(refused.body.msg).toBe(message);
    expect((await account(admin.token)).body.payload).toMatchObject({
      currentUser: { name: 'Club Admin', email: admin.row.email },
    });
    expectError(await signIn(t, email), 401, 'UNAUTHENTICATED');
    expect((await signIn(t, admin.row.email)).status).toBe(200);
  });

  it('changes the e-mail with the current password, and the new e-mail signs in', async () => {
    const { admin } = await createClubWithAdmin(t);
    const email = newEmail();
    const saved = await update(admin.token, {
      name: '  Ada Lovelace ',
      email: email.toUpperCase(),
      currentPassword: TEST_PASSWORD,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe('Account saved');
    expect(saved.body.payload).toMatchObject({ currentUser: { name: 'Ada Lovelace', email } });
    // No new password: no new token, and the session goes on.
    expect(saved.headers.authorization).toBeUndefined();
    expect((await account(admin.token)).status).toBe(200);
    expect((await signIn(t, email)).status).toBe(200);
    expectError(await signIn(t, admin.row.email), 401, 'UNAUTHENTICATED');
  });

  it('answers 409 on the e-mail field for an e-mail another account has, and changes nothing', async () => {
    const { admin } = await createClubWithAdmin(t);
    const other = await createClubWithAdmin(t);
    const sudo = await createSudo(t);
    for (const email of [other.admin.row.email, sudo.row.email.toUpperCase()]) {
      const refused = await update(admin.token, {
        name: 'Taken',
        email,
        currentPassword: TEST_PASSWORD,
        newPassword: 'unused-pass-1',
      });
      expectError(refused, 409, 'CONFLICT', 'An account with this e-mail already exists');
      expect(refused.body.errors).toEqual([{ path: 'email', message: 'An account with this e-mail already exists' }]);
    }
    expect((await account(admin.token)).body.payload).toMatchObject({
      currentUser: { email: admin.row.email, name: 'Club Admin' },
    });
    expect((await signIn(t, admin.row.email, TEST_PASSWORD)).status).toBe(200);
  });

  it.each([
    ['without the current password', {}, CURRENT_PASSWORD_MESSAGES.missing],
    ['with an empty current password', { currentPassword: '' }, CURRENT_PASSWORD_MESSAGES.missing],
    ['with a wrong current password', { currentPassword: 'not-my-pass-1' }, CURRENT_PASSWORD_MESSAGES.wrong],
  ])('refuses a new password %s with a 400 on currentPassword, and changes nothing', async (_case, extra, message) => {
    const { admin } = await createClubWithAdmin(t);
    const other = bearerOf(await signIn(t, admin.row.email));
    const refused = await update(admin.token, {
      name: 'Changed',
      email: newEmail(),
      newPassword: 'brand-new-pass-1',
      ...extra,
    });
    expectFieldError(refused, 'currentPassword', message);
    expect(refused.body.msg).toBe(message);
    // Not signed out (a 401 would sign the web client out), nothing saved, no session ended.
    for (const token of [admin.token, other]) {
      expect((await account(token)).body.payload).toMatchObject({
        currentUser: { name: 'Club Admin', email: admin.row.email },
      });
    }
    expect((await signIn(t, admin.row.email, TEST_PASSWORD)).status).toBe(200);
    expectError(await signIn(t, admin.row.email, 'brand-new-pass-1'), 401, 'UNAUTHENTICATED');
  });

  it.each([
    ['short1', 'Password must be 8 or more characters!'],
    ['no-digits-here', 'Password must include at least one number!'],
  ])('applies the password rules to the new password %j', async (newPassword, message) => {
    const { admin } = await createClubWithAdmin(t);
    const refused = await update(admin.token, {
      name: 'Club Admin',
      email: admin.row.email,
      currentPassword: TEST_PASSWORD,
      newPassword,
    });
    expectFieldError(refused, 'newPassword', message);
    expect((await account(admin.token)).status).toBe(200);
  });

  it('counts wrong current passwords against the e-mail like failed sign-ins: 429 past the limit', async () => {
    const { admin } = await createClubWithAdmin(t);
    const guess = (currentPassword: string) =>
      update(admin.token, { name: 'Club Admin', email: admin.row.email, currentPassword, newPassword: 'guessed-pw-1' });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
      expectFieldError(await guess(`guess-${i}`), 'currentPassword', CURRENT_PASSWORD_MESSAGES.wrong);
    }
    expectError(await guess(TEST_PASSWORD), 429, 'RATE_LIMITED', /Too many failed sign-in attempts/);
    expectError(await signIn(t, admin.row.email, TEST_PASSWORD), 429, 'RATE_LIMITED');
    // Still signed in, and the password is the old one.
    expect((await account(admin.token)).status).toBe(200);
  });

  describe('through /appUser/save with the caller’s own id', () => {
    it('needs the current password for a new one, answers a new token, and ends the other sessions', async () => {
      const { club, admin } = await createClubWithAdmin(t);
      const other = bearerOf(await signIn(t, admin.row.email));
      const body = {
        id: admin.row.id,
        name: 'Club Admin',
        email: admin.row.email,
        password: 'own-new-pass-3',
        clubId: club.id,
      };

      expectFieldError(await saveAdmin(admin.token, body), 'currentPassword', CURRENT_PASSWORD_MESSAGES.missing);
      expectFieldError(
        await saveAdmin(admin.token, { ...body, currentPassword: 'wrong-pass-1' }),
        'currentPassword',
        CURRENT_PASSWORD_MESSAGES.wrong,
      );
      expect((await account(other)).status).toBe(200);
      expect((await signIn(t, admin.row.email, TEST_PASSWORD)).status).toBe(200);

      const saved = await saveAdmin(admin.token, { ...body, currentPassword: TEST_PASSWORD });
      expect(saved.status).toBe(200);
      expect(saved.text).not.toMatch(/password|hash|scrypt/i);
      const fresh = bearerOf(saved);
      expect((await account(fresh)).status).toBe(200);
      for (const token of [admin.token, other]) expectError(await account(token), 401, 'UNAUTHENTICATED');
      expect((await signIn(t, admin.row.email, 'own-new-pass-3')).status).toBe(200);
    });

    it('needs the current password for a new e-mail of one’s own, and changes nothing without it', async () => {
      const { club, admin } = await createClubWithAdmin(t);
      const body = { id: admin.row.id, name: 'Club Admin', email: 'moved-away@example.org', clubId: club.id };
      expectFieldError(
        await saveAdmin(admin.token, body),
        'currentPassword',
        CURRENT_PASSWORD_MESSAGES.missingForEmail,
      );
      expectFieldError(
        await saveAdmin(admin.token, { ...body, currentPassword: 'wrong-pass-1' }),
        'currentPassword',
        CURRENT_PASSWORD_MESSAGES.wrong,
      );
      expect(await account(admin.token)).toMatchObject({
        body: { payload: { currentUser: { email: admin.row.email } } },
      });
      expect((await saveAdmin(admin.token, { ...body, currentPassword: TEST_PASSWORD })).status).toBe(200);
      expect((await signIn(t, 'moved-away@example.org')).status).toBe(200);
    });

    it('does not ask for the current password when setting a colleague’s', async () => {
      const { club, admin } = await createClubWithAdmin(t);
      const colleague = await createAdmin(t, club.id);
      const saved = await saveAdmin(admin.token, {
        id: colleague.row.id,
        name: 'Colleague',
        email: colleague.row.email,
        password: 'colleague-pw-4',
        clubId: club.id,
      });
      expect(saved.status).toBe(200);
      expect((await signIn(t, colleague.row.email, 'colleague-pw-4')).status).toBe(200);
    });
  });
});
