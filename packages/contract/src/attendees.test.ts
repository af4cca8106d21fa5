import { describe, expect, it } from 'vitest';
import { attendeeReportFilename } from './attendees';

describe('attendee report file name', () => {
  it.each([
    ['2026-11-25T15:15:30.999Z', 'Asia/Bangkok', '20261125T221530+0700'],
    ['2026-11-25T15:15:30Z', 'Europe/London', '20261125T151530+0000'],
    ['2026-07-01T15:15:30Z', 'Europe/London', '20260701T161530+0100'],
    ['2026-11-25T15:15:30Z', 'America/New_York', '20261125T101530-0500'],
    ['2026-11-25T15:15:30Z', 'Asia/Kathmandu', '20261125T210030+0545'],
    ['2026-11-25T15:15:30Z', 'America/St_Johns', '20261125T114530-0330'],
    ['2026-11-25T20:00:00Z', 'Pacific/Kiritimati', '20261126T100000+1400'],
    ['2026-11-25T00:00:05Z', 'UTC', '20261125T000005+0000'],
  ])('%s in %s is stamped %s', (iso, zone, stamp) => {
    expect(attendeeReportFilename('ev1', new Date(iso), zone)).toBe(`Attendee-report-event-ev1-${stamp}.xlsx`);
  });

  it('names one instant: the stamp read back as ISO 8601 is the time, to the second', () => {
    const at = new Date('2026-03-29T00:59:59.500Z'); // a second before London's clocks go forward
    const name = attendeeReportFilename('ev1', at, 'Europe/London');
    const [, d, h, m, s, zone] = /-(\d{8})T(\d\d)(\d\d)(\d\d)([+-]\d{4})\.xlsx$/.exec(name)!;
    const extended = `${d!.slice(0, 4)}-${d!.slice(4, 6)}-${d!.slice(6)}T${h}:${m}:${s}${zone!.slice(0, 3)}:${zone!.slice(3)}`;
    expect(new Date(extended).getTime()).toBe(Math.floor(at.getTime() / 1000) * 1000);
    expect(name).not.toMatch(/[:/\\]/);
  });
});
