import { formatMoney, type TEvent } from '@clubtix/contract';
import { Badge, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { ListPagination } from '../../../components/list-pagination';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/zoned-time';
import { TEXT_SAFE_GREEN } from '../../../theme';
import { useExtrasPurchases } from '../sales-api';
import { countText, EXTRAS_PAGE_SIZE, REDEEMED_FILTERS, REDEEMED_LABELS, type ExtrasView } from '../sales-views';

interface Props {
  event: Pick<TEvent, 'id' | 'timezone'>;
  view: ExtrasView;
  onChange: (view: ExtrasView) => void;
}

/** The extras bought for the event (paid ones), Not Redeemed / Redeemed / all, as SPEC section 4 says. */
export function ExtrasPurchasesView({ event, view, onChange }: Props) {
  const list = useExtrasPurchases(event.id, view);
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / EXTRAS_PAGE_SIZE));

  let content;
  if (list.isPending) content = <PageLoader label="Loading extras" />;
  else if (list.isError)
    content = <QueryError error={list.error} onRetry={() => void list.refetch()} what="the extras bought" />;
  else if (list.data.purchases.length === 0)
    content = (
      <Text c="dimmed" size="sm" py="md" role="status">
        {view.filter === 'all' ? 'No extras bought yet.' : 'No extras match this filter.'}
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
                  {formatMoney(purchase.amount, purchase.currency)}
                  {purchase.paidAt ? ` · paid ${formatDateTime(purchase.paidAt, event.timezone)}` : ''}
                </Text>
              </Stack>
              {purchase.redeemedAt ? (
                <Stack gap={2} align="flex-end">
                  <Badge color={TEXT_SAFE_GREEN} variant="filled" style={{ flex: 'none' }}>
                    Redeemed
                  </Badge>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(purchase.redeemedAt, event.timezone)}
                  </Text>
                </Stack>
              ) : (
                <Badge color="gray.7" variant="outline" style={{ flex: 'none' }}>
                  Not Redeemed
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
        aria-label="Redeemed"
        data={REDEEMED_FILTERS.map((value) => ({ value, label: REDEEMED_LABELS[value] }))}
        value={view.filter}
        onChange={(value) => onChange({ filter: value, page: 1 })}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {list.data
          ? countText(view.page, list.data.purchases.length, total, EXTRAS_PAGE_SIZE, ['extra bought', 'extras bought'])
          : '\u00a0'}
      </Text>
      <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>{content}</div>
      <ListPagination pageCount={pageCount} page={view.page} onChange={(page) => onChange({ ...view, page })} />
    </Stack>
  );
}
