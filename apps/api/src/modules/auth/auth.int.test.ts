import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ROLE_ADMIN, ROLE_SUDO, type TCurrentUser } from '@clubtix/contract';
import {
  bearerOf,
  call,
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
const newEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${counter++}@example.org`;

function currentUserOf(response: ApiResponse): TCurrentUser {
  return (response.body.payload as { currentUser: TCurrentUser }).currentUser;
}

describe('POST /api/auth/signin', () => {
  let t: TestApp;
  let sudoToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    sudoToken = (await createSudo(t)).token;
  });
  afterAll(async () => t.close());

  it('answers the token in the authorization header and the current user in the payload', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const response = await signIn(t, admin.row.email);
    expect(response.status).toBe(200);
    expect(currentUserOf(response)).toEqual({
      id: admin.row.id,
      email: admin.row.email,
      name: admin.row.name,
      role: ROLE_ADMIN,
      clubId: club.id,
    });
    const clubs = await callEndpoint(t, endpoints.club.getAllClubs, { token: bearerOf(response) });
    expect(clubs.status).toBe(200);
    expect(clubs.body.payload!.map((c) => c.id)).toEqual([club.id]);
  });

  it('greets a first sign-in with "Welcome" and every later one with "Welcome back"', async () => {
    const { admin } = await createClubWithAdmin(t);
    expect((await signIn(t, admin.row.email)).body.msg).toBe('Welcome, Club Admin');
    expect((await signIn(t, admin.row.email)).body.msg).toBe('Welcome back, Club Admin');
    const registered = await callEndpoint(t, endpoints.auth.register, {
      body: { name: 'Reg Istered', email: newEmail('reg'), password: 'rightpass1', clubName: `Club ${counter++}` },
    });
    expect(registered.status).toBe(200);
    // Signing up opened the first session.
    const again = await callEndpoint(t, endpoints.auth.signin, {
      body: { email: currentUserOf(registered).email, password: 'rightpass1' },
    });
    expect(again.body.msg).toBe('Welcome back, Reg Istered');
  });

  it('signs in the super user with role 20 and no club', async () => {
    const sudo = await createSudo(t);
    const response = await signIn(t, sudo.row.email);
    expect(response.status).toBe(200);
    expect(currentUserOf(response)).toMatchObject({ id: sudo.row.id, role: ROLE_SUDO, clubId: null });
  });

  it('treats the e-mail case-insensitively and ignores surrounding spaces', async () => {
    const { admin } = await createClubWithAdmin(t);
    const response = await signIn(t, `  ${admin.row.email.toUpperCase()} `);
    expect(response.status).toBe(200);
    expect(currentUserOf(response).id).toBe(admin.row.id);
  });

  it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
    const { admin } = await createClubWithAdmin(t);
    const wrongPassword = await signIn(t, admin.row.email, 'wrong-password-1');
    expectError(wrongPassword, 401, 'UNAUTHENTICATED', 'Invalid e-mail or password');
    expect(wrongPassword.headers.authorization).toBeUndefined();
    const unknown = await signIn(t, newEmail('nobody'));
    expectError(unknown, 401, 'UNAUTHENTICATED', 'Invalid e-mail or password');
  });

  it.each([
    ['no e-mail', { password: TEST_PASSWORD }, 'email', 'E-mail is required'],
    ['an e-mail with a space', { email: 'ann @example.org', password: TEST_PASSWORD }, 'email', 'no spaces'],
    ['an e-mail without @', { email: 'ann.example.org', password: TEST_PASSWORD }, 'email', 'valid e-mail'],
    ['a number as e-mail', { email: 42, password: TEST_PASSWORD }, 'email', 'E-mail is required'],
    ['no password', { email: 'ann@example.org' }, 'password', 'Password is required!'],
    ['an empty password', { email: 'ann@example.org', password: '' }, 'password', 'Password is required!'],
  ])('refuses %s with a 400 naming the field', async (_case, body, field, message) => {
    const response = await call(t, 'POST', '/auth/signin', { body });
    expectError(response, 400, 'BAD_INPUT', new RegExp(`^${field}: .*${message}`));
    expect(response.body.errors?.[0]?.path).toBe(field);
    expect(response.body.errors?.[0]?.message).toContain(message);
  });

  it('never echoes the password', async () => {
    const { admin } = await createClubWithAdmin(t);
    const good = await signIn(t, admin.row.email);
    const bad = await signIn(t, admin.row.email, 'secret-guess-77');
    expect(good.text).not.toContain(TEST_PASSWORD);
    expect(bad.text).not.toContain('secret-guess-77');
    expect(good.text).not.toMatch(/scrypt|hash/i);
    // The sudo token still works: nothing above touched other accounts.
    expect((await callEndpoint(t, endpoints.club.getAllClubs, { token: sudoToken })).status).toBe(200);
  });
});

describe('POST /api/auth/register', () => {
  let t: TestApp;
  let sudoToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    sudoToken = (await createSudo(t)).token;
  });
  afterAll(async () => t.close());

  const allClubs = async () => (await callEndpoint(t, endpoints.club.getAllClubs, { token: sudoToken })).body.payload!;
  const registration = (overrides: Record<string, unknown> = {}) => ({
    name: 'Ann Organiser',
    email: newEmail('ann'),
    password: 'sunny-day-42',
    clubName: `Riverside Runners ${counter++}`,
    ...overrides,
  });

  it('creates a club and its first admin, and signs them in', async () => {
    const body = registration({ email: `  New.Admin.${counter++}@Example.ORG ` });
    const response = await callEndpoint(t, endpoints.auth.register, { body });
    expect(response.status).toBe(200);
    const user = currentUserOf(response);
    expect(user).toMatchObject({
      name: 'Ann Organiser',
      email: String(body.email).trim().toLowerCase(),
      role: ROLE_ADMIN,
    });
    expect(user.clubId).toEqual(expect.any(String));
    expect(response.text).not.toContain('sunny-day-42');

    const own = await callEndpoint(t, endpoints.club.getAllClubs, { token: bearerOf(response) });
    expect(own.body.payload).toEqual([
      expect.objectContaining({
        id: user.clubId,
        name: body.clubName,
        admins: [{ id: user.id, name: 'Ann Organiser', email: user.email }],
      }),
    ]);
    const again = await signIn(t, user.email, 'sunny-day-42');
    expect(currentUserOf(again)).toEqual(user);
  });

  it.each([
    [undefined, 'Password is required!'],
    ['', 'Password is required!'],
    ['abc1', 'Password must be 8 or more characters!'],
    ['abcdefgh', 'Password must include at least one number!'],
  ])('applies the password rules of docs/product.md to %j: %s', async (password, message) => {
    const body = registration({ password });
    const response = await callEndpoint(t, endpoints.auth.register, { body });
    expectError(response, 400, 'BAD_INPUT', `password: ${message}`);
    expect(response.body.errors).toEqual([{ path: 'password', message }]);
    expect((await allClubs()).some((club) => club.name === body.clubName)).toBe(false);
  });

  it.each([
    ['name', { name: '  ' }, 'Name is required'],
    ['clubName', { clubName: undefined }, 'Club name is required'],
    ['clubName', { clubName: 'x'.repeat(121) }, 'Club name must be at most 120 characters'],
    ['email', { email: 'not an e-mail' }, 'valid e-mail'],
  ])('refuses a bad %s with a 400 naming it', async (field, overrides, message) => {
    const response = await callEndpoint(t, endpoints.auth.register, { body: registration(overrides) });
    expectError(response, 400, 'BAD_INPUT', new RegExp(`^${field}: .*${message}`));
  });

  it('answers 409 for an e-mail that already has an account, in any case, and creates no club', async () => {
    const { admin } = await createClubWithAdmin(t);
    const before = await allClubs();
    const response = await callEndpoint(t, endpoints.auth.register, {
      body: registration({ email: admin.row.email.toUpperCase() }),
    });
    expectError(response, 409, 'CONFLICT', 'An account with this e-mail already exists');
    expect(response.headers.authorization).toBeUndefined();
    expect(await allClubs()).toEqual(before);
  });

  it('lets exactly one of two simultaneous sign-ups with the same e-mail through', async () => {
    const email = newEmail('twin');
    const before = await allClubs();
    const responses = await Promise.all([
      callEndpoint(t, endpoints.auth.register, { body: registration({ email }) }),
      callEndpoint(t, endpoints.auth.register, { body: registration({ email }) }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expectError(
      responses.find((r) => r.status !== 200)!,
      409,
      'CONFLICT',
    );
    expect(await allClubs()).toHaveLength(before.length + 1);
  });
});

describe('POST /api/auth/register with ALLOW_SIGNUP=false', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ALLOW_SIGNUP: 'false' });
  });
  afterAll(async () => t.close());

  it('answers 403 and creates nothing, while sign-in still works', async () => {
    const sudo = await createSudo(t);
    const email = newEmail('closed');
    const response = await callEndpoint(t, endpoints.auth.register, {
      body: { name: 'Ann', email, password: 'sunny-day-42', clubName: 'Closed Club' },
    });
    expectError(response, 403, 'FORBIDDEN', /Sign-up is closed/);
    expect(response.headers.authorization).toBeUndefined();
    const clubs = await callEndpoint(t, endpoints.club.getAllClubs, { token: sudo.token });
    expect(clubs.body.payload).toEqual([]);
    expectError(await signIn(t, email, 'sunny-day-42'), 401, 'UNAUTHENTICATED');
    expect((await signIn(t, sudo.row.email)).status).toBe(200);
  });
});
