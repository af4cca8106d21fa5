import type { TSyncResult } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addToSummary,
  applySyncResults,
  deviceLabel,
  newAdmission,
  syncBatches,
  syncSummaryText,
  waitingOf,
  type LocalAdmission,
} from './door-sync';
import { i18n, startI18n } from '../../../i18n/i18n';

// The door's words in English, as the tests read them.
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('checkin');
});

const device = { deviceId: 'device-b-123456', deviceName: ' Gate B ' };

function admission(n: number, patch: Partial<LocalAdmission> = {}): LocalAdmission {
  return {
    ...newAdmission(
      'event-1',
      { attendeeId: `att-${n}`, firstName: 'Guest', lastName: String(n), ticketName: 'Adult' },
      new Date(Date.UTC(2026, 4, 1, 18, 0, n)),
      `local-${n}`,
    ),
    ...patch,
  };
}

let ids = 0;
const newId = () => `notice-${++ids}`;

describe('the sync queue of offline admissions (docs/product.md section 20)', () => {
  it('sends only what waits, oldest first, in chunks of the limit, with the device named', () => {
    const kept = [admission(3), admission(1), admission(2, { syncedAt: '2026-05-01T18:10:00.000Z' }), admission(4)];
    const otherEvent = { ...admission(5), eventId: 'event-2' };
    const batches = syncBatches('event-1', device, [...waitingOf(kept), otherEvent], 2);
    expect(batches.map((batch) => batch.admissions.map((a) => a.attendeeId))).toEqual([['att-1', 'att-3'], ['att-4']]);
    expect(batches[0]!.body).toEqual({
      eventId: 'event-1',
      deviceId: 'device-b-123456',
      deviceName: 'Gate B',
      checkins: [
        { attendeeId: 'att-1', at: '2026-05-01T18:00:01.000Z' },
        { attendeeId: 'att-3', at: '2026-05-01T18:00:03.000Z' },
      ],
    });
    expect(syncBatches('event-1', { deviceId: 'd', deviceName: '  ' }, [admission(1)])[0]!.body).not.toHaveProperty(
      'deviceName',
    );
  });

  it('takes out only the admissions the server answered, and keeps a notice for each duplicate and refusal', () => {
    const sent = [admission(1), admission(2), admission(3), admission(4)];
    const first = { at: '2026-05-01T17:59:00.000Z', deviceId: 'device-a', deviceName: 'Gate A' };
    const other = { at: '2026-05-01T18:00:02.000Z', deviceId: 'device-b-123456', deviceName: 'Gate B' };
    const results: TSyncResult[] = [
      { attendeeId: 'att-1', status: 'stored' },
      { attendeeId: 'att-2', status: 'duplicate', first, other },
      { attendeeId: 'att-3', status: 'rejected', reason: 'This ticket is cancelled or not paid' },
      // att-4 got no answer (a cut reply): it stays in the queue.
      { attendeeId: 'att-not-sent', status: 'stored' },
    ];
    const { answeredIds, notices } = applySyncResults(sent, results, newId);
    expect(answeredIds).toEqual(['local-1', 'local-2', 'local-3']);
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'duplicate',
        attendeeId: 'att-2',
        name: 'Guest 2',
        ticketName: 'Adult',
        admittedHereAt: '2026-05-01T18:00:02.000Z',
        first,
        other,
        reason: null,
      }),
      expect.objectContaining({
        kind: 'rejected',
        attendeeId: 'att-3',
        reason: 'This ticket is cancelled or not paid',
      }),
    ]);
  });

  it('answers nothing for a call that failed: every admission stays', () => {
    expect(applySyncResults([admission(1)], [], newId)).toEqual({ answeredIds: [], notices: [] });
  });

  it('names devices as people read them', () => {
    expect(deviceLabel({ deviceId: 'device-a', deviceName: 'Gate A' }, 'device-b')).toBe('Gate A');
    expect(deviceLabel({ deviceId: 'device-b', deviceName: 'Gate B' }, 'device-b')).toBe('Gate B (this device)');
    expect(deviceLabel({ deviceId: 'abcdef123456', deviceName: null }, 'x')).toBe('device …123456');
    expect(deviceLabel({ deviceId: null, deviceName: null }, 'x')).toBe('an online check-in');
  });
});

describe("a sync's summary on the door's status line", () => {
  it('counts the admissions stored, the duplicates found and the refused, over every batch', () => {
    const result = (n: number, status: TSyncResult['status']): TSyncResult => ({ attendeeId: `att-${n}`, status });
    const first = addToSummary(
      { stored: 0, duplicates: 0, rejected: 0, at: '' },
      [result(1, 'stored'), result(2, 'duplicate'), result(3, 'stored')],
      '2026-05-01T18:00:00.000Z',
    );
    const both = addToSummary(first, [result(4, 'stored'), result(5, 'rejected')], '2026-05-01T18:00:05.000Z');
    expect(both).toEqual({ stored: 3, duplicates: 1, rejected: 1, at: '2026-05-01T18:00:05.000Z' });
    expect(syncSummaryText(both, '19:00')).toBe(
      'Synced at 19:00: 3 admissions stored, 1 duplicate found. 1 admission was refused.',
    );
    expect(syncSummaryText({ stored: 1, duplicates: 0, rejected: 0, at: '' }, '19:00')).toBe(
      'Synced at 19:00: 1 admission stored, no duplicates.',
    );
  });
});
