import { describe, expect, it } from 'vitest';
import { isTransfer, transferTopic } from './attendee-edit.service';

describe('a transfer', () => {
  it.each([
    [null, 'new@example.org', true],
    ['old@example.org', 'new@example.org', true],
    ['Old@Example.org', 'old@example.org', false],
    [' old@example.org ', 'old@example.org', false],
  ])('from %s to %s: %s', (before, after, expected) => {
    expect(isTransfer(before, after)).toBe(expected);
  });
  it('counts its mails per attendee', () => {
    expect(transferTopic('a1')).toBe('ticket-transfer:a1');
  });
});
