import type { TCurrency, TTicket } from '@clubtix/contract';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEventDateTime } from '../event-dates';
import { formatPrice, heldText, ticketAvailability } from '../ticket-offer';

export function AvailabilityNote({ ticket, timeZone, now }: { ticket: TTicket; timeZone: string; now: Date }) {
  const { t } = useTranslation('public');
  const availability = ticketAvailability(ticket, now);
  switch (availability.kind) {
    case 'soldOut':
      // Filled dark red and gold keep their text at 4.5:1 or more; the light variants do not.
      return (
        <Badge color="red.9" variant="filled" size="md" tt="none">
          {t('offer.soldOut')}
        </Badge>
      );
    case 'held':
      return (
        <Stack gap={4} align="flex-start">
          <Badge color="gold" variant="filled" size="md" tt="none">
            {t('offer.held')}
          </Badge>
          <Text size="sm" c="gray.7" data-testid="ticket-held-note">
            {heldText(availability.until, timeZone, 'public:ticketList.heldUntil', 'public:ticketList.heldSoon')}
          </Text>
        </Stack>
      );
    case 'salesEnded':
      return (
        <Text size="sm" c="gray.7">
          {t('ticketList.salesEnded')}
        </Text>
      );
    case 'notYetOnSale':
      return (
        <Text size="sm" c="gray.7">
          {t('ticketList.onSaleFrom', { when: formatEventDateTime(availability.from, timeZone) })}
        </Text>
      );
    case 'fewLeft':
      return (
        <Badge color="gold" variant="filled" size="md" tt="none">
          {t('ticketList.left', { count: availability.count })}
        </Badge>
      );
    case 'available':
      return null;
  }
}

/** The event's ticket types with price and what is left; each is an h3 under the page's h2. */
export function TicketList({
  tickets,
  currency,
  timeZone,
}: {
  tickets: TTicket[];
  currency: TCurrency;
  timeZone: string;
}) {
  const { t } = useTranslation('public');
  const [now] = useState(() => new Date());
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('ticketList.label')}>
      {tickets.map((ticket, index) => (
        <li
          key={ticket.id}
          data-testid="ticket-type"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" py="sm">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={3} fz="md" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {ticket.name}
              </Title>
              {ticket.description ? (
                <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {ticket.description}
                </Text>
              ) : null}
              <AvailabilityNote ticket={ticket} timeZone={timeZone} now={now} />
            </Stack>
            <Text fw={700} fz="lg" style={{ whiteSpace: 'nowrap' }} data-testid="ticket-price">
              {formatPrice(ticket.price, currency)}
            </Text>
          </Group>
        </li>
      ))}
    </Stack>
  );
}
