import { describe, expect, it } from 'vitest';
import { canRefund } from './components/refund-dialog';

describe('canRefund', () => {
  it('offers a refund while money is left of a paid, partly refunded or to-refund payment', () => {
    expect(canRefund({ paymentStatus: 'paid', amount: 2000, refundedAmount: 0 })).toBe(true);
    expect(canRefund({ paymentStatus: 'partially_refunded', amount: 2000, refundedAmount: 500 })).toBe(true);
    expect(canRefund({ paymentStatus: 'refund_required', amount: 2000, refundedAmount: 0 })).toBe(true);
  });

  it('offers none when nothing was paid or nothing is left', () => {
    expect(canRefund({ paymentStatus: 'pending', amount: 2000, refundedAmount: 0 })).toBe(false);
    expect(canRefund({ paymentStatus: 'failed', amount: 2000, refundedAmount: 0 })).toBe(false);
    expect(canRefund({ paymentStatus: 'refunded', amount: 2000, refundedAmount: 2000 })).toBe(false);
    expect(canRefund({ paymentStatus: 'partially_refunded', amount: 2000, refundedAmount: 2000 })).toBe(false);
  });
});
