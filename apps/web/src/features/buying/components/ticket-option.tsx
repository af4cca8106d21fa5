import type { TCodeCheck, TEvent, TTicket } from '@clubtix/contract';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AvailabilityNote } from '../../public/components/ticket-list';
import { formatPrice, isBuyable } from '../../public/ticket-offer';
import { codeCovers, lineDiscount } from '../discount-code';
import { limitNote, maxQuantity, type Selection } from '../ticket-selection';
import { offersWaitlist } from '../waitlist';
import { QuantityStepper } from './quantity-stepper';
import { WaitlistJoin } from './waitlist-join';

/**
 * One ticket type at the selection: its price (and its price with the applied code), what is left,
 * the quantity chosen, and, once it is sold out, its waiting list.
 */
export function TicketOption({
  ticket,
  event,
  selection,
  now,
  code,
  email,
  onChange,
}: {
  ticket: TTicket;
  event: TEvent;
  selection: Selection;
  now: Date;
  code: TCodeCheck | null;
  /** The buyer's e-mail as typed so far, to start the waiting-list form from. */
  email: string;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation(['buying', 'public']);
  const buyable = isBuyable(ticket, now);
  const value = selection[ticket.id] ?? 0;
  const note = buyable && value > 0 ? limitNote(ticket, selection, event.maxTicketsPerOrder) : null;
  const off = code && codeCovers(code, ticket.id) ? lineDiscount(code, ticket.price, 1) : 0;
  return (
    <Paper component="li" withBorder radius="lg" p="md" data-testid="ticket-option">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
              {ticket.name}
            </Title>
            {ticket.hidden ? (
              <Badge color="purple.8" variant="filled" size="md" tt="none" data-testid="unlocked-ticket">
                {t('ticketOption.unlocked')}
              </Badge>
            ) : null}
            <Text fw={700} data-testid="ticket-price">
              {off > 0 ? (
                <>
                  <Text span inherit td="line-through" c="gray.7" fw={400} mr={6}>
                    {formatPrice(ticket.price, event.currency)}
                  </Text>
                  <Text span inherit data-testid="ticket-code-price">
                    {t('ticketOption.withCode', { price: formatPrice(ticket.price - off, event.currency) })}
                  </Text>
                </>
              ) : (
                formatPrice(ticket.price, event.currency)
              )}
            </Text>
            <AvailabilityNote ticket={ticket} timeZone={event.timezone} now={now} />
          </Stack>
          {buyable ? (
            <QuantityStepper
              name={ticket.name}
              value={value}
              max={maxQuantity(ticket, selection, event.maxTicketsPerOrder)}
              onChange={onChange}
            />
          ) : null}
        </Group>
        {ticket.description ? (
          <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {ticket.description}
          </Text>
        ) : null}
        {note ? (
          <Text size="sm" c="gray.7">
            {note}
          </Text>
        ) : null}
        {offersWaitlist(ticket, event, now) ? (
          <WaitlistJoin eventId={event.id} ticket={ticket} eventMax={event.maxTicketsPerOrder} email={email} />
        ) : null}
      </Stack>
    </Paper>
  );
}
