import { describe, expect, it } from 'vitest';
import { isSponsorshipFlow, sponsorshipPath } from './support-paths';

describe('support page addresses', () => {
  it('leads "Sponsor this event" to the sponsorship flow, not the donation form', () => {
    expect(sponsorshipPath('e1')).toBe('/event/e1/donation?sponsor=1');
    expect(isSponsorshipFlow(new URLSearchParams('sponsor=1'))).toBe(true);
  });

  it('opens one package in the same flow', () => {
    expect(sponsorshipPath('e1', 'p/1')).toBe('/event/e1/donation?packageId=p%2F1');
    expect(isSponsorshipFlow(new URLSearchParams('packageId=p1'))).toBe(true);
  });

  it('keeps the plain support page (Donate) for both', () => {
    expect(isSponsorshipFlow(new URLSearchParams(''))).toBe(false);
  });
});
