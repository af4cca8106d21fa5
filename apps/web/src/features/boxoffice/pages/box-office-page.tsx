import { formatMoney, type TBoxOfficeMethod, type TBoxOfficeSale, type TEvent } from '@clubtix/contract';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { TicketCode } from '../../buying/components/ticket-code';
import { TicketQr } from '../../buying/components/ticket-qr';
import { ManagedEventPage } from '../../events/components/managed-event-page';
import { useEventTickets } from '../../tickets/api';
import { useSellAtDoor } from '../api';

const METHODS: { value: TBoxOfficeMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'card_terminal', label: 'Card terminal' },
  { value: 'complimentary', label: 'Free' },
];

/** How the sale's line says it was paid: "£50 paid in cash", "£0 free of charge". */
const PAID_AS: Record<TBoxOfficeMethod, string> = {
  cash: 'paid in cash',
  card_terminal: 'paid by card terminal',
  complimentary: 'free of charge',
};

const paidAs = (method: string | null) =>
  method && Object.hasOwn(PAID_AS, method) ? PAID_AS[method as TBoxOfficeMethod] : '';

const leftText = (available: number | null) =>
  available === null ? undefined : available === 0 ? 'Sold out' : `${available} left`;

// On a desktop the full-width fields read as one long line; the door's own page keeps this width too.
const FORM_WIDTH = 640;

interface Guest {
  firstName: string;
  lastName: string;
}

function Sale({ sale, onNext }: { sale: TBoxOfficeSale; onNext: () => void }) {
  const { registration, order } = sale;
  return (
    <Stack gap="sm" maw={FORM_WIDTH} data-testid="box-office-sale">
      <Alert color="green" title="Sold" role="status">
        {registration.attendees.length} ticket{registration.attendees.length === 1 ? '' : 's'},{' '}
        {formatMoney(order.amount, order.currency)} {paidAs(order.paymentMethod)}
        {registration.attendees.every((a) => a.checkinId) ? ', checked in' : ''}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {registration.attendees.map((attendee, i) => {
          const name = [attendee.firstName, attendee.lastName].filter(Boolean).join(' ') || `Guest ${i + 1}`;
          return (
            <Card key={attendee.attendeeId} withBorder padding="sm">
              <Stack gap={4} align="center">
                <Text fw={600}>{name}</Text>
                <Text size="sm" c="dimmed">
                  {attendee.ticketName}
                </Text>
                <TicketQr
                  registrationId={registration.registrationId}
                  attendeeId={attendee.attendeeId}
                  qrUuid={registration.qrUuid}
                  label={`Ticket of ${name}`}
                  size={200}
                />
                <TicketCode shortCode={attendee.shortCode} size="md" />
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <Button onClick={onNext}>Next sale</Button>
    </Stack>
  );
}

function BoxOffice({ event }: { event: TEvent }) {
  const tickets = useEventTickets(event.id);
  const sell = useSellAtDoor();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [guests, setGuests] = useState<Guest[]>([]);
  const [email, setEmail] = useState('');
  const [method, setMethod] = useState<TBoxOfficeMethod>('cash');
  const [checkIn, setCheckIn] = useState(true);

  if (tickets.isPending) return <PageLoader label="Loading tickets" />;
  if (tickets.isError) {
    return <QueryError error={tickets.error} onRetry={() => void tickets.refetch()} what="the tickets" />;
  }
  if (sell.data) {
    return (
      <Sale
        sale={sell.data}
        onNext={() => {
          sell.reset();
          setQuantities({});
          setGuests([]);
          setEmail('');
        }}
      />
    );
  }
  const lines = Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([ticketId, quantity]) => ({ ticketId, quantity }));
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const total = tickets.data.reduce((sum, t) => sum + (quantities[t.id] ?? 0) * t.price, 0);
  const guestAt = (i: number): Guest => guests[i] ?? { firstName: '', lastName: '' };
  const setGuest = (i: number, field: keyof Guest, value: string) =>
    setGuests((all) => {
      const next = Array.from({ length: Math.max(all.length, i + 1) }, (_, j) => all[j] ?? guestAt(j));
      next[i] = { ...next[i]!, [field]: value };
      return next;
    });

  return (
    <Stack
      component="form"
      gap="md"
      maw={FORM_WIDTH}
      onSubmit={(e) => {
        e.preventDefault();
        sell.mutate({
          eventId: event.id,
          tickets: lines,
          attendees: Array.from({ length: count }, (_, i) => ({
            firstName: guestAt(i).firstName || null,
            lastName: guestAt(i).lastName || null,
            // One ticket is one person's: their e-mail is the attendee's too (an attendee added by hand).
            ...(count === 1 && email.trim() ? { email: email.trim() } : {}),
          })),
          email: email.trim() || null,
          paymentMethod: method,
          checkIn,
        });
      }}
    >
      <Text size="sm" c="dimmed">
        Sell at the door, or add one attendee by hand: choose Free and type their name and e-mail.
      </Text>
      <Stack gap="xs" component="section" aria-label="Tickets">
        <Title order={2} fz="lg">
          Tickets
        </Title>
        {tickets.data.length === 0 ? <Text c="dimmed">This event has no tickets yet.</Text> : null}
        {tickets.data.map((ticket) => (
          <NumberInput
            key={ticket.id}
            label={`${ticket.name} (${formatMoney(ticket.price, event.currency)})`}
            description={leftText(ticket.available)}
            min={0}
            // The server still refuses a sale past the stock (409): another device may sell meanwhile.
            max={ticket.available === null ? 100 : Math.max(0, Math.min(100, ticket.available))}
            allowDecimal={false}
            value={quantities[ticket.id] ?? 0}
            error={
              ticket.available !== null && (quantities[ticket.id] ?? 0) > ticket.available
                ? `Only ${ticket.available} left`
                : undefined
            }
            onChange={(value) => setQuantities((all) => ({ ...all, [ticket.id]: Number(value) || 0 }))}
          />
        ))}
      </Stack>
      {count > 0 ? (
        <Stack gap="xs" component="section" aria-label="Names">
          <Title order={2} fz="lg">
            Names (optional)
          </Title>
          {Array.from({ length: Math.min(count, 20) }, (_, i) => (
            <Group key={i} grow gap="xs">
              <TextInput
                label={`Guest ${i + 1} first name`}
                value={guestAt(i).firstName}
                onChange={(e) => setGuest(i, 'firstName', e.currentTarget.value)}
              />
              <TextInput
                label={`Guest ${i + 1} last name`}
                value={guestAt(i).lastName}
                onChange={(e) => setGuest(i, 'lastName', e.currentTarget.value)}
              />
            </Group>
          ))}
          <TextInput
            type="email"
            label="E-mail for the tickets (optional)"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </Stack>
      ) : null}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="box-office-method">
          Payment
        </Text>
        <SegmentedControl
          aria-labelledby="box-office-method"
          fullWidth
          data={METHODS}
          value={method}
          onChange={(value) => setMethod(value)}
        />
      </Stack>
      <Checkbox label="Check in now" checked={checkIn} onChange={(e) => setCheckIn(e.currentTarget.checked)} />
      {sell.isError ? (
        <Alert color="red" role="alert" title="Not sold" data-testid="box-office-error">
          {sell.error.message}
        </Alert>
      ) : null}
      <Button type="submit" size="md" disabled={count === 0} loading={sell.isPending}>
        Sell {count} ticket{count === 1 ? '' : 's'} ·{' '}
        {formatMoney(method === 'complimentary' ? 0 : total, event.currency)}
      </Button>
    </Stack>
  );
}

/** /event/{eventId}/box-office: selling at the door (docs/product.md section 20). */
export default function BoxOfficePage() {
  const { eventId } = useParams();
  return (
    <ManagedEventPage eventId={eventId} title="Box office" screen="boxoffice">
      {(event) => <BoxOffice event={event} />}
    </ManagedEventPage>
  );
}
