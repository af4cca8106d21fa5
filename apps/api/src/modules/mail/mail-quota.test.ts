import { describe, expect, it } from 'vitest';
import { sayIn } from '../../core/errors';
import { applyQuotas, inAbout, nextUtcMidnight, resendRefusal, type ClubMailUsage, type MailQuota } from './mail-quota';
import { withoutAddresses } from './mailer';

const now = new Date('2031-03-10T21:40:00.000Z');
const mail = (to: string, quota: MailQuota) => ({ to, quota });
const usage = (overrides: Partial<ClubMailUsage> = {}): ClubMailUsage => ({
  dailyLimit: 10,
  queuedToday: 0,
  recipients: new Map(),
  ...overrides,
});

describe('applyQuotas', () => {
  it('queues everything while the day and each address have room', () => {
    const mails = [mail('a@x.org', 'limited'), mail('b@x.org', 'courtesy'), mail('c@x.org', 'always')];
    expect(applyQuotas(mails, usage(), now)).toEqual({ kept: mails });
  });

  it("refuses a limited mail past the club's day, saying it resets at midnight UTC", () => {
    const decided = applyQuotas([mail('a@x.org', 'limited')], usage({ queuedToday: 10 }), now);
    expect(decided.kept).toEqual([]);
    expect({ ...decided.refusal, message: sayIn('en', decided.refusal!.message) }).toEqual({
      retryAt: new Date('2031-03-11T00:00:00.000Z'),
      message:
        'This club has reached its limit of 10 e-mails a day, so no more can be sent today. ' +
        'The limit resets at midnight UTC, in 2 hours 20 minutes.',
    });
  });

  it("queues a purchase's own mail past every limit, and counts it first", () => {
    const mails = [mail('buyer@x.org', 'always'), mail('guest@x.org', 'courtesy')];
    // Nine of ten used: the purchase's own mail takes the tenth, the courtesy copy is left out.
    expect(applyQuotas(mails, usage({ queuedToday: 9 }), now)).toEqual({ kept: [mails[0]] });
    expect(applyQuotas([mail('buyer@x.org', 'always')], usage({ queuedToday: 500 }), now).kept).toHaveLength(1);
  });

  it('refuses the sixth limited mail to one address in an hour, and says when the oldest that counts ages out', () => {
    const recipients = new Map([['a@x.org', { count: 5, nthLatestAt: new Date('2031-03-10T21:05:00.000Z') }]]);
    const decided = applyQuotas([mail('a@x.org', 'limited')], usage({ recipients }), now);
    expect({ ...decided.refusal, message: sayIn('en', decided.refusal!.message) }).toEqual({
      retryAt: new Date('2031-03-10T22:05:00.000Z'),
      message:
        'a@x.org has already been sent 5 e-mails from this club in the last hour, the most allowed. ' +
        'More can be sent to this address in 25 minutes.',
    });
    // Four of five: one more goes, in the same call the next to that address is refused.
    const four = new Map([['a@x.org', { count: 4, nthLatestAt: null }]]);
    expect(
      applyQuotas([mail('a@x.org', 'courtesy'), mail('a@x.org', 'courtesy')], usage({ recipients: four }), now),
    ).toEqual({ kept: [mail('a@x.org', 'courtesy')] });
  });

  it('leaves a courtesy copy out past a limit and queues the rest', () => {
    const recipients = new Map([['guest@x.org', { count: 5, nthLatestAt: now }]]);
    const mails = [mail('buyer@x.org', 'limited'), mail('guest@x.org', 'courtesy'), mail('other@x.org', 'courtesy')];
    expect(applyQuotas(mails, usage({ recipients }), now)).toEqual({ kept: [mails[0], mails[2]] });
  });

  it('has no daily limit at 0', () => {
    expect(
      applyQuotas([mail('a@x.org', 'limited')], usage({ dailyLimit: 0, queuedToday: 10_000 }), now).refusal,
    ).toBeUndefined();
  });
});

describe('the words of a refusal', () => {
  it('says how long, rounded up to the minute', () => {
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(sayIn('en', inAbout(at(1), now))).toBe('in 1 minute');
    expect(sayIn('en', inAbout(at(59 * 60_000 + 1), now))).toBe('in 1 hour');
    expect(sayIn('en', inAbout(at(61 * 60_000), now))).toBe('in 1 hour 1 minute');
    expect(sayIn('en', inAbout(at(-5), now))).toBe('in 1 minute');
  });

  it('knows when the UTC day ends', () => {
    expect(nextUtcMidnight(new Date('2031-12-31T23:59:59.000Z'))).toEqual(new Date('2032-01-01T00:00:00.000Z'));
  });

  it('says it in the language asked for', () => {
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(sayIn('fr', inAbout(at(121 * 60_000), now))).toBe('dans 2 heures 1 minute');
    expect(sayIn('de', resendRefusal(3, new Date('2031-03-10T21:00:00.000Z'), now).message)).toBe(
      'Dieses Ticket wurde in der letzten Stunde bereits 3-mal gesendet, das Maximum. Es kann in 20 Minuten erneut gesendet werden.',
    );
  });

  it("words sendTicket's own limit", () => {
    expect(sayIn('en', resendRefusal(3, new Date('2031-03-10T21:00:00.000Z'), now).message)).toBe(
      'This ticket was already sent 3 times in the last hour, the most allowed. It can be sent again in 20 minutes.',
    );
  });

  it('keeps addresses out of a logged mail server answer', () => {
    expect(withoutAddresses('550 5.1.1 <ann.lee+tix@example.org>: Recipient address rejected')).toBe(
      '550 5.1.1 <<address>>: Recipient address rejected',
    );
    expect(withoutAddresses('421 4.7.0 Try again later')).toBe('421 4.7.0 Try again later');
  });
});
