import { currentLanguage } from '../../../i18n/i18n';
import { formatMoney, type TCurrency } from '@clubtix/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { discountLabel, minusMoney } from '../discount-code';

/**
 * The basket's count and price at the ticket selection; with a code, what it takes off and the
 * total after it. The server prices the order itself when the tickets are held.
 */
export function SelectionTotal({
  count,
  gross,
  discount,
  currency,
}: {
  count: number;
  gross: number;
  discount: { code: string; amount: number } | null;
  currency: TCurrency;
}) {
  const { t } = useTranslation('buying');
  const countText = count === 0 ? t('selection.none') : t('selection.count', { count });
  if (!discount) {
    return (
      <Group justify="space-between" data-testid="selection-total">
        <Text fw={600}>{countText}</Text>
        <Text fw={700} fz="lg">
          {formatMoney(gross, currency, currentLanguage())}
        </Text>
      </Group>
    );
  }
  return (
    <Stack gap={4} data-testid="selection-total">
      <Group justify="space-between">
        <Text fw={600}>{countText}</Text>
        <Text fw={500}>{formatMoney(gross, currency, currentLanguage())}</Text>
      </Group>
      <Group justify="space-between" data-testid="selection-discount">
        <Text>{discountLabel(discount.code)}</Text>
        <Text fw={500}>{minusMoney(discount.amount, currency)}</Text>
      </Group>
      <Group justify="space-between">
        <Text fw={700}>{t('selection.total')}</Text>
        <Text fw={700} fz="lg">
          {formatMoney(Math.max(0, gross - discount.amount), currency, currentLanguage())}
        </Text>
      </Group>
    </Stack>
  );
}
