import { endpoints, formatMoney, type TEvent, type TExtrasPurchaseListItem } from '@clubtix/contract';
import { Badge, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../api/client';
import { ListPagination } from '../../../components/list-pagination';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/zoned-time';
import { TEXT_SAFE_GREEN } from '../../../theme';
import { canRefund, RefundDialog } from '../../sponsorships/components/refund-dialog';
import { attendeeKeys } from '../api';
import { useExtrasPurchases } from '../sales-api';
import { countText, EXTRAS_PAGE_SIZE, REDEEMED_FILTERS, REDEEMED_KEYS, type ExtrasView } from '../sales-views';

interface Props {
  event: Pick<TEvent, 'id' | 'timezone'>;
  view: ExtrasView;
  onChange: (view: ExtrasView) => void;
}

const REFUND_KEYS = {
  partially_refunded: 'orderStatus.partlyRefunded',
  refunded: 'orderStatus.refunded',
} as const;

/** Extras bought alone can be refunded here (docs/product.md section 19); an order's vouchers go with their order. */
function RefundAction({ purchase }: { purchase: TExtrasPurchaseListItem }) {
  const { t } = useTranslation('attendees');
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const refund = useMutation({
    mutationFn: (ask: { amount?: number; reason?: string; requestKey: string }) =>
      callApi(endpoints.extrasPurchase.refund, { body: { extrasPurchaseId: purchase.id, ...ask } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendeeKeys.event(purchase.eventId) }),
  });
  if (!purchase.boughtAlone || !canRefund(purchase)) return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => setOpened(true)}
        aria-label={t('extras.refundOf', { extras: purchase.extrasName, email: purchase.email })}
      >
        {t('ordersView.refund')}
      </Button>
      <RefundDialog
        opened={opened}
        onClose={() => setOpened(false)}
        payable={{ ...purchase, what: t('extras.of', { extras: purchase.extrasName, email: purchase.email }) }}
        onRefund={(ask) => refund.mutateAsync(ask)}
      />
    </>
  );
}

/** The extras bought for the event (paid ones), Not Redeemed / Redeemed / all, as SPEC section 4 says. */
export function ExtrasPurchasesView({ event, view, onChange }: Props) {
  const { t } = useTranslation('attendees');
  const language = currentLanguage();
  const list = useExtrasPurchases(event.id, view);
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / EXTRAS_PAGE_SIZE));

  let content;
  if (list.isPending) content = <PageLoader label={t('extras.loading')} />;
  else if (list.isError)
    content = <QueryError error={list.error} onRetry={() => void list.refetch()} what={t('extras.what')} />;
  else if (list.data.purchases.length === 0)
    content = (
      <Text c="dimmed" size="sm" py="md" role="status">
        {view.filter === 'all' ? t('extras.empty') : t('extras.noMatch')}
      </Text>
    );
  else
    content = (
      <Stack gap="xs">
        {list.data.purchases.map((purchase) => (
          <Card key={purchase.id} withBorder padding="sm" data-testid="extras-purchase">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {purchase.extrasName} × {purchase.quantity}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {purchase.email}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatMoney(purchase.amount, purchase.currency, language)}
                  {purchase.paidAt
                    ? ` · ${t('extras.paid', { when: formatDateTime(purchase.paidAt, event.timezone) })}`
                    : ''}
                  {purchase.refundedAmount > 0
                    ? ` · ${t('extras.refunded', { amount: formatMoney(purchase.refundedAmount, purchase.currency, language) })}`
                    : ''}
                </Text>
                <Group gap="xs">
                  {purchase.paymentStatus !== 'paid' ? (
                    <Badge color="gray.7" variant="outline">
                      {t(REFUND_KEYS[purchase.paymentStatus])}
                    </Badge>
                  ) : null}
                  <RefundAction purchase={purchase} />
                </Group>
              </Stack>
              {purchase.redeemedAt ? (
                <Stack gap={2} align="flex-end">
                  <Badge color={TEXT_SAFE_GREEN} variant="filled" style={{ flex: 'none' }}>
                    {purchase.handedOver ? t('extras.handedOver') : t('extras.redeemed')}
                  </Badge>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(purchase.redeemedAt, event.timezone)}
                  </Text>
                </Stack>
              ) : (
                <Badge color="gray.7" variant="outline" style={{ flex: 'none' }}>
                  {t('extras.notRedeemed')}
                </Badge>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('extras.redeemed')}
        data={REDEEMED_FILTERS.map((value) => ({ value, label: t(REDEEMED_KEYS[value]) }))}
        value={view.filter}
        onChange={(value) => onChange({ filter: value, page: 1 })}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {list.data ? countText(view.page, list.data.purchases.length, total, EXTRAS_PAGE_SIZE, 'extras') : '\u00a0'}
      </Text>
      <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>{content}</div>
      <ListPagination pageCount={pageCount} page={view.page} onChange={(page) => onChange({ ...view, page })} />
    </Stack>
  );
}
