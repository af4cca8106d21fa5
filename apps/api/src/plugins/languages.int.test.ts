import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createClubWithAdmin,
  createTestApp,
  expectError,
  type ApiResponse,
  type TestApp,
} from '../../test/helpers';
import { endpoints } from '@clubtix/contract';
import { callEndpoint } from '../../test/call-endpoint';

/**
 * The server answers a person in the request's language (docs/product.md section 22,
 * docs/decisions/0047-server-messages.md): its own errors, the contract's validation messages and
 * zod's, by Accept-Language; English as ever, and English for a language ClubTix does not speak.
 */
let t: TestApp;
let admin: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const made = await createClubWithAdmin(t);
  admin = { id: made.admin.row.id, token: made.admin.token };
});

afterAll(async () => {
  await t?.close();
});

const asked = (language: string) => ({ 'accept-language': language });

/** Four answers a person meets: a 404, a 409, a contract message on a field, zod's own message. */
async function answers(language?: string) {
  const headers = language ? asked(language) : {};
  const missing = await callEndpoint(t, endpoints.event.getEvent, { query: { eventId: 'no-such-event' }, headers });
  const ownAccount = await callEndpoint(t, endpoints.appUser.deleteAppUser, {
    token: admin.token,
    query: { id: admin.id },
    headers,
  });
  const badEmail = await callEndpoint(t, endpoints.auth.signin, {
    body: { email: 'not an address', password: 'x' },
    headers,
  });
  const notAnObject = await call(t, 'POST', '/auth/signin', { body: [1, 2], headers });
  const noSuchCall = await call(t, 'GET', '/no/such/call', { headers });
  return { missing, ownAccount, badEmail, notAnObject, noSuchCall };
}

const texts = (response: ApiResponse) => [
  response.body.msg ?? '',
  ...(response.body.errors ?? []).map((e) => e.message),
];

describe('messages in the request language', () => {
  let english: Awaited<ReturnType<typeof answers>>;

  beforeAll(async () => {
    english = await answers();
  });

  it('answers English as before', () => {
    expectError(english.missing, 404, 'NOT_FOUND', 'Event not found');
    expectError(english.ownAccount, 409, 'CONFLICT', 'You cannot delete your own account while signed in with it');
    expectError(
      english.badEmail,
      400,
      'BAD_INPUT',
      'email: Enter a valid e-mail address, like name@example.org, with no spaces',
    );
    expectError(english.notAnObject, 400, 'BAD_INPUT', 'body: Invalid input: expected object, received array');
    expectError(english.noSuchCall, 404, 'NOT_FOUND', 'No such API call: GET /api/no/such/call');
  });

  it.each(['th', 'fr-FR', 'es', 'de-CH,de;q=0.9'])('answers %s in its language, never a raw key', async (language) => {
    const local = await answers(language);
    expectError(local.missing, 404, 'NOT_FOUND');
    expectError(local.ownAccount, 409, 'CONFLICT');
    expectError(local.badEmail, 400, 'BAD_INPUT');
    expectError(local.notAnObject, 400, 'BAD_INPUT');
    expectError(local.noSuchCall, 404, 'NOT_FOUND');
    for (const key of ['missing', 'ownAccount', 'badEmail', 'notAnObject', 'noSuchCall'] as const) {
      const said = texts(local[key]);
      expect(said, key).not.toEqual(texts(english[key]));
      for (const text of said) {
        expect(text, key).not.toMatch(/^errors\.|^replies\.|\{\w+\}/);
        expect(text.length, key).toBeGreaterThan(3);
      }
    }
    // The field is named the same way in every language, only its message is translated.
    expect(local.badEmail.body.errors?.[0]?.path).toBe('email');
    expect(local.badEmail.body.msg).toMatch(/^email: /);
  });

  it('says the words of each language', async () => {
    expect((await answers('fr')).missing.body.msg).toBe('Événement introuvable');
    expect((await answers('de')).ownAccount.body.msg).toBe(
      'Sie können Ihr eigenes Konto nicht löschen, während Sie damit angemeldet sind',
    );
    expect((await answers('es')).badEmail.body.errors?.[0]?.message).toBe(
      'Introduce un correo electrónico válido, como nombre@example.org, sin espacios',
    );
    expect((await answers('th')).notAnObject.body.msg).toMatch(/^body: .*[\u0E00-\u0E7F]/);
  });

  it('answers English to a language ClubTix does not speak', async () => {
    const other = await answers('ja-JP,ja;q=0.9');
    for (const key of ['missing', 'ownAccount', 'badEmail', 'notAnObject', 'noSuchCall'] as const) {
      expect(texts(other[key]), key).toEqual(texts(english[key]));
    }
  });

  it('says a success message in the language too', async () => {
    const signedIn = await callEndpoint(t, endpoints.auth.signin, {
      body: { email: 'nobody@example.org', password: 'password123' },
      headers: asked('de'),
    });
    expectError(signedIn, 401, 'UNAUTHENTICATED', 'E-Mail oder Passwort ist falsch');
  });
});
