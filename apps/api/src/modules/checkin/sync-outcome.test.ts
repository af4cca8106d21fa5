import { describe, expect, it } from 'vitest';
import { SYNC_REJECT_REASONS } from '@clubtix/contract';
import { earliestPerAttendee, outcomeOf } from './sync-outcome';
import type { LockedAdmission } from './sync.repo';

/** docs/decisions/0035-offline-door.md: the rules of a sync for one attendee. */
const T1 = Date.parse('2031-05-01T10:00:00Z');
const T2 = Date.parse('2031-05-01T10:05:00Z');
const mine = (at: number) => ({ at: new Date(at), deviceId: 'd1', deviceName: 'Gate 1' });
const found = (values: Partial<LockedAdmission>): LockedAdmission => ({
  attendeeId: 'a',
  at: T1,
  ofEvent: true,
  confirmed: true,
  checkinId: 'sent',
  checkedInAt: T1,
  deviceId: 'd1',
  deviceName: 'Gate 1',
  ...values,
});

describe('outcomeOf', () => {
  it('stores what this sync wrote, and a repeat of its own device, moving it earlier when it is', () => {
    expect(outcomeOf(mine(T1), found({}), 'sent')).toEqual({ result: { status: 'stored' }, replace: false });
    const repeat = found({ checkinId: 'older', checkedInAt: T2 });
    expect(outcomeOf(mine(T1), repeat, 'sent')).toEqual({ result: { status: 'stored' }, replace: true });
    expect(outcomeOf(mine(T2), found({ checkinId: 'older' }), 'sent').replace).toBe(false);
  });

  it('reports a duplicate with the earliest first, replacing the stored one only when this is earlier', () => {
    const online = found({ checkinId: 'other', checkedInAt: T2, deviceId: null, deviceName: null });
    expect(outcomeOf(mine(T1), online, 'sent')).toEqual({
      result: {
        status: 'duplicate',
        first: { at: new Date(T1).toISOString(), deviceId: 'd1', deviceName: 'Gate 1' },
        other: { at: new Date(T2).toISOString(), deviceId: null, deviceName: null },
      },
      replace: true,
    });
    const earlier = found({ checkinId: 'other', checkedInAt: T1, deviceId: 'd2', deviceName: null });
    expect(outcomeOf(mine(T2), earlier, 'sent')).toMatchObject({
      result: { status: 'duplicate', first: { deviceId: 'd2' }, other: { deviceId: 'd1' } },
      replace: false,
    });
    // A tie keeps the stored one.
    expect(outcomeOf(mine(T1), earlier, 'sent')).toMatchObject({
      result: { first: { deviceId: 'd2' } },
      replace: false,
    });
  });

  it('rejects an attendee of another event before one not confirmed', () => {
    const notOfEvent = found({ ofEvent: false, confirmed: false, checkinId: null, checkedInAt: null });
    expect(outcomeOf(mine(T1), notOfEvent, 'sent').result).toEqual({
      status: 'rejected',
      reason: SYNC_REJECT_REASONS.notThisEvent,
    });
    const unpaid = found({ confirmed: false, checkinId: null, checkedInAt: null });
    expect(outcomeOf(mine(T1), unpaid, 'sent')).toEqual({
      result: { status: 'rejected', reason: SYNC_REJECT_REASONS.notConfirmed },
      replace: false,
    });
  });
});

describe('earliestPerAttendee', () => {
  it("keeps each attendee once, at the device's earliest time, whatever the offsets", () => {
    const earliest = earliestPerAttendee([
      { attendeeId: 'a', at: '2031-05-01T12:00:00+02:00' },
      { attendeeId: 'b', at: '2031-05-01T10:30:00Z' },
      { attendeeId: 'a', at: '2031-05-01T10:30:00Z' },
    ]);
    expect([...earliest]).toEqual([
      ['a', '2031-05-01T12:00:00+02:00'],
      ['b', '2031-05-01T10:30:00Z'],
    ]);
  });
});
