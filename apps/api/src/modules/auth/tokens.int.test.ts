import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerOf,
  call,
  createClubWithAdmin,
  createSudo,
  createTestApp,
  expectError,
  signIn,
  TEST_JWT_SECRET,
  tokenFor,
  type TestApp,
} from '../../../test/helpers';
import { endpoints } from '@clubtix/contract';
import { callEndpoint } from '../../../test/call-endpoint';

const secretKey = (secret: string) => new TextEncoder().encode(secret);
const now = () => Math.floor(Date.now() / 1000);

/** A token made by hand, the way an attacker or a stale client would hold one. */
async function craftToken(
  claims: { sub?: string; exp?: number; iat?: number },
  options: { secret?: string; alg?: string } = {},
): Promise<string> {
  const jwt = new SignJWT({}).setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' });
  if (claims.sub !== undefined) jwt.setSubject(claims.sub);
  if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(secretKey(options.secret ?? TEST_JWT_SECRET));
}

describe('session tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const adminCall = (token: string | undefined, headers?: Record<string, string>) =>
    callEndpoint(t, endpoints.club.getAllClubs, { token, headers });

  it('accepts the token that sign-in hands out', async () => {
    const { admin } = await createClubWithAdmin(t);
    const token = bearerOf(await signIn(t, admin.row.email));
    expect((await adminCall(token)).status).toBe(200);
  });

  it('answers 440 TOKEN_EXPIRED for an expired token, so the client signs the user out', async () => {
    const { admin } = await createClubWithAdmin(t);
    expectError(await adminCall(await tokenFor(admin.row, -10)), 440, 'TOKEN_EXPIRED', /session has expired/);
    const crafted = await craftToken({ sub: admin.row.id, iat: now() - 7200, exp: now() - 60 });
    expectError(await adminCall(crafted), 440, 'TOKEN_EXPIRED');
  });

  it('checks the token before the input, so a caller without the right one learns nothing of the schemas', async () => {
    const { admin } = await createClubWithAdmin(t);
    // A GET that deletes, with its query missing, and a POST with a body that is not valid.
    const deleteWithoutQuery = (token?: string) => callEndpoint(t, endpoints.attendees.deleteAttendee, { token });
    const badSave = (token?: string) => call(t, 'POST', '/event/save', { token, body: { title: 42 } });
    expectError(await deleteWithoutQuery(), 401, 'UNAUTHENTICATED');
    expectError(await badSave(), 401, 'UNAUTHENTICATED');
    expectError(await deleteWithoutQuery('Bearer not-a-token'), 401, 'UNAUTHENTICATED');
    expectError(await badSave(await tokenFor(admin.row, -10)), 440, 'TOKEN_EXPIRED');
    // An admin on a super-user call with a bad body: the role is refused first.
    expectError(await callEndpoint(t, endpoints.club.removeClub, { token: admin.token }), 403, 'FORBIDDEN');
    // With the right token, the input is checked as before.
    expectError(await deleteWithoutQuery(admin.token), 400, 'BAD_INPUT');
    expectError(await badSave(admin.token), 400, 'BAD_INPUT');
  });

  const otherSecret = 'another-secret-that-is-long-enough-0123456789';
  // Every forged token names a real, existing user, so only the forgery can be the reason for the 401.
  it.each([
    ['signed with another secret', (sub: string) => craftToken({ sub, exp: now() + 600 }, { secret: otherSecret })],
    [
      'expired and signed with another secret',
      (sub: string) => craftToken({ sub, exp: now() - 60 }, { secret: otherSecret }),
    ],
    [
      'unsigned (alg: none)',
      (sub: string) =>
        new UnsecuredJWT({})
          .setSubject(sub)
          .setExpirationTime(now() + 600)
          .encode(),
    ],
    [
      'signed with the right secret but HS512',
      (sub: string) => craftToken({ sub, exp: now() + 600 }, { alg: 'HS512' }),
    ],
    ['without an expiry', (sub: string) => craftToken({ sub })],
    ['without a subject', () => craftToken({ exp: now() + 600 })],
    ['of garbage', () => 'not-a-token'],
    ['of three dotted pieces of garbage', () => 'a.b.c'],
  ] as [string, (sub: string) => string | Promise<string>][])(
    'answers 401 for a token %s',
    async (_case, makeToken) => {
      const { admin } = await createClubWithAdmin(t);
      expectError(await adminCall(await makeToken(admin.row.id)), 401, 'UNAUTHENTICATED');
    },
  );

  it('answers 401 when the payload of a good token is altered', async () => {
    const { admin } = await createClubWithAdmin(t);
    const other = await createClubWithAdmin(t);
    const [header, , signature] = (await tokenFor(admin.row)).split('.');
    const forged = Buffer.from(JSON.stringify({ sub: other.admin.row.id, exp: now() + 600 })).toString('base64url');
    expectError(await adminCall(`${header}.${forged}.${signature}`), 401, 'UNAUTHENTICATED');
  });

  it('answers 401 for the token of a user that was deleted', async () => {
    const sudo = await createSudo(t);
    const { admin } = await createClubWithAdmin(t);
    const second = await createClubWithAdmin(t);
    // Used a moment before, so its user is in the process's one-second cache: removal still counts at once.
    expect((await adminCall(admin.token)).status).toBe(200);
    const removed = await callEndpoint(t, endpoints.appUser.deleteAppUser, {
      token: sudo.token,
      query: { id: admin.row.id },
    });
    expect(removed.status).toBe(200);
    expectError(await adminCall(admin.token), 401, 'UNAUTHENTICATED');
    expect((await adminCall(second.admin.token)).status).toBe(200);
  });

  it("answers 401 at once when the club of a token's admin is removed, even right after the token was used", async () => {
    const sudo = await createSudo(t);
    const { club, admin } = await createClubWithAdmin(t);
    expect((await adminCall(admin.token)).status).toBe(200);
    const removed = await callEndpoint(t, endpoints.club.removeClub, { token: sudo.token, query: { clubId: club.id } });
    expect(removed.status).toBe(200);
    expectError(await adminCall(admin.token), 401, 'UNAUTHENTICATED');
  });

  it.each([
    ['no authorization header', undefined],
    ['a Basic header', { authorization: 'Basic YWRtaW46cGFzc3dvcmQ=' }],
    ['a Bearer header with no token', { authorization: 'Bearer ' }],
  ])('answers 401 on an admin call with %s', async (_case, headers) => {
    expectError(await adminCall(undefined, headers), 401, 'UNAUTHENTICATED', 'Please sign in to continue');
  });

  it('gives sign-in tokens the default lifetime of 12 hours', async () => {
    const { admin } = await createClubWithAdmin(t);
    const { exp, iat } = decodeJwt(bearerOf(await signIn(t, admin.row.email)));
    expect(exp! - iat!).toBe(43_200);
    expect(Math.abs(exp! - (now() + 43_200))).toBeLessThanOrEqual(5);
  });
});

describe('TOKEN_TTL_SECONDS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TOKEN_TTL_SECONDS: '120' });
  });
  afterAll(async () => t.close());

  it('sets the lifetime of the tokens that sign-in and register hand out', async () => {
    const { admin } = await createClubWithAdmin(t);
    const signin = decodeJwt(bearerOf(await signIn(t, admin.row.email)));
    expect(signin.exp! - signin.iat!).toBe(120);
    expect(Math.abs(signin.exp! - (now() + 120))).toBeLessThanOrEqual(5);
    const register = await callEndpoint(t, endpoints.auth.register, {
      body: { name: 'Ann', email: `ttl-${Date.now()}@example.org`, password: 'sunny-day-42', clubName: 'TTL Club' },
    });
    const registered = decodeJwt(bearerOf(register));
    expect(registered.exp! - registered.iat!).toBe(120);
  });
});
