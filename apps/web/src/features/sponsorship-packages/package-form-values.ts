import type { TSavePackageRequest, TSponsorshipPackage } from '@clubtix/contract';
import type { FormErrors } from '@mantine/form';
import { checkMoneyInput, toMajorUnits, toMinorUnits } from '../../lib/money-input';
import { optionalNumber } from '../../lib/moment-fields';
import { withoutTrailingBlanks } from '../../lib/text-lists';
import { i18n } from '../../i18n/i18n';

/** The package form's fields: the amount in major units, benefits as an editable list of texts. */
export type PackageFormValues = {
  name: string;
  description: string;
  amount: number | string;
  benefits: string[];
  quantity: number | string;
  isActive: boolean;
};

export function packageToFormValues(item?: TSponsorshipPackage): PackageFormValues {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    amount: item ? toMajorUnits(item.amount) : '',
    benefits: item ? [...item.benefits] : [''],
    quantity: item?.quantity ?? '',
    isActive: item?.isActive ?? true,
  };
}

export function packageFormToRequest(values: PackageFormValues, eventId: string, id?: string): TSavePackageRequest {
  return {
    ...(id ? { id } : {}),
    eventId,
    name: values.name,
    description: values.description,
    amount: toMinorUnits(values.amount) ?? Number.NaN,
    benefits: withoutTrailingBlanks(values.benefits),
    quantity: optionalNumber(values.quantity),
    isActive: values.isActive,
  };
}

export function checkPackageForm(values: PackageFormValues): FormErrors {
  // The packages page loads the `sponsorship-packages` catalogue.
  const amount = checkMoneyInput(i18n.t('sponsorship-packages:form.amount'), values.amount, { mayBeFree: false });
  return amount ? { amount } : {};
}
