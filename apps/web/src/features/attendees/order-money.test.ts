import { beforeAll, describe, expect, it } from 'vitest';
import { orderMoney, orderMoneyLine, refundableAmount } from './order-money';
import { i18n, startI18n } from '../../i18n/i18n';

const order = {
  amount: 3000,
  subtotal: 3500,
  discountAmount: 500,
  gross: 3000,
  refundedAmount: 1000,
  net: 2000,
  currency: 'gbp' as const,
  discountCode: 'SUMMER',
  paymentStatus: 'partially_refunded' as const,
};

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('attendees');
});

describe("an order's money", () => {
  it('goes from the subtotal through the discount to gross (as on the Sales page), then refunds to net', () => {
    expect(orderMoney(order)).toEqual({ subtotal: 3500, discount: 500, gross: 3000, refunded: 1000, net: 2000 });
    expect(orderMoneyLine(order)).toBe('Subtotal £35 · Discount (SUMMER) −£5 · Gross £30 · Refunded £10 · Net £20');
  });

  it('adds nothing to a plain paid order, and only the refund to one without a code', () => {
    expect(orderMoneyLine({ ...order, discountAmount: 0, refundedAmount: 0 })).toBeNull();
    expect(orderMoneyLine({ ...order, discountAmount: 0, discountCode: null })).toBe('Refunded £10 · Net £20');
  });

  it('leaves to refund what was paid and not yet refunded, on orders that were paid', () => {
    expect(refundableAmount(order)).toBe(2000);
    expect(refundableAmount({ ...order, paymentStatus: 'refund_required', refundedAmount: 0 })).toBe(3000);
    expect(refundableAmount({ ...order, paymentStatus: 'refunded', refundedAmount: 3000 })).toBe(0);
    expect(refundableAmount({ ...order, paymentStatus: 'pending', refundedAmount: 0 })).toBe(0);
  });
});
