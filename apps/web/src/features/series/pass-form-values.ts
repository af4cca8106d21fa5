import { CURRENCIES, type TCurrency, type TPass, type TSavePassRequest } from '@clubtix/contract';
import type { FormErrors } from '@mantine/form';
import { i18n } from '../../i18n/i18n';
import { optionalNumber } from '../../lib/moment-fields';
import { checkMoneyInput, toMajorUnits, toMinorUnits } from '../../lib/money-input';

/** The season pass form's fields, the price in major units. */
export type PassFormValues = {
  name: string;
  price: number | string;
  /** '' while empty: no limit of its own. */
  quantity: number | string;
  isActive: boolean;
};

export function passToFormValues(pass?: TPass): PassFormValues {
  return {
    name: pass?.name ?? '',
    price: pass ? toMajorUnits(pass.price) : '',
    quantity: pass?.quantity ?? '',
    isActive: pass?.isActive ?? true,
  };
}

export function passFormToRequest(values: PassFormValues, seriesId: string, id?: string): TSavePassRequest {
  return {
    ...(id ? { id } : {}),
    seriesId,
    name: values.name,
    price: toMinorUnits(values.price) ?? Number.NaN,
    quantity: optionalNumber(values.quantity),
    isActive: values.isActive,
  };
}

/** The saved pass as a save request, for changes made from the list. */
export function passToRequest(pass: TPass, changes: Partial<TSavePassRequest> = {}): TSavePassRequest {
  const { id, seriesId, name, price, quantity, isActive } = pass;
  return { id, seriesId, name, price, quantity, isActive, ...changes };
}

export function checkPassForm(values: PassFormValues): FormErrors {
  // The series page loads the `series` catalogue.
  const price = checkMoneyInput(i18n.t('series:passForm.price'), values.price);
  return price ? { price } : {};
}

/**
 * The currency a series' passes are priced in: the one the API names (its events'), else that of
 * its first event, else the club's usual one while the series has no event yet.
 */
export function passCurrency(named: string | null | undefined, eventCurrency: TCurrency | undefined): TCurrency {
  return CURRENCIES.find((currency) => currency === named) ?? eventCurrency ?? 'gbp';
}
