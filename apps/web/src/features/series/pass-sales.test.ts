import { describe, expect, it } from 'vitest';
import { initialPassRefundValues, passRefundLeft, passRefundToRequest, passSaleState } from './pass-sales';

describe('a pass sold in the list', () => {
  it('reads its payment status as the list says it', () => {
    expect(passSaleState({ paymentStatus: 'paid' })).toBe('paid');
    expect(passSaleState({ paymentStatus: 'partially_refunded' })).toBe('partlyRefunded');
    expect(passSaleState({ paymentStatus: 'refund_required' })).toBe('toRefund');
    expect(passSaleState({ paymentStatus: 'refunded' })).toBe('refunded');
    expect(passSaleState({ paymentStatus: 'pending' })).toBe('pending');
  });

  it('has money left to refund only once paid', () => {
    expect(passRefundLeft({ paymentStatus: 'paid', amount: 6000, refundedAmount: 0 })).toBe(6000);
    expect(passRefundLeft({ paymentStatus: 'partially_refunded', amount: 6000, refundedAmount: 1500 })).toBe(4500);
    expect(passRefundLeft({ paymentStatus: 'refunded', amount: 6000, refundedAmount: 6000 })).toBe(0);
    expect(passRefundLeft({ paymentStatus: 'pending', amount: 6000, refundedAmount: 0 })).toBe(0);
  });
});

describe('the pass refund dialog', () => {
  const context = { passPurchaseId: 'pp1', requestKey: 'refund-key-1', left: 4500 };

  it('starts at all that is left, sent as a full refund', () => {
    const values = initialPassRefundValues(4500);
    expect(values.amount).toBe(45);
    expect(passRefundToRequest(values, context)).toEqual({ passPurchaseId: 'pp1', requestKey: 'refund-key-1' });
  });

  it('sends a part in minor units, and a reason when one is typed', () => {
    const values = { ...initialPassRefundValues(4500), amount: '12.50', reason: ' Moved away ' };
    expect(passRefundToRequest(values, context)).toEqual({
      passPurchaseId: 'pp1',
      amount: 1250,
      reason: 'Moved away',
      requestKey: 'refund-key-1',
    });
  });
});
