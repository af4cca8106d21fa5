import { formatMoney, type TCurrency } from '@clubtix/contract';
import { Anchor, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useClubSales } from '../api';
import { totalsText } from '../sales-figures';

/** The admin dashboard's money: the club's takings and each coming event's tickets and net. */
export function ClubTakings({ clubId }: { clubId: string }) {
  const sales = useClubSales(clubId);
  if (sales.isPending) return <PageLoader label="Loading sales" />;
  if (sales.isError) return <QueryError error={sales.error} onRetry={() => void sales.refetch()} what="the sales" />;
  return (
    <Card component="section" aria-labelledby="takings-heading" withBorder radius="lg" padding="lg" mt="md">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="takings-heading">
          Sales
        </Title>
        <Text data-testid="club-totals">{totalsText(sales.data.totals)}</Text>
        {sales.data.upcoming.length === 0 ? (
          <Text size="sm" c="dimmed">
            No coming events.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Coming events">
            {sales.data.upcoming.map((event) => (
              <Stack component="li" key={event.eventId} gap={2} data-testid="coming-event">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/event/${encodeURIComponent(event.eventId)}/sales`} fw={600}>
                    {event.title}
                  </Anchor>
                  <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(event.net, event.currency as TCurrency)}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {event.capacity ? `${event.ticketsSold} of ${event.capacity} sold` : `${event.ticketsSold} sold`}
                </Text>
                {event.capacity ? (
                  <Progress
                    value={Math.min(100, (event.ticketsSold / event.capacity) * 100)}
                    size="sm"
                    aria-label={`${event.title}: ${event.ticketsSold} of ${event.capacity} sold`}
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
