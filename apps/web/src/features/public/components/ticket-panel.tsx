import type { TEvent } from '@clubtix/contract';
import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { usePublicTickets } from '../api';
import { eventSales, heldText, salesClosedNote } from '../ticket-offer';
import { TicketList } from './ticket-list';

type PanelEvent = Pick<
  TEvent,
  | 'id'
  | 'slug'
  | 'currency'
  | 'timezone'
  | 'donationsEnabled'
  | 'endDate'
  | 'registrationOpensAt'
  | 'registrationClosesAt'
>;

/**
 * Tickets and the calls to act. "Buy tickets" leads to the ticket selection while tickets can be
 * bought; once everything is sold out, "Join the waiting list" leads there instead, where each
 * ticket type keeps its list (docs/decisions/0030-money-screens.md); otherwise "Buy tickets" is
 * shown disabled with the reason beside it (not open yet, ended...).
 */
export function TicketPanel({ event }: { event: PanelEvent }) {
  const { t } = useTranslation('public');
  const tickets = usePublicTickets(event.id);
  const [now] = useState(() => new Date());
  const sales = tickets.isSuccess ? eventSales(event, tickets.data, now) : null;
  const closedNote = sales ? salesClosedNote(sales, event.timezone) : null;
  // An event whose every ticket is free is registered for, not bought.
  const buyLabel =
    tickets.isSuccess && tickets.data.length > 0 && tickets.data.every((ticket) => ticket.price === 0)
      ? t('ticketPanel.register')
      : t('ticketPanel.buy');
  const ticketsPath = `/${encodeURIComponent(event.slug)}/tickets`;
  return (
    <Paper component="section" aria-labelledby="event-tickets" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id="event-tickets">
          {t('ticketPanel.title')}
        </Title>
        {tickets.isPending ? (
          <Stack gap="xs" aria-hidden="true">
            <Skeleton height={24} />
            <Skeleton height={24} />
          </Stack>
        ) : tickets.isError ? (
          <QueryError error={tickets.error} onRetry={() => void tickets.refetch()} what={t('ticketPanel.what')} />
        ) : tickets.data.length === 0 ? (
          <Text c="gray.7">{t('ticketPanel.none')}</Text>
        ) : (
          <TicketList tickets={tickets.data} currency={event.currency} timeZone={event.timezone} />
        )}

        {tickets.isSuccess && closedNote === null ? (
          <Button component={Link} to={ticketsPath} size="md" fullWidth mt="xs">
            {buyLabel}
          </Button>
        ) : sales?.kind === 'soldOut' || sales?.kind === 'held' ? (
          <Stack gap={6} mt="xs">
            <Button component={Link} to={ticketsPath} size="md" fullWidth aria-describedby="ticket-sales-note">
              {t('ticketPanel.joinWaitlist')}
            </Button>
            <Text size="sm" c="gray.7" ta="center" id="ticket-sales-note" data-testid="ticket-sales-note">
              {sales.kind === 'held'
                ? heldText(
                    sales.until,
                    event.timezone,
                    'public:ticketPanel.heldNote',
                    'public:ticketPanel.heldNoteSoon',
                  )
                : t('ticketPanel.soldOutNote')}
            </Text>
          </Stack>
        ) : (
          <Stack gap={6} mt="xs">
            <Button size="md" fullWidth disabled aria-describedby={closedNote ? 'ticket-sales-note' : undefined}>
              {buyLabel}
            </Button>
            {closedNote ? (
              <Text size="sm" c="gray.7" ta="center" id="ticket-sales-note" data-testid="ticket-sales-note">
                {closedNote}
              </Text>
            ) : null}
          </Stack>
        )}
        {event.donationsEnabled ? (
          <Button
            component={Link}
            to={`/event/${encodeURIComponent(event.id)}/donation`}
            size="md"
            variant="outline"
            fullWidth
          >
            {t('ticketPanel.donate')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
