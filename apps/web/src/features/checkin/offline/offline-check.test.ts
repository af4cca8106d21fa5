import { scryptSync } from 'node:crypto';
import { passQrText, ticketQrText, type TDoorHashing, type TDoorListAttendee } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { doorHasher } from './door-hash';
import { offlineOutcome } from './offline-outcome';
import { checkOffline, indexDoorList, type OfflineVerdict } from './offline-check';
import { i18n, startI18n } from '../../../i18n/i18n';

// The door's words in English, as the tests read them.
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('checkin');
});

const QR_UUID = '6f1c0a52-5b0e-4c4e-9d7e-2b8f0c1d2e3f';
/** The parameters the server announces (apps/api/src/modules/checkin/door-hashes.ts), with a salt of its kind. */
const HASHING: TDoorHashing = {
  algorithm: 'scrypt',
  salt: Buffer.from('sixteen bytes!!!').toString('base64url'),
  N: 4096,
  r: 8,
  p: 1,
  keyLength: 16,
};

/** How the server hashes (node:crypto), so the device's hashes are checked against another implementation. */
const serverHash = (secret: string) =>
  scryptSync(secret, Buffer.from(HASHING.salt, 'base64url'), HASHING.keyLength, {
    N: HASHING.N,
    r: HASHING.r,
    p: HASHING.p,
  }).toString('base64url');

const listed = (attendeeId: string, code: string, fields: Partial<TDoorListAttendee> = {}): TDoorListAttendee => ({
  attendeeId,
  registrationId: 'reg-1',
  codeHash: serverHash(`c:${code}`),
  qrHash: serverHash(`q:${QR_UUID}`),
  firstName: 'Ada',
  lastName: 'Lovelace',
  ticketName: 'Adult',
  checkedInAt: null,
  checkedInDeviceId: null,
  ...fields,
});

const REFUNDED_QR = '0b5e7c1d-3a2f-4d6e-8f90-1a2b3c4d5e6f';
const PASS_SECRET = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const LIST = [
  listed('att-ada', 'ABCD2345'),
  listed('att-grace', 'WXYZ6789', { firstName: 'Grace', lastName: 'Hopper', checkedInAt: '2026-05-01T17:02:00.000Z' }),
  // Refunded with its tickets released, as the server lists it (door-list.service.ts): hashed the same way.
  listed('att-alan', 'HJKM3456', {
    registrationId: 'reg-refunded',
    qrHash: serverHash(`q:${REFUNDED_QR}`),
    firstName: 'Alan',
    lastName: 'Turing',
    cancelled: { at: '2026-05-01T16:30:00.000Z', refunded: true },
  }),
  listed('att-free', 'PQRS4567', { registrationId: 'reg-free', cancelled: { at: null, refunded: false } }),
  // A season pass's place at this event: its registration's secret is the pass's (passes.ts).
  listed('att-pass', 'PASS2345', {
    registrationId: 'reg-pass',
    qrHash: serverHash(`q:${PASS_SECRET}`),
    firstName: 'Sam',
    lastName: 'Holder',
    passPurchaseId: 'pass-1',
  }),
];

/** Counts the hashes the device makes, to see what a repeated scan costs. */
let hashed: string[] = [];
const hasher = doorHasher(HASHING);
const countingHasher = (secret: string) => {
  hashed.push(secret);
  return hasher(secret);
};

const qr = (attendeeId: string, qrUuid = QR_UUID, registrationId = 'reg-1') =>
  ticketQrText({ registrationId, attendeeId, qrUuid });

function check(text: string, admittedHere = new Map<string, string>()): Promise<OfflineVerdict> {
  return checkOffline(text, indexDoorList({ attendees: LIST }), admittedHere, countingHasher);
}

describe('the offline check of a scan against the door list (docs/product.md section 20)', () => {
  it("admits a season pass's QR by its pass, once; another pass, or a wrong secret, is not let in", async () => {
    expect(await check(passQrText('pass-1', PASS_SECRET))).toMatchObject({
      kind: 'valid',
      via: 'qr',
      attendee: { attendeeId: 'att-pass' },
    });
    expect(
      await check(passQrText('pass-1', PASS_SECRET), new Map([['att-pass', '2026-05-01T18:00:00.000Z']])),
    ).toMatchObject({
      kind: 'alreadyIn',
      where: 'thisDevice',
    });
    expect(await check(passQrText('pass-2', PASS_SECRET))).toEqual({ kind: 'notOnList' });
    expect(await check(passQrText('pass-1', QR_UUID))).toMatchObject({ kind: 'forged' });
  });

  it("hashes as the server does: scrypt with the list's salt and parameters, base64url", async () => {
    expect(await hasher('c:ABCD2345')).toBe(serverHash('c:ABCD2345'));
    expect(
      await doorHasher({ ...HASHING, salt: Buffer.from('another 16 bytes').toString('base64url') })('c:ABCD2345'),
    ).not.toBe(serverHash('c:ABCD2345'));
  });

  it('hashes a ticket scanned again only once in a session', async () => {
    const text = qr('att-ada');
    await check(text);
    hashed = [];
    const started = performance.now();
    expect((await check(text)).kind).toBe('valid');
    expect(performance.now() - started).toBeLessThan(5);
    expect(await check(text)).toMatchObject({ kind: 'valid', via: 'qr' });
    // Asked for twice, made by neither: the session's hash answers at once.
    expect(hashed).toEqual([`q:${QR_UUID}`, `q:${QR_UUID}`]);
  });

  it("admits a ticket whose QR's secret hashes to the list's", async () => {
    const verdict = await check(qr('att-ada'));
    expect(verdict).toMatchObject({ kind: 'valid', via: 'qr', attendee: { attendeeId: 'att-ada' } });
  });

  it('refuses a forged QR: a made-up secret, or the registration of another booking', async () => {
    expect((await check(qr('att-ada', 'aaaaaaaa-0000-4000-8000-000000000000'))).kind).toBe('forged');
    expect((await check(qr('att-ada', QR_UUID, 'reg-other'))).kind).toBe('forged');
    const outcome = offlineOutcome(await check(qr('att-ada', 'made-up')), 'Europe/London');
    expect(outcome).toMatchObject({ tone: 'red', title: 'Forged ticket: do not admit' });
  });

  it("says a ticket the list does not hold is not on this event's list (another event's, or cancelled)", async () => {
    const verdict = await check(qr('att-of-another-event'));
    expect(verdict.kind).toBe('notOnList');
    expect(offlineOutcome(verdict, 'Europe/London').title).toBe("Not on this event's list");
  });

  it('knows an attendee let in on this device, with the time, before the list says anything', async () => {
    const admittedHere = new Map([['att-ada', '2026-05-01T18:05:00.000Z']]);
    const verdict = await check(qr('att-ada'), admittedHere);
    expect(verdict).toMatchObject({ kind: 'alreadyIn', where: 'thisDevice', at: '2026-05-01T18:05:00.000Z' });
    const outcome = offlineOutcome(verdict, 'Europe/London', new Date('2026-05-01T20:00:00.000Z'));
    expect(outcome).toMatchObject({ tone: 'orange', title: 'Already checked in on this device at 19:05' });
  });

  it('knows an attendee checked in before the list was prepared', async () => {
    const verdict = await check(qr('att-grace'));
    expect(verdict).toMatchObject({ kind: 'alreadyIn', where: 'beforePreparing', at: '2026-05-01T17:02:00.000Z' });
  });

  it('accepts a typed short code in any case, with or without the dash or spaces, by its hash', async () => {
    for (const typed of ['ABCD-2345', 'abcd2345', ' abcd 2345 ', 'Abcd-2345']) {
      expect(await check(typed)).toMatchObject({ kind: 'valid', via: 'shortCode', attendee: { firstName: 'Ada' } });
    }
    expect((await check('WXYZ-6789')).kind).toBe('alreadyIn');
    // The list the device holds has no code to read: only hashes.
    expect(JSON.stringify(LIST)).not.toMatch(/ABCD|2345|WXYZ|6789/);
  });

  it('refuses a refunded ticket as cancelled with when, scanned or typed, never as unknown and never admitted', async () => {
    const now = new Date('2026-05-01T20:00:00.000Z');
    for (const text of [qr('att-alan', REFUNDED_QR, 'reg-refunded'), 'hjkm-3456', 'HJKM3456']) {
      const verdict = await check(text);
      expect(verdict).toMatchObject({
        kind: 'cancelled',
        attendee: { attendeeId: 'att-alan' },
        cancelled: { at: '2026-05-01T16:30:00.000Z', refunded: true },
      });
      expect(offlineOutcome(verdict, 'Europe/London', now)).toEqual({
        who: 'Alan Turing',
        title: 'Cancelled: refunded',
        detail: 'Refunded at 17:30. Do not admit.',
        tone: 'red',
      });
    }
    // Even admitted on this device before the list knew: cancelled comes first.
    const admittedHere = new Map([['att-alan', '2026-05-01T18:05:00.000Z']]);
    expect((await check('HJKM-3456', admittedHere)).kind).toBe('cancelled');
    // A forged QR naming a refunded ticket is still forged, not cancelled.
    expect((await check(qr('att-alan', QR_UUID, 'reg-refunded'))).kind).toBe('forged');
    // Cancelled by the admin with nothing to refund: "Cancelled".
    const free = offlineOutcome(await check('PQRS-4567'), 'Europe/London', now);
    expect(free).toMatchObject({ title: 'Cancelled', detail: null, tone: 'red' });
  });

  it('tells an unknown short code from text that is no code at all, and waits for the server for a voucher', async () => {
    expect(await check('BCDF-2345')).toEqual({ kind: 'unknownCode', code: 'BCDF2345' });
    expect((await check('hello there')).kind).toBe('notOurCode');
    expect((await check(JSON.stringify({ x: 'purchase-1', q: QR_UUID }))).kind).toBe('voucher');
  });
});
