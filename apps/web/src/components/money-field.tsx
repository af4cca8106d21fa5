import type { TCurrency } from '@clubtix/contract';
import { NumberInput, type NumberInputProps } from '@mantine/core';
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
  return (
    <NumberInput
      {...props}
      description={description ?? `In ${currencyCode(currency)}, for example 12.50`}
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
