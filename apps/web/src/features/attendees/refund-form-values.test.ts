import { ZRefundOrderRequest } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkRefundForm, initialRefundValues, newRefundKey, refundFormToRequest } from './refund-form-values';
import { i18n, startI18n } from '../../i18n/i18n';

const context = { orderId: 'o1', requestKey: 'refund-key-1' };

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('attendees');
});

describe('refund form values', () => {
  it('refunds all that is left by default, with the dialog’s key', () => {
    const request = refundFormToRequest(initialRefundValues(), context);
    expect(request).toEqual({ orderId: 'o1', releaseTickets: false, requestKey: 'refund-key-1' });
    expect(ZRefundOrderRequest.safeParse(request).success).toBe(true);
  });

  it('sends a part in minor units, never with the tickets released', () => {
    const values = { mode: 'part' as const, amount: '12.5', reason: '  Rain  ', releaseTickets: true };
    expect(refundFormToRequest(values, context)).toEqual({
      orderId: 'o1',
      amount: 1250,
      reason: 'Rain',
      releaseTickets: false,
      requestKey: 'refund-key-1',
    });
  });

  it('releases the tickets with a full refund when ticked', () => {
    const values = { ...initialRefundValues({ releaseTickets: true }) };
    expect(refundFormToRequest(values, context).releaseTickets).toBe(true);
  });

  it('checks a part in major units against what is left', () => {
    const part = { ...initialRefundValues(), mode: 'part' as const };
    expect(checkRefundForm(initialRefundValues(), 2000, 'gbp')).toEqual({});
    expect(checkRefundForm(part, 2000, 'gbp')).toEqual({ amount: 'Amount is required' });
    expect(checkRefundForm({ ...part, amount: '1.234' }, 2000, 'gbp')).toEqual({
      amount: 'Amount must be an amount such as 12.50, with at most 2 decimals',
    });
    expect(checkRefundForm({ ...part, amount: 0 }, 2000, 'gbp')).toEqual({ amount: 'Amount must be more than 0' });
    expect(checkRefundForm({ ...part, amount: 20.01 }, 2000, 'gbp')).toEqual({
      amount: 'At most £20 is left to refund',
    });
    expect(checkRefundForm({ ...part, amount: 20 }, 2000, 'gbp')).toEqual({});
  });

  it('makes a new key each time, long enough for the contract', () => {
    const first = newRefundKey();
    expect(first).not.toBe(newRefundKey());
    expect(first.length).toBeGreaterThanOrEqual(8);
  });
});
