import type { TEvent } from '@clubtix/contract';
import { Anchor, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicTickets } from '../api';
import { formatEventDateTime } from '../event-dates';
import { priceHint } from '../ticket-offer';
import { EventBanner } from './event-banner';
import classes from './event-card.module.css';

/**
 * The price line under a card ("From £10"). A club lists a handful of active events, so one small request per card
 * is cheap, and it fills the same cache the event page reads when the visitor opens it.
 */
function PriceHint({ event }: { event: Pick<TEvent, 'id' | 'currency'> }) {
  const { t } = useTranslation('public');
  const tickets = usePublicTickets(event.id);
  if (tickets.isPending) return <Skeleton height={18} width={90} aria-hidden="true" />;
  if (tickets.isError) return null;
  const hint = priceHint(tickets.data, event.currency);
  if (hint === null) {
    if (tickets.data.length === 0) return null;
    // Tickets held by buyers paying may come back: "Reserved", not "Sold out" (ticket-offer.ts).
    const held = tickets.data.some((ticket) => ticket.isActive && ticket.available === 0 && ticket.held > 0);
    return (
      <Text size="sm" fw={600} c={held ? 'gray.8' : 'red.9'}>
        {t(held ? 'offer.held' : 'offer.soldOut')}
      </Text>
    );
  }
  return (
    <Text size="sm" fw={700} data-testid="event-card-price">
      {hint}
    </Text>
  );
}

/** An event on the club page: banner, title (the link to /{slug}), date, venue and lowest price. */
export function EventCard({ event }: { event: TEvent }) {
  return (
    <Card withBorder radius="lg" padding="md" className={classes.card} data-testid="event-card">
      <Card.Section>
        <EventBanner event={event} variant="card" />
      </Card.Section>
      <Stack gap={6} mt="md">
        <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          <Anchor
            component={Link}
            to={`/${encodeURIComponent(event.slug)}`}
            c="inherit"
            inherit
            className={classes.link}
          >
            {event.title}
          </Anchor>
        </Title>
        <Text size="sm" fw={500}>
          {formatEventDateTime(event.startDate, event.timezone)}
        </Text>
        {event.venue ? (
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {event.venue}
          </Text>
        ) : null}
        <PriceHint event={event} />
      </Stack>
    </Card>
  );
}
