import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ROLE_ADMIN, type BodyOf } from '@clubtix/contract';
import {
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
import { callEndpoint } from '../../../test/call-endpoint';

let counter = 0;
const newEmail = () => `member-${Date.now().toString(36)}-${counter++}@example.org`;

/** Nothing that looks like a password or its hash ever leaves the server. */
function expectNoSecrets(response: ApiResponse, ...passwords: string[]): void {
  expect(response.text).not.toMatch(/password|hash|scrypt/i);
  for (const password of passwords) expect(response.text).not.toContain(password);
}

describe('app users (admins of a club)', () => {
  let t: TestApp;
  let sudoToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    sudoToken = (await createSudo(t)).token;
  });
  afterAll(async () => t.close());

  const save = (token: string, body: BodyOf<typeof endpoints.appUser.save>) =>
    callEndpoint(t, endpoints.appUser.save, { token, body });
  const list = (token: string, clubId: string) =>
    callEndpoint(t, endpoints.appUser.getAppUsers, { token, query: { clubId } });
  const remove = (token: string, id: string) =>
    callEndpoint(t, endpoints.appUser.deleteAppUser, { token, query: { id } });
  const usersOf = async (clubId: string) => (await list(sudoToken, clubId)).body.payload!.appUsers;

  it.each([
    ['the super user', 'sudo'],
    ["the club's own admin", 'admin'],
  ])('lets %s create, list, update and delete admins of a club', async (_who, as) => {
    const { club, admin } = await createClubWithAdmin(t);
    const token = as === 'sudo' ? sudoToken : admin.token;
    const email = newEmail();

    const created = await save(token, {
      name: 'Bea Helper',
      email: email.toUpperCase(),
      password: 'first-pass-1',
      clubId: club.id,
    });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('Admin created');
    expectNoSecrets(created, 'first-pass-1');
    const user = created.body.payload!;
    const { id, createdAt, ...rest } = user;
    expect(rest).toEqual({
      name: 'Bea Helper',
      email,
      role: ROLE_ADMIN,
      clubId: club.id,
      allEvents: false,
      eventIds: [],
      invitationPending: false,
    });
    expect(id).not.toBe('');
    expect(Date.parse(createdAt)).not.toBeNaN();

    const listed = await list(token, club.id);
    expect(listed.status).toBe(200);
    expectNoSecrets(listed);
    expect(listed.body.payload!.appUsers.map((u) => u.id)).toEqual([admin.row.id, user.id]);

    const signedIn = await signIn(t, email, 'first-pass-1');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.payload).toEqual({
      currentUser: { id: user.id, email, name: 'Bea Helper', role: ROLE_ADMIN, clubId: club.id },
    });

    const renamed = await save(token, { id: user.id, name: 'Bea Renamed', email, clubId: club.id });
    expect(renamed.status).toBe(200);
    expect(renamed.body.msg).toBe('Admin saved');
    expectNoSecrets(renamed);
    expect(renamed.body.payload).toEqual({ ...user, name: 'Bea Renamed' });
    expect((await signIn(t, email, 'first-pass-1')).status).toBe(200);

    const repassworded = await save(token, {
      id: user.id,
      name: 'Bea Renamed',
      email,
      password: 'second-pass-2',
      clubId: club.id,
    });
    expect(repassworded.status).toBe(200);
    expectNoSecrets(repassworded, 'second-pass-2');
    expect((await signIn(t, email, 'second-pass-2')).status).toBe(200);
    expectError(await signIn(t, email, 'first-pass-1'), 401, 'UNAUTHENTICATED');

    const removed = await remove(token, user.id);
    expect(removed.body).toEqual({ payload: { id: user.id }, msg: 'Admin removed' });
    expect((await usersOf(club.id)).map((u) => u.id)).toEqual([admin.row.id]);
    expectError(await signIn(t, email, 'second-pass-2'), 401, 'UNAUTHENTICATED');
  });

  it('lets an admin change its own e-mail with its current password, and then sign in with it', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const email = newEmail();
    const response = await save(admin.token, {
      id: admin.row.id,
      name: 'Me Myself',
      email,
      clubId: club.id,
      currentPassword: TEST_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect((await signIn(t, email)).status).toBe(200);
  });

  it('answers 409 for an e-mail that already has an account, and changes nothing', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const other = await createClubWithAdmin(t);
    const colleague = await createAdmin(t, club.id);
    const before = await usersOf(club.id);
    for (const email of [admin.row.email, other.admin.row.email.toUpperCase()]) {
      const created = await save(admin.token, { name: 'Dup', email, password: 'good-pass-1', clubId: club.id });
      expectError(created, 409, 'CONFLICT', 'An account with this e-mail already exists');
      expect(created.body.errors).toEqual([{ path: 'email', message: 'An account with this e-mail already exists' }]);
    }
    const updated = await save(admin.token, {
      id: colleague.row.id,
      name: 'Dup',
      email: admin.row.email,
      clubId: club.id,
    });
    expectError(updated, 409, 'CONFLICT');
    expect(await usersOf(club.id)).toEqual(before);
  });

  it('lets exactly one of two simultaneous creations with the same e-mail through', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const body = { name: 'Twin', email: newEmail(), password: 'good-pass-1', clubId: club.id };
    const responses = await Promise.all([save(admin.token, body), save(admin.token, body)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await usersOf(club.id)).toHaveLength(2);
  });

  // No password at all invites the person instead (auth/password-reset.int.test.ts).
  it.each([
    ['', 'Password is required!'],
    ['short1', 'Password must be 8 or more characters!'],
    ['no-digits-here', 'Password must include at least one number!'],
  ])('refuses to create an admin with password %j: %s', async (password, message) => {
    const { club, admin } = await createClubWithAdmin(t);
    const response = await save(admin.token, { name: 'No Pass', email: newEmail(), password, clubId: club.id });
    expectError(response, 400, 'BAD_INPUT', new RegExp(`^(password: )?${message}$`));
    expect(response.body.errors).toEqual([{ path: 'password', message }]);
    expect(await usersOf(club.id)).toHaveLength(1);
  });

  it('keeps the password when an update sends a weak one', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const response = await save(admin.token, {
      id: admin.row.id,
      name: 'Me',
      email: admin.row.email,
      password: 'weak',
      clubId: club.id,
    });
    expectError(response, 400, 'BAD_INPUT', 'password: Password must be 8 or more characters!');
    expect((await signIn(t, admin.row.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('answers 409 to an admin deleting itself, and keeps it', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    await createAdmin(t, club.id);
    expectError(await remove(admin.token, admin.row.id), 409, 'CONFLICT', /cannot delete your own account/);
    expect((await usersOf(club.id)).map((u) => u.id)).toContain(admin.row.id);
  });

  it('answers 404 for unknown ids and clubs', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    expectError(await remove(admin.token, 'no-such-user'), 404, 'NOT_FOUND', 'App user not found');
    expectError(await remove(sudoToken, 'no-such-user'), 404, 'NOT_FOUND');
    expectError(
      await save(admin.token, { id: 'no-such-user', name: 'X', email: newEmail(), clubId: club.id }),
      404,
      'NOT_FOUND',
    );
    expectError(await list(sudoToken, 'no-such-club'), 404, 'NOT_FOUND', 'Club not found');
    expectError(
      await save(sudoToken, { name: 'X', email: newEmail(), password: 'good-pass-1', clubId: 'no-such-club' }),
      404,
      'NOT_FOUND',
    );
  });

  it('lets the super user remove the last admin of a club', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    expect((await remove(sudoToken, admin.row.id)).status).toBe(200);
    expect(await usersOf(club.id)).toEqual([]);
    expect((await callEndpoint(t, endpoints.club.getClub, { query: { clubId: club.id } })).status).toBe(200);
  });

  it('does not let app-user calls reach the super user', async () => {
    const sudo = await createSudo(t);
    const { club, admin } = await createClubWithAdmin(t);
    expectError(await remove(admin.token, sudo.row.id), 404, 'NOT_FOUND');
    expectError(
      await save(admin.token, { id: sudo.row.id, name: 'Owned', email: sudo.row.email, clubId: club.id }),
      404,
      'NOT_FOUND',
    );
    expect((await signIn(t, sudo.row.email)).body.payload).toMatchObject({ currentUser: { name: 'Sudo', role: 20 } });
  });

  describe('across clubs (the tenant wall)', () => {
    it("answers 404 to an admin of club A for everything about club B's admins, and changes nothing", async () => {
      const a = await createClubWithAdmin(t);
      const b = await createClubWithAdmin(t);
      const before = await usersOf(b.club.id);
      const attempts = [
        list(a.admin.token, b.club.id),
        save(a.admin.token, { name: 'Intruder', email: newEmail(), password: 'good-pass-1', clubId: b.club.id }),
        save(a.admin.token, {
          id: b.admin.row.id,
          name: 'Hijacked',
          email: newEmail(),
          password: 'good-pass-1',
          clubId: b.club.id,
        }),
        save(a.admin.token, {
          id: b.admin.row.id,
          name: 'Moved',
          email: newEmail(),
          password: 'good-pass-1',
          clubId: a.club.id,
        }),
        remove(a.admin.token, b.admin.row.id),
      ];
      for (const response of await Promise.all(attempts)) {
        expectError(response, 404, 'NOT_FOUND');
        expect(response.text).not.toContain(b.admin.row.email);
      }
      expect(await usersOf(b.club.id)).toEqual(before);
      expect((await usersOf(a.club.id)).map((u) => u.id)).toEqual([a.admin.row.id]);
      expect((await signIn(t, b.admin.row.email)).status).toBe(200);
    });
  });
});
