import { describe, expect, it } from 'vitest';
import { composeRefundMail, type RefundNews } from './refund-mail';

const event = {
  title: 'Spring\nRegatta',
  startDate: new Date('2030-08-15T18:00:00Z'),
  endDate: new Date('2030-08-15T22:00:00Z'),
  timezone: 'Europe/London',
  status: 'published',
};
const news = (refund: Partial<RefundNews['refund']>, refundedAmount: number): RefundNews => ({
  event,
  order: { amount: 4000, currency: 'gbp', refundedAmount },
  refund: { id: 'r1', amount: 1500, reason: null, releasedTickets: false, source: 'admin', ...refund },
});

describe('the refund mail (docs/product.md section 19)', () => {
  it('says what was refunded, what stays paid, and that the tickets still admit', () => {
    const mail = composeRefundMail(news({}, 1500));
    expect(mail.subject).toBe('Refund of £15 for Spring Regatta');
    expect(mail.text).toContain('We have refunded £15 of your order for Spring Regatta');
    expect(mail.text).toContain('£25 of the £40 you paid stays paid.');
    expect(mail.text).toContain('Your tickets are still valid');
  });

  it('says a full refund with released tickets cancels them, with the reason, escaped in HTML', () => {
    const mail = composeRefundMail(news({ amount: 4000, releasedTickets: true, reason: 'Rain <storm>' }, 4000));
    expect(mail.text).toContain('Your order is now fully refunded.');
    expect(mail.text).toContain('no longer admit at the door');
    expect(mail.html).toContain('Reason: Rain &lt;storm&gt;');
  });

  it("tells the buyer of a cancelled event's refund that the event is cancelled", () => {
    const mail = composeRefundMail(news({ amount: 4000, source: 'cancellation', releasedTickets: true }, 4000));
    expect(mail.text).toContain('Spring Regatta has been cancelled. We have refunded £40');
  });
});
