import { ZSavePassRequest, type TPass } from '@clubtix/contract';
import { describe, expect, it } from 'vitest';
import { passCurrency, passFormToRequest, passToFormValues, passToRequest } from './pass-form-values';

const pass: TPass = {
  id: '7f1c2a4e-1b7a-4c55-9f43-0d7f3c9a6b21',
  seriesId: '0b6f8a0e-3c1d-4f6b-8a41-2e9d7c5b4a10',
  name: 'Season 2027',
  price: 12_000,
  currency: 'eur',
  quantity: null,
  isActive: true,
  available: 40,
};

describe('pass form values', () => {
  it('show the price in major units and send it in minor units', () => {
    const values = passToFormValues(pass);
    expect(values).toEqual({ name: 'Season 2027', price: 120, quantity: '', isActive: true });
    const request = passFormToRequest({ ...values, price: 99.5, quantity: 30 }, pass.seriesId, pass.id);
    expect(request).toEqual({
      id: pass.id,
      seriesId: pass.seriesId,
      name: 'Season 2027',
      price: 9950,
      quantity: 30,
      isActive: true,
    });
    expect(ZSavePassRequest.safeParse(request).success).toBe(true);
  });

  it('start a new pass on sale, with no id sent', () => {
    const request = passFormToRequest({ ...passToFormValues(), name: 'Half season', price: 50 }, pass.seriesId);
    expect(request).not.toHaveProperty('id');
    expect(request).toMatchObject({ isActive: true, quantity: null, price: 5000 });
  });

  it('turn a listed pass back into a request with one change', () => {
    expect(passToRequest(pass, { isActive: false })).toEqual({
      id: pass.id,
      seriesId: pass.seriesId,
      name: 'Season 2027',
      price: 12_000,
      quantity: null,
      isActive: false,
    });
  });
});

describe('passCurrency', () => {
  it("takes the API's, else the first event's, else pounds", () => {
    expect(passCurrency('eur', 'thb')).toBe('eur');
    expect(passCurrency(null, 'thb')).toBe('thb');
    expect(passCurrency('xyz', undefined)).toBe('gbp');
  });
});
