import { ZSavePackageRequest, type TSponsorshipPackage } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPackageForm, packageFormToRequest, packageToFormValues } from './package-form-values';
import { i18n, startI18n } from '../../i18n/i18n';

const gold: TSponsorshipPackage = {
  id: 'p1',
  eventId: 'e1',
  name: 'Gold',
  description: null,
  amount: 50000,
  benefits: ['Logo on the banner', 'Four tickets'],
  quantity: 3,
  isActive: true,
};

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('sponsorship-packages');
});

describe('package form values', () => {
  it('starts a new package with one empty benefit line and drops trailing blank lines on save', () => {
    const values = packageToFormValues();
    expect(values.benefits).toEqual(['']);
    const request = packageFormToRequest({ ...values, name: 'Bronze', amount: '100', benefits: ['Thanks', ' '] }, 'e1');
    expect(request).toMatchObject({ amount: 10000, benefits: ['Thanks'], quantity: null });
    expect(ZSavePackageRequest.safeParse(request).success).toBe(true);
  });

  it('keeps a blank line in the middle for the schema to point at', () => {
    const request = packageFormToRequest(
      { ...packageToFormValues(), name: 'X', amount: 1, benefits: ['', 'Two', ''] },
      'e1',
    );
    expect(request.benefits).toEqual(['', 'Two']);
    const result = ZSavePackageRequest.safeParse(request);
    expect(result.error?.issues[0]?.path).toEqual(['benefits', 0]);
  });

  it('edits a saved package in major units', () => {
    const values = packageToFormValues(gold);
    expect(values).toMatchObject({ amount: 500, quantity: 3, benefits: gold.benefits });
    expect(packageFormToRequest(values, 'e1', 'p1')).toMatchObject({
      id: 'p1',
      amount: 50000,
      benefits: gold.benefits,
    });
  });

  it('asks for an amount', () => {
    expect(checkPackageForm(packageToFormValues())).toEqual({ amount: 'Amount is required' });
  });
});
