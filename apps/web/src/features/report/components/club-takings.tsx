import { formatMoney, type TCurrency } from '@clubtix/contract';
import { Anchor, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { currentLanguage } from '../../../i18n/i18n';
import { useClubSales } from '../api';
import { totalsText } from '../sales-figures';

/** The admin dashboard's money: the club's takings and each coming event's tickets and net. */
export function ClubTakings({ clubId }: { clubId: string }) {
  const { t } = useTranslation('report');
  const sales = useClubSales(clubId);
  if (sales.isPending) return <PageLoader label={t('loading')} />;
  if (sales.isError)
    return <QueryError error={sales.error} onRetry={() => void sales.refetch()} what={t('salesWhat')} />;
  return (
    <Card component="section" aria-labelledby="takings-heading" withBorder radius="lg" padding="lg" mt="md">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="takings-heading">
          {t('title')}
        </Title>
        <Text data-testid="club-totals">{totalsText(sales.data.totals)}</Text>
        {sales.data.upcoming.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('club.noComing')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('club.coming')}>
            {sales.data.upcoming.map((event) => (
              <Stack component="li" key={event.eventId} gap={2} data-testid="coming-event">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/event/${encodeURIComponent(event.eventId)}/sales`} fw={600}>
                    {event.title}
                  </Anchor>
                  <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(event.net, event.currency as TCurrency, currentLanguage())}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {event.capacity
                    ? t('club.soldOf', { sold: event.ticketsSold, capacity: event.capacity })
                    : t('club.sold', { sold: event.ticketsSold })}
                </Text>
                {event.capacity ? (
                  <Progress
                    value={Math.min(100, (event.ticketsSold / event.capacity) * 100)}
                    size="sm"
                    aria-label={`${event.title}: ${t('club.soldOf', { sold: event.ticketsSold, capacity: event.capacity })}`}
                  />
                ) : null}
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
