import { createHash, createVerify, generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ticketQrText, type TBuyerRegistration, type TEvent, type TRegistration } from '@clubtix/contract';
import { registrations } from '../../db/schema';
import { buyTickets, holdTickets } from '../../../test/buying';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { call, createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import {
  appleWalletEnv,
  googleWalletEnv,
  makeWalletCertificates,
  opensslVerifies,
  TEST_GOOGLE_ISSUER_ID,
  TEST_GOOGLE_SERVICE_ACCOUNT,
  type WalletCertificates,
} from '../../../test/wallet-certificates';
import { callEndpoint } from '../../../test/call-endpoint';

// Wallet passes (docs/product.md section 22, docs/decisions/0045-wallet-passes.md), signed with
// certificates made for this file and checked as Apple and Google would: hashes, PKCS #7, RS256.

const ISSUER_ID = TEST_GOOGLE_ISSUER_ID;
const SERVICE_ACCOUNT = TEST_GOOGLE_SERVICE_ACCOUNT;

const people = [
  { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.org' },
  { firstName: 'Bo', lastName: 'Chan', email: 'bo@example.org' },
];

function walletEnv(certs: WalletCertificates): Record<string, string> {
  return {
    PUBLIC_URL: 'https://tickets.example.org',
    ...appleWalletEnv(certs),
    ...googleWalletEnv(certs),
    // As a service account's JSON key carries it: line breaks written as \n.
    GOOGLE_WALLET_PRIVATE_KEY: certs.googlePrivateKey.replace(/\n/g, '\\n'),
  };
}

interface PassField {
  key: string;
  label: string;
  value: string;
}

type FieldGroup = 'primaryFields' | 'secondaryFields' | 'auxiliaryFields' | 'backFields';

interface PassJson {
  serialNumber: string;
  description: string;
  eventTicket: Record<FieldGroup, PassField[]>;
}

interface Localized {
  defaultValue: { language: string; value: string };
}

interface SaveClaims {
  iat: number;
  payload: {
    eventTicketClasses: { id: string; eventName: Localized; dateTime: { start: string; end: string } }[];
    eventTicketObjects: Record<string, unknown>[];
  };
}

const readJson = <T>(bytes: Uint8Array): T => JSON.parse(Buffer.from(bytes).toString('utf8')) as T;

async function fetchPass(t: TestApp, query: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/registration/getWalletPass', query });
}

const passQuery = (registration: TRegistration, attendeeIndex = 0) => ({
  registrationId: registration.registrationId,
  qrUuid: registration.qrUuid,
  attendeeId: registration.attendees[attendeeIndex]!.attendeeId,
});

async function buyerRegistration(t: TestApp, registration: TRegistration): Promise<TBuyerRegistration> {
  const response = await callEndpoint(t, endpoints.registration.getRegistration, {
    query: { registrationId: registration.registrationId, qrUuid: registration.qrUuid },
  });
  expect(response.status).toBe(200);
  return response.body.payload!;
}

async function eventWithTickets(t: TestApp) {
  const { admin } = await createClubWithAdmin(t);
  const event = await publishEvent(t, admin.token, {
    title: 'Riverside Jazz Night',
    venue: 'Boat House',
    address: '1 River Walk',
    timezone: 'Asia/Bangkok',
  });
  const ticket = await addTicket(t, admin.token, event.id, { name: 'Standing' });
  return { event, ticket };
}

describe('wallet passes, configured', () => {
  let t: TestApp;
  let certs: WalletCertificates;
  let event: TEvent;
  let registration: TRegistration;
  const logLines: string[] = [];
  beforeAll(async () => {
    certs = makeWalletCertificates();
    t = await createTestApp(
      { ...walletEnv(certs), LOG_LEVEL: 'trace' },
      { logDestination: { write: (line) => void logLines.push(line) } },
    );
    const setUp = await eventWithTickets(t);
    event = setUp.event;
    ({ registration } = await buyTickets(t, event.id, setUp.ticket.id, 'buyer@example.org', people));
  });
  afterAll(async () => {
    await t.close();
    certs.remove();
  });

  it('answers a signed .pkpass whose barcode is the attendee QR, hashes and signature verified', async () => {
    const response = await fetchPass(t, passQuery(registration));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="ticket-.+\.pkpass"/);
    const files = unzipSync(response.rawPayload);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['pass.json', 'icon.png', 'manifest.json', 'signature']));

    const pass = readJson<PassJson>(files['pass.json']!);
    const attendee = registration.attendees[0]!;
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.org.clubtix.test',
      teamIdentifier: 'TEAM123456',
      serialNumber: attendee.attendeeId,
      barcodes: [
        {
          format: 'PKBarcodeFormatQR',
          message: ticketQrText({
            registrationId: registration.registrationId,
            attendeeId: attendee.attendeeId,
            qrUuid: registration.qrUuid,
          }),
        },
      ],
    });
    const fields = [
      ...pass.eventTicket.primaryFields,
      ...pass.eventTicket.secondaryFields,
      ...pass.eventTicket.auxiliaryFields,
      ...pass.eventTicket.backFields,
    ];
    const value = (key: string) => fields.find((field) => field.key === key)?.value;
    expect(value('event')).toBe('Riverside Jazz Night');
    expect(value('attendee')).toBe('Ann Lee');
    expect(value('ticket')).toBe('Standing');
    expect(value('venue')).toBe('Boat House');
    expect(value('code')).toBe(`${attendee.shortCode.slice(0, 4)}-${attendee.shortCode.slice(4)}`);
    // The event's own zone (Bangkok), not the server's: the hour of the start there.
    const hour = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      hourCycle: 'h23',
      timeZone: event.timezone,
    }).format(new Date(event.startDate));
    expect(value('when')).toContain(`${hour}:`);
    expect(fields.find((field) => field.key === 'event')?.label).toBe('Event');

    const manifest = readJson<Record<string, string>>(files['manifest.json']!);
    const listed = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(listed.sort());
    for (const name of listed) {
      expect(manifest[name], name).toBe(createHash('sha1').update(files[name]!).digest('hex'));
    }

    const signature = Buffer.from(files['signature']!);
    const manifestBytes = Buffer.from(files['manifest.json']!);
    expect(opensslVerifies(certs, signature, manifestBytes)).toBe(true);
    const tampered = Buffer.from(manifestBytes.toString('utf8').replace(/"[0-9a-f]{40}"/, `"${'0'.repeat(40)}"`));
    expect(opensslVerifies(certs, signature, tampered)).toBe(false);
  });

  it('gives each attendee a pass of their own, in the language the buyer bought in', async () => {
    await t.db.update(registrations).set({ language: 'fr' }).where(eq(registrations.id, registration.registrationId));
    const second = await fetchPass(t, passQuery(registration, 1));
    expect(second.statusCode).toBe(200);
    const pass = readJson<PassJson>(unzipSync(second.rawPayload)['pass.json']!);
    expect(pass.serialNumber).toBe(registration.attendees[1]!.attendeeId);
    expect(pass.serialNumber).not.toBe(registration.attendees[0]!.attendeeId);
    expect(pass.description).toBe('Billet pour Riverside Jazz Night');
    expect(pass.eventTicket.primaryFields[0]?.label).toBe('Événement');
    await t.db.update(registrations).set({ language: 'en' }).where(eq(registrations.id, registration.registrationId));
  });

  it('refuses a wrong qrUuid, an attendee of another registration, an unpaid hold and bad input', async () => {
    const other = await buyTickets(t, event.id, registration.attendees[0]!.ticketId, 'other@example.org', [people[0]!]);
    const wrongSecret = await fetchPass(t, { ...passQuery(registration), qrUuid: other.registration.qrUuid });
    expect(wrongSecret.statusCode).toBe(404);
    const strayAttendee = await fetchPass(t, {
      ...passQuery(registration),
      attendeeId: other.registration.attendees[0]!.attendeeId,
    });
    expect(strayAttendee.statusCode).toBe(404);
    const held = await holdTickets(t, event.id, registration.attendees[0]!.ticketId, 'held@example.org', [people[1]!]);
    expect((await fetchPass(t, passQuery(held))).statusCode).toBe(404);
    const missing = await call(t, 'GET', '/registration/getWalletPass', {
      query: { registrationId: registration.registrationId, qrUuid: registration.qrUuid },
    });
    expectError(missing, 400, 'BAD_INPUT');
    for (const hostile of ['\u0000', '\ud800', 'x'.repeat(65)]) {
      const answer = await fetchPass(t, { ...passQuery(registration), attendeeId: hostile });
      expect(answer.statusCode, JSON.stringify(hostile)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, JSON.stringify(hostile)).toBeLessThan(500);
    }
    const heldBuyer = await buyerRegistration(t, held);
    expect(heldBuyer.wallets).toBeUndefined();
  });

  it('lists the wallets and a signed Save to Google Wallet link per attendee', async () => {
    const buyer = await buyerRegistration(t, registration);
    expect(buyer.wallets?.apple).toBe(true);
    const urls = buyer.wallets?.googleSaveUrls ?? {};
    expect(Object.keys(urls).sort()).toEqual(registration.attendees.map((a) => a.attendeeId).sort());
    const attendee = registration.attendees[1]!;
    const url = urls[attendee.attendeeId]!;
    expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const [header, payload, signature] = url.slice('https://pay.google.com/gp/v/save/'.length).split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    const verified = createVerify('RSA-SHA256')
      .update(`${header}.${payload}`)
      .verify(certs.googlePublicKey, Buffer.from(signature!, 'base64url'));
    expect(verified).toBe(true);
    const claims = readJson<SaveClaims>(Buffer.from(payload!, 'base64url'));
    expect(claims).toMatchObject({
      iss: SERVICE_ACCOUNT,
      aud: 'google',
      typ: 'savetowallet',
      origins: ['https://tickets.example.org'],
    });
    expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(60);
    const ticketClass = claims.payload.eventTicketClasses[0]!;
    const ticketObject = claims.payload.eventTicketObjects[0];
    expect(ticketClass.id).toBe(`${ISSUER_ID}.clubtix-event-${event.id}`);
    expect(ticketClass.eventName.defaultValue.value).toBe('Riverside Jazz Night');
    expect(ticketClass.dateTime.start).toMatch(/\+07:00$/);
    expect(ticketObject).toMatchObject({
      id: `${ISSUER_ID}.clubtix-ticket-${attendee.attendeeId}`,
      classId: ticketClass.id,
      state: 'ACTIVE',
      ticketHolderName: 'Bo Chan',
      barcode: {
        type: 'QR_CODE',
        value: ticketQrText({
          registrationId: registration.registrationId,
          attendeeId: attendee.attendeeId,
          qrUuid: registration.qrUuid,
        }),
      },
    });
    // The JWT was signed with the configured key, not another: a forged key does not verify.
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const byOther = createVerify('RSA-SHA256')
      .update(`${header}.${payload}`)
      .verify(other, Buffer.from(signature!, 'base64url'));
    expect(byOther).toBe(false);
  });

  it('logs no key, passphrase, buyer secret or save link, even at trace level', () => {
    const log = logLines.join('');
    expect(log).toContain('/registration/getWalletPass');
    for (const secret of [certs.keyPassphrase, 'PRIVATE KEY', registration.qrUuid, 'pay.google.com/gp/v/save/eyJ']) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('wallet passes, not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers 404 for a pass and lists no wallets', async () => {
    const { event, ticket } = await eventWithTickets(t);
    const { registration } = await buyTickets(t, event.id, ticket.id, 'buyer@example.org', [people[0]!]);
    const response = await fetchPass(t, passQuery(registration));
    expect(response.statusCode).toBe(404);
    const buyer = await buyerRegistration(t, registration);
    expect(buyer).not.toHaveProperty('wallets');
  });
});
