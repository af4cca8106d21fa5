import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  acknowledgeNotices,
  addPending,
  DOOR_DB_NAME,
  forgetDoorLists,
  readPending,
  readNotices,
  readPrepared,
  recordSyncAnswer,
  removeWaitingAdmission,
  savePrepared,
} from './door-store';
import { isAdmission } from './pending';
import { applySyncResults, newAdmission, waitingOf } from './door-sync';

const readAdmissions = async (eventId: string) => (await readPending(eventId)).filter(isAdmission);

// fake-indexeddb is IndexedDB's behaviour in memory (transactions, indexes, commit order); the
// browser's own is exercised by e2e/specs/door-offline.e2e.ts, across a reload and a killed tab.

const hashing = { algorithm: 'scrypt' as const, salt: 'c2FsdHNhbHRzYWx0c2FsdA', N: 4096, r: 8, p: 1, keyLength: 16 };

let n = 0;
const eventId = () => `event-${++n}`;
const admissionOf = (event: string, attendeeId: string, second: number) =>
  newAdmission(
    event,
    { attendeeId, firstName: 'Ada', lastName: 'Lovelace', ticketName: 'Adult' },
    new Date(Date.UTC(2026, 4, 1, 18, 0, second)),
    globalThis.crypto.randomUUID(),
  );

describe('the offline door on the device (IndexedDB)', () => {
  it('keeps the prepared list of each event, with what the page needs of the event', async () => {
    const event = eventId();
    expect(await readPrepared(event)).toBeNull();
    const list = { eventId: event, attendees: [], hashing, generatedAt: '2026-05-01T17:02:00.000Z' };
    await savePrepared({ eventId: event, event: { id: event, title: 'Regatta', timezone: 'Europe/London' }, list });
    expect(await readPrepared(event)).toMatchObject({ event: { title: 'Regatta' }, list });
  });

  it('keeps one admission per attendee on a device, even when two tabs admit at once', async () => {
    const event = eventId();
    const [first, second] = await Promise.all([
      addPending(admissionOf(event, 'att-1', 1)),
      addPending(admissionOf(event, 'att-1', 2)),
    ]);
    expect(second.id).toBe(first.id);
    expect(await readAdmissions(event)).toHaveLength(1);
  });

  it('takes an admission out of the queue only with its answer, and keeps the notices until acknowledged', async () => {
    const event = eventId();
    const sent = [
      await addPending(admissionOf(event, 'att-1', 1)),
      await addPending(admissionOf(event, 'att-2', 2)),
      await addPending(admissionOf(event, 'att-3', 3)),
    ];
    const first = { at: '2026-05-01T17:59:00.000Z', deviceId: 'device-a', deviceName: 'Gate A' };
    // The server answered two of three (a cut reply): the third stays waiting.
    const { answeredIds, notices } = applySyncResults(
      sent,
      [
        { attendeeId: 'att-1', status: 'stored' },
        { attendeeId: 'att-2', status: 'duplicate', first, other: { ...first, deviceId: 'me', deviceName: null } },
      ],
      () => globalThis.crypto.randomUUID(),
    );
    await recordSyncAnswer(answeredIds, notices, '2026-05-01T18:10:00.000Z');
    const kept = await readAdmissions(event);
    expect(waitingOf(kept).map((admission) => admission.attendeeId)).toEqual(['att-3']);
    expect(kept.filter((admission) => admission.syncedAt !== null)).toHaveLength(2);

    const stored = await readNotices(event);
    expect(stored).toEqual([expect.objectContaining({ kind: 'duplicate', attendeeId: 'att-2', first })]);
    await acknowledgeNotices(stored.map((notice) => notice.id));
    expect(await readNotices(event)).toEqual([]);
  });

  it('undoes an admission still waiting, and not one the server has', async () => {
    const event = eventId();
    const waiting = await addPending(admissionOf(event, 'att-1', 1));
    const synced = await addPending(admissionOf(event, 'att-2', 2));
    await recordSyncAnswer([synced.id], [], '2026-05-01T18:10:00.000Z');
    expect(await removeWaitingAdmission(synced.id)).toBe(false);
    expect(await removeWaitingAdmission(waiting.id)).toBe(true);
    expect((await readAdmissions(event)).map((admission) => admission.attendeeId)).toEqual(['att-2']);
  });

  it('forgets every prepared list on sign-out and keeps the admissions still to sync', async () => {
    const [one, two] = [eventId(), eventId()];
    for (const event of [one, two]) {
      const list = { eventId: event, attendees: [], hashing, generatedAt: '2026-05-01T17:02:00.000Z' };
      await savePrepared({ eventId: event, event: { id: event, title: 'Regatta', timezone: 'UTC' }, list });
    }
    const waiting = await addPending(admissionOf(one, 'att-1', 1));
    await forgetDoorLists();
    expect(await readPrepared(one)).toBeNull();
    expect(await readPrepared(two)).toBeNull();
    expect(await readAdmissions(one)).toEqual([waiting]);
  });

  it('forgets a list kept by an older version, which held the short codes in plain text', async () => {
    const event = eventId();
    const old = { eventId: event, attendees: [{ shortCode: 'ABCD2345' }], generatedAt: '2026-05-01T17:02:00.000Z' };
    await savePrepared({ eventId: event, event: { id: event, title: 'Regatta', timezone: 'UTC' }, list: old } as never);
    expect(await readPrepared(event)).toBeNull();
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open(DOOR_DB_NAME);
      request.onsuccess = () => resolve(request.result);
    });
    const left = await new Promise((resolve) => {
      const request = db.transaction('lists').objectStore('lists').get(event);
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    expect(left).toBeUndefined();
  });
});
