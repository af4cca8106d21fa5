import { beforeAll, describe, expect, it } from 'vitest';
import { audienceText, peopleText, toAudience } from './audience';
import { i18n, startI18n } from '../../i18n/i18n';

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('messages');
});

describe('message audience', () => {
  it('sends a choice as it is, and ticket types only when some are chosen', () => {
    expect(toAudience('checkedIn', ['t1'])).toBe('checkedIn');
    expect(toAudience('tickets', ['t1', 't2'])).toEqual({ ticketIds: ['t1', 't2'] });
    expect(toAudience('tickets', [])).toBeNull();
  });

  it('names an audience in the log, a ticket type removed since included', () => {
    const names = new Map([['t1', 'Adult']]);
    expect(audienceText('all', names)).toBe('Everyone coming');
    expect(audienceText({ ticketIds: ['t1', 'gone'] }, names)).toBe('Adult, A removed ticket type');
  });

  it('counts people in words', () => {
    expect(peopleText(1)).toBe('1 person');
    expect(peopleText(1200)).toBe('1,200 people');
  });
});
