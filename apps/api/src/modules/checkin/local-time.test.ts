import { describe, expect, it } from 'vitest';
import { parseScannedQr, passQrText, ticketQrText } from '@clubtix/contract';
import { addDays, doorTime, localDay, startOfLocalDay } from '../../core/local-time';
import { buildStatistics } from './statistics';

describe('local days and times', () => {
  it.each([
    ['2025-03-10', 'Asia/Bangkok', '2025-03-09T17:00:00.000Z'],
    ['2025-03-10', 'UTC', '2025-03-10T00:00:00.000Z'],
    ['2025-03-09', 'America/New_York', '2025-03-09T05:00:00.000Z'],
    ['2025-03-10', 'America/New_York', '2025-03-10T04:00:00.000Z'],
    ['2025-11-02', 'America/New_York', '2025-11-02T04:00:00.000Z'],
    ['2025-11-03', 'America/New_York', '2025-11-03T05:00:00.000Z'],
    ['2025-06-01', 'Asia/Kathmandu', '2025-05-31T18:15:00.000Z'],
    ['2025-01-01', 'Pacific/Kiritimati', '2024-12-31T10:00:00.000Z'],
  ])('%s begins in %s at %s', (day, zone, instant) => {
    expect(startOfLocalDay(day, zone).toISOString()).toBe(instant);
    expect(localDay(new Date(instant), zone)).toBe(day);
    expect(localDay(new Date(Date.parse(instant) - 1), zone)).toBe(addDays(day, -1));
  });

  it('adds days across months and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('writes door times as hh:mm today and dd/mm/yyyy hh:mm on another day', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(doorTime(new Date('2025-03-10T12:04:00Z'), 'Asia/Bangkok', now)).toBe('19:04');
    expect(doorTime(new Date('2025-03-09T12:04:00Z'), 'Asia/Bangkok', now)).toBe('09/03/2025 19:04');
    expect(doorTime(new Date('2025-03-10T04:30:00Z'), 'America/New_York', now)).toBe('00:30');
  });
});

describe('statistics from grouped counts', () => {
  it('fills the quarter hours of a 25-hour day and the days between', () => {
    const start = Date.parse('2025-11-02T04:00:00Z') / 1000;
    const stats = buildStatistics({
      date: '2025-11-02',
      timezone: 'America/New_York',
      registrationsByDay: [
        { day: '2025-10-30', count: 2, attendees: 5 },
        { day: '2025-11-02', count: 1, attendees: 1 },
      ],
      checkinsByQuarterHour: [
        { start, day: '2025-11-02', count: 4 },
        { start: start + 24 * 3600, day: '2025-11-02', count: 1 },
        { start: start + 25 * 3600, day: '2025-11-03', count: 7 },
      ],
    });
    expect(stats.series.checkinsByQuarterHour).toHaveLength(100);
    expect(stats.series.checkinsByQuarterHour[0]).toEqual({ start: '2025-11-02T04:00:00.000Z', count: 4 });
    expect(stats.series.checkinsByQuarterHour[96]).toEqual({ start: '2025-11-03T04:00:00.000Z', count: 1 });
    expect(stats.series.registrationsByDay.map((d) => d.count)).toEqual([2, 0, 0, 1]);
    expect(stats).toMatchObject({
      historicalRegistrationCount: 3,
      historicalCheckinCount: 5,
      totalRegistrationCount: 3,
      totalCheckinCount: 12,
      totalAttendeeCount: 6,
    });
  });
});

describe('ticket QR text', () => {
  it('round-trips and tolerates whitespace and extra keys', () => {
    const qr = { registrationId: 'r1', attendeeId: 'a1', qrUuid: 'q1' };
    expect(ticketQrText(qr)).toBe('{"r":"r1","a":"a1","q":"q1"}');
    expect(parseScannedQr(`\t${ticketQrText(qr)}\r\n`)).toEqual({ kind: 'ticket', ...qr });
    expect(parseScannedQr('{"r":"r1","a":"a1","q":"q1","v":2}')).toEqual({ kind: 'ticket', ...qr });
    expect(parseScannedQr('{"x":"p1","q":"q1"}')).toEqual({ kind: 'extras', extrasPurchaseId: 'p1', qrUuid: 'q1' });
    expect(parseScannedQr('{"x":"p1","q":"q1","r":"r1"}')).toBeNull();
    expect(parseScannedQr(passQrText('pp1', 's1'))).toEqual({ kind: 'pass', passPurchaseId: 'pp1', qrUuid: 's1' });
    expect(parseScannedQr('{"p":"pp1","q":"s1","x":"x1"}')).toBeNull();
    expect(parseScannedQr(' {"r":"r1","a":"","q":"q1"}')).toBeNull();
    expect(parseScannedQr('{"r":"r1","a":"a\\u0000","q":"q1"}')).toBeNull();
    expect(parseScannedQr('{"r":"r1","a":"a1","q":"q\\n1"}')).toBeNull();
  });
});
