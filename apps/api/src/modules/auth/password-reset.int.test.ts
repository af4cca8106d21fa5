import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ROLE_STAFF, type BodyOf } from '@clubtix/contract';
import { mailOutbox } from '../../db/schema';
import {
  bearerOf,
  createClubWithAdmin,
  createTestApp,
  expectError,
  signIn,
  TEST_PASSWORD,
  type ApiResponse,
  type TestApp,
} from '../../../test/helpers';
import { RESET_MAILS_PER_EMAIL_PER_HOUR } from './password-reset.service';
import { callEndpoint } from '../../../test/call-endpoint';

const USED = 'This link has already been used or is no longer valid. Ask for a new one from the sign-in page.';
const ASKED = 'If an account has this e-mail, a link to set a new password is on its way. Check your inbox.';

let counter = 0;
const newEmail = (prefix = 'person') => `${prefix}-${Date.now().toString(36)}-${counter++}@example.org`;
let addressCounter = 1;
const newAddress = () => `10.9.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

describe('forgot password and invitations (docs/decisions/0068-password-reset-and-invitations.md)', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'debug' }, { logDestination: { write: (line) => logLines.push(line) } });
  });
  afterAll(async () => t.close());

  const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  /** The token of the link in the mail, as the person's browser reads it from the address's fragment. */
  const linkOf = (text: string) => {
    const match = /\/set-password#(?:invite=1&)?token=([^\s]+)/.exec(text);
    expect(match, text).not.toBeNull();
    return decodeURIComponent(match![1]!);
  };
  const ask = (email: string, remoteAddress = newAddress(), language = 'en') =>
    callEndpoint(t, endpoints.auth.requestPasswordReset, {
      body: { email },
      remoteAddress,
      headers: { 'accept-language': language },
    });
  const reset = (token: string, password: string, remoteAddress = newAddress()) =>
    callEndpoint(t, endpoints.auth.resetPassword, { body: { token, password }, remoteAddress });
  const sameAnswer = (response: ApiResponse) => ({
    status: response.status,
    body: response.body,
    contentType: response.headers['content-type'],
    authorization: response.headers.authorization,
  });

  it('answers a known and an unknown e-mail alike, and mails only the known one a link valid one hour', async () => {
    const { admin } = await createClubWithAdmin(t);
    const unknown = newEmail('nobody');
    const known = await ask(admin.row.email);
    const stranger = await ask(unknown);
    expect(sameAnswer(known)).toEqual(sameAnswer(stranger));
    expect(known.body).toEqual({ payload: { requested: true }, msg: ASKED });
    expect(await mailsTo(unknown)).toHaveLength(0);
    const [mail] = await mailsTo(admin.row.email);
    expect(mail!.subject).toBe('Set a new password for ClubTix');
    expect(mail!.text).toContain('The link works once, for 60 minutes.');
    expect(mail!.text).toContain(`${t.config.publicUrl}/set-password#token=`);
    const payload = JSON.parse(Buffer.from(linkOf(mail!.text).split('.')[1]!, 'base64url').toString()) as {
      exp: number;
      iat: number;
    };
    expect(payload.exp - payload.iat).toBe(3600);
  });

  it('mails in the language the person asked in', async () => {
    const { admin } = await createClubWithAdmin(t);
    expect((await ask(admin.row.email, newAddress(), 'fr')).body.msg).toMatch(/^Si un compte utilise cette adresse/);
    const [mail] = await mailsTo(admin.row.email);
    expect(mail!.subject).toBe('Choisir un nouveau mot de passe pour ClubTix');
    expect(mail!.html).toContain('lang="fr"');
  });

  it('sets the password once, ends every earlier session and signs in; a second use answers 400', async () => {
    const { admin } = await createClubWithAdmin(t);
    await ask(admin.row.email);
    const token = linkOf((await mailsTo(admin.row.email))[0]!.text);
    const done = await reset(token, 'brand-new-pass-1');
    expect(done.status).toBe(200);
    expect(done.body.msg).toBe('Your new password is set. Every other session of your account is signed out.');
    expect(done.body.payload).toMatchObject({ currentUser: { id: admin.row.id, email: admin.row.email } });
    // The session the person had before (another device) is over; the new one works.
    expectError(await callEndpoint(t, endpoints.auth.getAccount, { token: admin.token }), 401, 'UNAUTHENTICATED');
    expect((await callEndpoint(t, endpoints.auth.getAccount, { token: bearerOf(done) })).status).toBe(200);
    expect((await signIn(t, admin.row.email, 'brand-new-pass-1', newAddress())).status).toBe(200);
    expectError(await signIn(t, admin.row.email, TEST_PASSWORD, newAddress()), 401, 'UNAUTHENTICATED');

    const again = await reset(token, 'another-pass-2');
    expectError(again, 400, 'BAD_INPUT', USED);
    expect(again.body.errors).toEqual([{ path: 'token', message: USED }]);
    expect((await signIn(t, admin.row.email, 'brand-new-pass-1', newAddress())).status).toBe(200);
  });

  it('lets exactly one of two simultaneous uses of one link set the password', async () => {
    const { admin } = await createClubWithAdmin(t);
    await ask(admin.row.email);
    const token = linkOf((await mailsTo(admin.row.email))[0]!.text);
    const answers = await Promise.all([reset(token, 'first-pass-11'), reset(token, 'second-pass-22')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const won = answers.find((answer) => answer.status === 200)!;
    const password = answers[0] === won ? 'first-pass-11' : 'second-pass-22';
    const lost = answers[0] === won ? 'second-pass-22' : 'first-pass-11';
    expectError(
      answers.find((answer) => answer !== won)!,
      400,
      'BAD_INPUT',
      USED,
    );
    expect((await signIn(t, admin.row.email, password, newAddress())).status).toBe(200);
    expectError(await signIn(t, admin.row.email, lost, newAddress()), 401, 'UNAUTHENTICATED');
  });

  it('refuses a link that is not one: a session token, a forged one, a weak new password', async () => {
    const { admin } = await createClubWithAdmin(t);
    expectError(await reset(admin.token, 'brand-new-pass-1'), 400, 'BAD_INPUT', USED);
    expectError(await reset('not-a-token', 'brand-new-pass-1'), 400, 'BAD_INPUT', USED);
    await ask(admin.row.email);
    const token = linkOf((await mailsTo(admin.row.email))[0]!.text);
    const weak = await reset(token, 'short');
    expectError(weak, 400, 'BAD_INPUT');
    expect(weak.body.errors?.[0]?.path).toBe('password');
    // The weak try changed nothing: the link still works.
    expect((await reset(token, 'brand-new-pass-1')).status).toBe(200);
  });

  it(`mails one e-mail at most ${RESET_MAILS_PER_EMAIL_PER_HOUR} links an hour, answering every ask alike`, async () => {
    const { admin } = await createClubWithAdmin(t);
    const answers = [];
    for (let i = 0; i <= RESET_MAILS_PER_EMAIL_PER_HOUR + 1; i += 1) answers.push(await ask(admin.row.email));
    expect(new Set(answers.map((answer) => JSON.stringify(sameAnswer(answer)))).size).toBe(1);
    expect(await mailsTo(admin.row.email)).toHaveLength(RESET_MAILS_PER_EMAIL_PER_HOUR);
  });

  const save = (token: string, body: BodyOf<typeof endpoints.appUser.save>, language = 'en') =>
    callEndpoint(t, endpoints.appUser.save, { token, body, headers: { 'accept-language': language } });

  it('invites a new admin or door staff saved without a password: a link valid 7 days, "Welcome" on setting it', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const email = newEmail('invited');
    const created = await save(
      admin.token,
      { name: 'Ines Invited', email, clubId: club.id, role: ROLE_STAFF, allEvents: true },
      'de',
    );
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe(`Einladung an ${email} gesendet`);
    expect(created.body.payload).toMatchObject({ email, invitationPending: true, allEvents: true });
    const [mail] = await mailsTo(email);
    expect(mail!.clubId).toBe(club.id);
    expect(mail!.subject).toBe(`Ihre Einladung zu ${club.name}`);
    expect(mail!.text).toContain('7 Tage');
    expect(mail!.text).toContain('/set-password#invite=1&token=');
    // No password works before the person chooses one.
    expectError(await signIn(t, email, TEST_PASSWORD, newAddress()), 401, 'UNAUTHENTICATED');

    const token = linkOf(mail!.text);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
      iat: number;
    };
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
    const set = await reset(token, 'chosen-pass-1');
    expect(set.status).toBe(200);
    expect(set.body.msg).toBe('Welcome, Ines Invited');
    expect((await signIn(t, email, 'chosen-pass-1', newAddress())).status).toBe(200);
    expectError(await reset(token, 'chosen-pass-2'), 400, 'BAD_INPUT', USED);
    const listed = (
      await callEndpoint(t, endpoints.appUser.getAppUsers, { token: admin.token, query: { clubId: club.id } })
    ).body.payload!;
    expect(listed.appUsers.find((user) => user.email === email)).toMatchObject({ invitationPending: false });
  });

  it('sends the invitation again: the new link works, the earlier one no longer does', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const email = newEmail('again');
    const created = (await save(admin.token, { name: 'Al Again', email, clubId: club.id })).body.payload!;
    const first = linkOf((await mailsTo(email))[0]!.text);
    const resent = await callEndpoint(t, endpoints.appUser.sendInvitation, {
      token: admin.token,
      body: { id: created.id },
    });
    expect(resent.status).toBe(200);
    expect(resent.body.msg).toBe(`Invitation sent to ${email}`);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const second = linkOf(mails.map((mail) => mail.text).find((text) => !text.includes(encodeURIComponent(first)))!);
    expectError(await reset(first, 'chosen-pass-1'), 400, 'BAD_INPUT', USED);
    expect((await reset(second, 'chosen-pass-1')).status).toBe(200);
    // Once the password is set there is no invitation to send again.
    expectError(
      await callEndpoint(t, endpoints.appUser.sendInvitation, { token: admin.token, body: { id: created.id } }),
      400,
      'BAD_INPUT',
    );
  });

  it('still creates with a password when one is sent (tests and API callers), mailing nothing', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const email = newEmail('direct');
    const created = await save(admin.token, { name: 'Di Rect', email, password: 'given-pass-1', clubId: club.id });
    expect(created.body).toMatchObject({ msg: 'Admin created', payload: { invitationPending: false } });
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await signIn(t, email, 'given-pass-1', newAddress())).status).toBe(200);
  });

  it('writes no link token in any log line', async () => {
    const { admin } = await createClubWithAdmin(t);
    await ask(admin.row.email);
    const token = linkOf((await mailsTo(admin.row.email))[0]!.text);
    await reset(token, 'logged-pass-1');
    await reset(token, 'logged-pass-2');
    await reset(`${token}x`, 'logged-pass-3');
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(token.split('.')[2]!);
  });
});
