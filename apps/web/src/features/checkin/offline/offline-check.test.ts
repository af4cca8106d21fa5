import { ticketQrText, type TDoorListAttendee } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { offlineOutcome } from './offline-outcome';
import { checkOffline, indexDoorList, sha256Hex, type OfflineVerdict } from './offline-check';
import { i18n, startI18n } from '../../../i18n/i18n';

// The door's words in English, as the tests read them.
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('checkin');
});

const QR_UUID = '6f1c0a52-5b0e-4c4e-9d7e-2b8f0c1d2e3f';

async function listOf(): Promise<TDoorListAttendee[]> {
  return [
    {
      attendeeId: 'att-ada',
      registrationId: 'reg-1',
      qrHash: await sha256Hex(QR_UUID),
      shortCode: 'ABCD2345',
      firstName: 'Ada',
      lastName: 'Lovelace',
      ticketName: 'Adult',
      checkedInAt: null,
      checkedInDeviceId: null,
    },
    {
      attendeeId: 'att-grace',
      registrationId: 'reg-1',
      qrHash: await sha256Hex(QR_UUID),
      shortCode: 'WXYZ6789',
      firstName: 'Grace',
      lastName: 'Hopper',
      ticketName: 'Adult',
      checkedInAt: '2026-05-01T17:02:00.000Z',
      checkedInDeviceId: null,
    },
  ];
}

const qr = (attendeeId: string, qrUuid = QR_UUID, registrationId = 'reg-1') =>
  ticketQrText({ registrationId, attendeeId, qrUuid });

async function check(text: string, admittedHere = new Map<string, string>()): Promise<OfflineVerdict> {
  return checkOffline(text, indexDoorList({ attendees: await listOf() }), admittedHere);
}

describe('the offline check of a scan against the door list (docs/product.md section 20)', () => {
  it('hashes as the server does: SHA-256 in lower-case hex', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
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

  it('accepts a typed short code in any case, with or without the dash or spaces', async () => {
    for (const typed of ['ABCD-2345', 'abcd2345', ' abcd 2345 ', 'Abcd-2345']) {
      expect(await check(typed)).toMatchObject({ kind: 'valid', via: 'shortCode', attendee: { firstName: 'Ada' } });
    }
    expect((await check('WXYZ-6789')).kind).toBe('alreadyIn');
  });

  it('tells an unknown short code from text that is no code at all, and waits for the server for a voucher', async () => {
    expect(await check('BCDF-2345')).toEqual({ kind: 'unknownCode', code: 'BCDF2345' });
    expect((await check('hello there')).kind).toBe('notOurCode');
    expect((await check(JSON.stringify({ x: 'purchase-1', q: QR_UUID }))).kind).toBe('voucher');
  });
});
