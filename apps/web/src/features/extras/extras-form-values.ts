import type { TExtras, TSaveExtrasRequest } from '@clubtix/contract';
import type { FormErrors } from '@mantine/form';
import { checkMoneyInput, toMajorUnits, toMinorUnits } from '../../lib/money-input';
import { optionalNumber } from '../../lib/moment-fields';
import { i18n } from '../../i18n/i18n';

/** The extra form's fields, the price in major units. */
export type ExtrasFormValues = {
  name: string;
  description: string;
  price: number | string;
  quantity: number | string;
  isActive: boolean;
};

export function extrasToFormValues(extras?: TExtras): ExtrasFormValues {
  return {
    name: extras?.name ?? '',
    description: extras?.description ?? '',
    price: extras ? toMajorUnits(extras.price) : '',
    quantity: extras?.quantity ?? '',
    isActive: extras?.isActive ?? true,
  };
}

export function extrasFormToRequest(values: ExtrasFormValues, eventId: string, id?: string): TSaveExtrasRequest {
  return {
    ...(id ? { id } : {}),
    eventId,
    name: values.name,
    description: values.description,
    price: toMinorUnits(values.price) ?? Number.NaN,
    quantity: optionalNumber(values.quantity),
    isActive: values.isActive,
  };
}

/** The saved extra as a save request, for changes made from the list. */
export function extrasToRequest(extras: TExtras, changes: Partial<TSaveExtrasRequest> = {}): TSaveExtrasRequest {
  const { id, eventId, name, description, price, quantity, isActive } = extras;
  return { id, eventId, name, description, price, quantity, isActive, ...changes };
}

export function checkExtrasForm(values: ExtrasFormValues): FormErrors {
  // The extras page loads the `extras` catalogue.
  const price = checkMoneyInput(i18n.t('extras:form.price'), values.price);
  return price ? { price } : {};
}
