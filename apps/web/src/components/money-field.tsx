import type { TCurrency } from '@clubtix/contract';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CURRENCY_SIGNS, currencyCode } from '../lib/money-input';

/**
 * An amount typed in major units (12.50) in the event's currency; the form converts it to the
 * minor units the API takes.
 */
export function MoneyField({
  currency,
  description,
  ...props
}: Omit<NumberInputProps, 'prefix' | 'decimalScale' | 'allowNegative'> & { currency: TCurrency }) {
  const { t } = useTranslation('common');
  return (
    <NumberInput
      {...props}
      description={description ?? t('money.hint', { currency: currencyCode(currency) })}
      prefix={CURRENCY_SIGNS[currency]}
      decimalScale={2}
      allowNegative={false}
      thousandSeparator=","
      // Only the point is a decimal point: "1,500" is fifteen hundred, never 1.50.
      allowedDecimalSeparators={['.']}
      inputMode="decimal"
    />
  );
}
