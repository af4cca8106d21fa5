import type { TEvent } from '@clubtix/contract';
import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { usePublicTickets } from '../api';
import { TicketList } from './ticket-list';

/**
 * Tickets and the calls to act. Buying is built by a later issue: the button is shown disabled
 * with a note, rather than leading to a page that cannot sell yet.
 */
export function TicketPanel({ event }: { event: Pick<TEvent, 'id' | 'currency' | 'timezone' | 'donationsEnabled'> }) {
  const tickets = usePublicTickets(event.id);
  return (
    <Paper component="section" aria-labelledby="event-tickets" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id="event-tickets">
          Tickets
        </Title>
        {tickets.isPending ? (
          <Stack gap="xs" aria-hidden="true">
            <Skeleton height={24} />
            <Skeleton height={24} />
          </Stack>
        ) : tickets.isError ? (
          <QueryError error={tickets.error} onRetry={() => void tickets.refetch()} what="the tickets" />
        ) : tickets.data.length === 0 ? (
          <Text c="gray.7">No tickets have been announced yet.</Text>
        ) : (
          <TicketList tickets={tickets.data} currency={event.currency} timeZone={event.timezone} />
        )}

        <Stack gap={6} mt="xs">
          <Button size="md" fullWidth disabled aria-describedby="ticket-sales-note">
            Buy tickets
          </Button>
          <Text size="sm" c="gray.7" ta="center" id="ticket-sales-note">
            Ticket sales open soon
          </Text>
        </Stack>
        {event.donationsEnabled ? (
          <Button
            component={Link}
            to={`/event/${encodeURIComponent(event.id)}/donation`}
            size="md"
            variant="outline"
            fullWidth
          >
            Donate
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
