import { currentLanguage } from '../../../i18n/i18n';
import { formatMoney, type TOrder } from '@clubtix/contract';
import { Group, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { discountLabel, minusMoney } from '../discount-code';

/**
 * The order's lines and total exactly as the server priced them: the lines at their prices, then
 * the code's discount ("Discount (CODE) −£X", docs/product.md section 19), then what is paid.
 */
export function OrderSummary({
  order,
  heading,
  headingOrder = 2,
}: {
  order: Pick<TOrder, 'items' | 'amount' | 'currency'> & Partial<Pick<TOrder, 'discountCode' | 'discountAmount'>>;
  heading?: string;
  headingOrder?: TitleOrder;
}) {
  const { t } = useTranslation(['buying', 'public']);
  const headingId = useId();
  // Tickets first, then extras, whatever order the server lists them in.
  const items = [...order.items].sort((a, b) => Number(a.kind === 'extras') - Number(b.kind === 'extras'));
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={headingOrder} fz="lg" id={headingId}>
          {heading ?? t('summary.yourOrder')}
        </Title>
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item, index) => (
            <Group
              component="li"
              key={`${item.kind}-${item.ticketId ?? item.extrasId ?? index}`}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              data-testid="order-line"
            >
              <Text style={{ overflowWrap: 'anywhere' }}>
                {item.quantity} × {item.name}
              </Text>
              <Text fw={500} style={{ whiteSpace: 'nowrap' }}>
                {item.amount === 0
                  ? t('public:offer.free')
                  : formatMoney(item.amount, order.currency, currentLanguage())}
              </Text>
            </Group>
          ))}
        </Stack>
        {order.discountAmount ? (
          <Group
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            pt="xs"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            data-testid="order-discount"
          >
            <Text style={{ overflowWrap: 'anywhere' }}>{discountLabel(order.discountCode ?? t('summary.code'))}</Text>
            <Text fw={500} style={{ whiteSpace: 'nowrap' }}>
              {minusMoney(order.discountAmount, order.currency)}
            </Text>
          </Group>
        ) : null}
        <Group
          justify="space-between"
          pt="xs"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          data-testid="order-total"
        >
          <Text fw={700}>{t('selection.total')}</Text>
          <Text fw={700} fz="lg">
            {formatMoney(order.amount, order.currency, currentLanguage())}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
