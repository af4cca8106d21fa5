import { ZSaveExtrasRequest, type TExtras } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkExtrasForm, extrasFormToRequest, extrasToFormValues, extrasToRequest } from './extras-form-values';
import { i18n, startI18n } from '../../i18n/i18n';

const extra: TExtras = {
  id: 'x1',
  eventId: 'e1',
  name: 'Parking',
  description: 'All day',
  price: 599,
  quantity: null,
  isActive: false,
};

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('extras');
});

describe('extras form values', () => {
  it('sends minor units and round-trips a saved extra', () => {
    const values = extrasToFormValues(extra);
    expect(values).toMatchObject({ price: 5.99, quantity: '', isActive: false });
    expect(extrasFormToRequest(values, 'e1', 'x1')).toEqual(extrasToRequest(extra));
    expect(ZSaveExtrasRequest.safeParse(extrasFormToRequest({ ...values, price: '0.29' }, 'e1')).data).toMatchObject({
      price: 29,
      quantity: null,
    });
  });

  it('flips the active state from the list', () => {
    expect(extrasToRequest(extra, { isActive: true })).toMatchObject({ id: 'x1', isActive: true, price: 599 });
  });

  it('asks for a price', () => {
    expect(checkExtrasForm(extrasToFormValues())).toEqual({ price: 'Price is required (0 for free)' });
  });
});
