import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ROLE_STAFF, type BodyOf } from '@clubtix/contract';
import { hashPassword } from '../../core/passwords';
import { ACTOR_TTL_MS } from '../../plugins/auth';
import { insertUser } from '../users/users.repo';
import {
  bearerOf,
  call,
  createAdmin,
  createClubWithAdmin,
  createSiblingApp,
  createSudo,
  createTestApp,
  expectError,
  signIn,
  TEST_JWT_SECRET,
  TEST_PASSWORD,
  type ApiResponse,
  type TestApp,
} from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

const ENDED = 'Your session has ended: you signed out, or your password was changed. Please sign in again.';

/**
 * docs/product.md section 18: a password change ends the user's other sessions. Every token signed
 * before it answers 401, on this process at once and on any other within the actor cache's second.
 */
describe('a password change ends the other sessions', () => {
  let t: TestApp;
  let sibling: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    sibling = await createSiblingApp(t);
  });
  afterAll(async () => {
    await sibling.close();
    await t.close();
  });

  /** A call every signed-in role may make, answered from the token's user. */
  const whoAmI = (token: string, on: TestApp = t) => callEndpoint(on, endpoints.auth.getAccount, { token });
  const clubsOf = (token: string) => callEndpoint(t, endpoints.club.getAllClubs, { token });
  const changeOwn = (token: string, body: BodyOf<typeof endpoints.auth.updateAccount>, on: TestApp = t) =>
    callEndpoint(on, endpoints.auth.updateAccount, { token, body });
  const saveAdmin = (token: string, body: BodyOf<typeof endpoints.appUser.save>) =>
    callEndpoint(t, endpoints.appUser.save, { token, body });
  const expectEnded = (response: ApiResponse) => expectError(response, 401, 'UNAUTHENTICATED', ENDED);

  async function twoSessions(email: string, password = TEST_PASSWORD) {
    const first = bearerOf(await signIn(t, email, password));
    const second = bearerOf(await signIn(t, email, password));
    // Both used a moment before, so the process's one-second cache holds them: the change must still count at once.
    for (const token of [first, second]) expect((await whoAmI(token)).status).toBe(200);
    return { first, second };
  }

  it('signs out every other session of an admin at once, and keeps the changing one signed in with a new token', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const { first, second } = await twoSessions(admin.row.email);

    const changed = await changeOwn(first, {
      name: admin.row.name,
      email: admin.row.email,
      currentPassword: TEST_PASSWORD,
      newPassword: 'new-harbour-77',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.payload).toEqual({
      currentUser: { id: admin.row.id, email: admin.row.email, name: admin.row.name, role: 10, clubId: club.id },
    });
    const fresh = bearerOf(changed);

    expectEnded(await whoAmI(second));
    expectEnded(await clubsOf(second));
    expectEnded(await whoAmI(first));
    expect((await whoAmI(fresh)).status).toBe(200);
    expect((await clubsOf(fresh)).status).toBe(200);
    expectError(await signIn(t, admin.row.email, TEST_PASSWORD), 401, 'UNAUTHENTICATED');
    expect((await signIn(t, admin.row.email, 'new-harbour-77')).status).toBe(200);
  });

  it('is seen by another API process within the cache second, and the new token works there', async () => {
    const { admin } = await createClubWithAdmin(t);
    const { first, second } = await twoSessions(admin.row.email);
    // The other process has the old session cached too.
    expect((await whoAmI(second, sibling)).status).toBe(200);

    const changed = await changeOwn(first, {
      name: admin.row.name,
      email: admin.row.email,
      currentPassword: TEST_PASSWORD,
      newPassword: 'sibling-pass-42',
    });
    expect(changed.status).toBe(200);
    const committedAt = Date.now();

    // Poll with a deadline rather than sleep: it must turn within ACTOR_TTL_MS (plus the calls' own time).
    let answer = await whoAmI(second, sibling);
    while (answer.status === 200 && Date.now() - committedAt < ACTOR_TTL_MS + 1_000) {
      answer = await whoAmI(second, sibling);
    }
    expectEnded(answer);
    expect(Date.now() - committedAt).toBeLessThan(ACTOR_TTL_MS + 1_000);
    expectEnded(await whoAmI(second, sibling));
    expect((await whoAmI(bearerOf(changed), sibling)).status).toBe(200);
  });

  it('lets the super user change its own password, end its other sessions and sign in with the new one', async () => {
    const sudo = await createSudo(t);
    const { first, second } = await twoSessions(sudo.row.email);
    const changed = await changeOwn(first, {
      name: 'Site Owner',
      email: sudo.row.email,
      currentPassword: TEST_PASSWORD,
      newPassword: 'lighthouse-2031',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.payload).toEqual({
      currentUser: { id: sudo.row.id, email: sudo.row.email, name: 'Site Owner', role: 20, clubId: null },
    });
    expectEnded(await clubsOf(second));
    expectEnded(await clubsOf(sudo.token));
    expect((await clubsOf(bearerOf(changed))).status).toBe(200);
    expectError(await signIn(t, sudo.row.email, TEST_PASSWORD), 401, 'UNAUTHENTICATED');
    const again = await signIn(t, sudo.row.email, 'lighthouse-2031');
    expect(again.body.payload).toMatchObject({ currentUser: { role: 20, name: 'Site Owner' } });
    expect((await clubsOf(bearerOf(again))).status).toBe(200);
  });

  it("ends an admin's sessions when another admin of the club sets its password, and not the setter's", async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const colleague = await createAdmin(t, club.id);
    const { first, second } = await twoSessions(colleague.row.email);
    const reset = await saveAdmin(admin.token, {
      id: colleague.row.id,
      name: colleague.row.name,
      email: colleague.row.email,
      password: 'handed-over-9',
      clubId: club.id,
    });
    expect(reset.status).toBe(200);
    // Setting someone else's password hands out no token.
    expect(reset.headers.authorization).toBeUndefined();
    for (const token of [first, second, colleague.token]) expectEnded(await whoAmI(token));
    expect((await whoAmI(admin.token)).status).toBe(200);
    expect((await signIn(t, colleague.row.email, 'handed-over-9')).status).toBe(200);
  });

  it("ends an admin's sessions when the super user resets its credentials", async () => {
    const sudo = await createSudo(t);
    const { club, admin } = await createClubWithAdmin(t);
    const { first } = await twoSessions(admin.row.email);
    const reset = await saveAdmin(sudo.token, {
      id: admin.row.id,
      name: admin.row.name,
      email: admin.row.email,
      password: 'generated-1x',
      clubId: club.id,
    });
    expect(reset.status).toBe(200);
    expectEnded(await whoAmI(first));
    expectEnded(await whoAmI(admin.token));
    expect((await clubsOf(sudo.token)).status).toBe(200);
  });

  it('keeps the sessions when only the name or e-mail changes', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const { first, second } = await twoSessions(admin.row.email);
    const email = `renamed-${Date.now()}@example.org`;
    const renamed = await changeOwn(first, { name: 'Renamed', email, currentPassword: TEST_PASSWORD });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.authorization).toBeUndefined();
    expect((await whoAmI(second)).body.payload).toEqual({
      currentUser: { id: admin.row.id, email, name: 'Renamed', role: 10, clubId: club.id },
    });
    const byColleague = await saveAdmin(admin.token, { id: admin.row.id, name: 'Again', email, clubId: club.id });
    expect(byColleague.status).toBe(200);
    expect((await whoAmI(first)).status).toBe(200);
  });

  it('lets exactly one of two sessions changing the password at once win; the other session is ended', async () => {
    const { admin } = await createClubWithAdmin(t);
    const { first, second } = await twoSessions(admin.row.email);
    const body = (newPassword: string) => ({
      name: admin.row.name,
      email: admin.row.email,
      currentPassword: TEST_PASSWORD,
      newPassword,
    });
    // On two processes, as two API servers would take them.
    const answers = await Promise.all([
      changeOwn(first, body('racer-one-1')),
      changeOwn(second, body('racer-two-2'), sibling),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect([...statuses].sort()).toEqual([200, 401]);
    const winner = statuses[0] === 200 ? 0 : 1;
    expectEnded(answers[1 - winner]!);
    const password = winner === 0 ? 'racer-one-1' : 'racer-two-2';
    const loser = winner === 0 ? 'racer-two-2' : 'racer-one-1';
    expect((await whoAmI(bearerOf(answers[winner]))).status).toBe(200);
    expect((await signIn(t, admin.row.email, password)).status).toBe(200);
    expectError(await signIn(t, admin.row.email, loser), 401, 'UNAUTHENTICATED');
  });

  it('answers 401 for a token whose session version the server never gave', async () => {
    const { admin } = await createClubWithAdmin(t);
    const forged = (sv: unknown) =>
      new SignJWT({ sv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(admin.row.id)
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const sv of [1, -1, 0.5, '0', null]) expectError(await whoAmI(await forged(sv)), 401, 'UNAUTHENTICATED');
    expect((await whoAmI(await forged(0))).status).toBe(200);
  });

  describe('across clubs (the tenant wall)', () => {
    it("answers 404 to an admin setting another club's admin's password, and that admin stays signed in", async () => {
      const a = await createClubWithAdmin(t);
      const b = await createClubWithAdmin(t);
      const { first } = await twoSessions(b.admin.row.email);
      for (const clubId of [b.club.id, a.club.id]) {
        const attempt = await saveAdmin(a.admin.token, {
          id: b.admin.row.id,
          name: b.admin.row.name,
          email: b.admin.row.email,
          password: 'taken-over-1',
          currentPassword: TEST_PASSWORD,
          clubId,
        });
        expectError(attempt, 404, 'NOT_FOUND');
      }
      // The account call changes only its caller, whatever id is sent along.
      // An id the contract does not take, sent on purpose: raw.
      const own = await call(t, 'POST', '/auth/updateAccount', {
        token: a.admin.token,
        body: {
          id: b.admin.row.id,
          name: 'Not B',
          email: `a-${Date.now()}@example.org`,
          currentPassword: TEST_PASSWORD,
        },
      });
      expect(own.body.payload).toMatchObject({ currentUser: { id: a.admin.row.id, name: 'Not B' } });
      expect((await whoAmI(first)).body.payload).toMatchObject({
        currentUser: { id: b.admin.row.id, name: b.admin.row.name, email: b.admin.row.email },
      });
      expect((await signIn(t, b.admin.row.email, TEST_PASSWORD)).status).toBe(200);
    });
  });
});

/**
 * docs/decisions/0065-sign-in-proxies-and-sign-out.md: POST /auth/signout ends the token on the
 * server by raising the account's session version, so this token and those of the account's other
 * devices answer 401, on this process at once and on any other within the actor cache's second.
 */
describe('signing out ends the session on the server', () => {
  let t: TestApp;
  let sibling: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    sibling = await createSiblingApp(t);
  });
  afterAll(async () => {
    await sibling.close();
    await t.close();
  });

  const whoAmI = (token: string, on: TestApp = t) => callEndpoint(on, endpoints.auth.getAccount, { token });
  const signOut = (token?: string, on: TestApp = t) => callEndpoint(on, endpoints.auth.signout, { token });
  const expectEnded = (response: ApiResponse) => expectError(response, 401, 'UNAUTHENTICATED', ENDED);

  async function signedInTwice(email: string) {
    const here = bearerOf(await signIn(t, email));
    const elsewhere = bearerOf(await signIn(t, email));
    // Both cached by the process's one-second actor cache: the sign-out must still count at once.
    for (const token of [here, elsewhere]) expect((await whoAmI(token)).status).toBe(200);
    return { here, elsewhere };
  }

  it('answers the signed-out token 401, ends the other devices too, and a fresh sign-in works', async () => {
    const { admin } = await createClubWithAdmin(t);
    const { here, elsewhere } = await signedInTwice(admin.row.email);
    const out = await signOut(here);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({
      payload: { signedOut: true },
      msg: 'You are signed out, here and on your other devices.',
    });
    expectEnded(await whoAmI(here));
    expectEnded(await callEndpoint(t, endpoints.club.getAllClubs, { token: here }));
    expectEnded(await whoAmI(elsewhere));
    expectEnded(await signOut(here));

    const fresh = bearerOf(await signIn(t, admin.row.email));
    expect((await whoAmI(fresh)).status).toBe(200);
  });

  it('answers 401 with a msg without a token, or with a token that is not one', async () => {
    expectError(await signOut(), 401, 'UNAUTHENTICATED', 'Please sign in to continue');
    expectError(
      await signOut('not-a-token'),
      401,
      'UNAUTHENTICATED',
      'Your session is not valid. Please sign in again.',
    );
  });

  it('signs out door staff and the super user as any signed-in role', async () => {
    const { club } = await createClubWithAdmin(t);
    const staff = await insertUser(t.db, {
      email: `door-${Date.now()}@example.org`,
      name: 'Door Dana',
      passwordHash: await hashPassword(TEST_PASSWORD),
      role: ROLE_STAFF,
      clubId: club.id,
    });
    const sudo = await createSudo(t);
    for (const email of [staff.email, sudo.row.email]) {
      const { here, elsewhere } = await signedInTwice(email);
      expect((await signOut(here)).status).toBe(200);
      expectEnded(await whoAmI(here));
      expectEnded(await whoAmI(elsewhere));
      expect((await whoAmI(bearerOf(await signIn(t, email)))).status).toBe(200);
    }
  });

  it('is seen by another API process within the cache second', async () => {
    const { admin } = await createClubWithAdmin(t);
    const { here, elsewhere } = await signedInTwice(admin.row.email);
    expect((await whoAmI(elsewhere, sibling)).status).toBe(200);
    expect((await signOut(here)).status).toBe(200);
    const committedAt = Date.now();
    // Poll with a deadline rather than sleep: it must turn within ACTOR_TTL_MS (plus the calls' own time).
    let answer = await whoAmI(elsewhere, sibling);
    while (answer.status === 200 && Date.now() - committedAt < ACTOR_TTL_MS + 1_000) {
      answer = await whoAmI(elsewhere, sibling);
    }
    expectEnded(answer);
    expect(Date.now() - committedAt).toBeLessThan(ACTOR_TTL_MS + 1_000);
  });

  it('raises the version once when two devices sign out at once on two processes: one is answered 200, the other 401', async () => {
    const { admin } = await createClubWithAdmin(t);
    const { here, elsewhere } = await signedInTwice(admin.row.email);
    expect((await whoAmI(elsewhere, sibling)).status).toBe(200);
    const answers = await Promise.all([signOut(here), signOut(elsewhere, sibling)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expectEnded(answers.find((answer) => answer.status === 401)!);
    const [row] = (
      await t.db.execute<{ v: number }>(sql`SELECT session_version AS v FROM users WHERE id = ${admin.row.id}`)
    ).rows;
    expect(row!.v).toBe(1);
  });
});
