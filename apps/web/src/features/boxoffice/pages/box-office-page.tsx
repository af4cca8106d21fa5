import { formatMoney, type TBoxOfficeMethod, type TEvent } from '@clubtix/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { ManagedEventPage } from '../../events/components/managed-event-page';
import { usePublicExtras } from '../../public/api';
import { useEventTickets } from '../../tickets/api';
import { useSellAtDoor } from '../api';
import { BoxOfficeSale, FORM_WIDTH } from '../components/box-office-sale';

const METHODS: { value: TBoxOfficeMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'card_terminal', label: 'Card terminal' },
  { value: 'complimentary', label: 'Free' },
];

const leftText = (available: number | null) =>
  available === null ? undefined : available === 0 ? 'Sold out' : `${available} left`;

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The sell button's "2 tickets", "2 tickets, 1 extra" or "1 extra". */
const sellText = (tickets: number, extras: number) =>
  extras === 0
    ? plural(tickets, 'ticket')
    : tickets === 0
      ? plural(extras, 'extra')
      : `${plural(tickets, 'ticket')}, ${plural(extras, 'extra')}`;

interface Guest {
  firstName: string;
  lastName: string;
}

/** Chosen quantities as the sale's lines: { id: n } to [{ id, quantity }], zeros left out. */
const linesOf = <K extends string>(quantities: Record<string, number>, key: K) =>
  Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => ({ [key]: id, quantity }) as Record<K, string> & { quantity: number });

function BoxOffice({ event }: { event: TEvent }) {
  const tickets = useEventTickets(event.id);
  // The active extras of the event, as buyers see them online: the door sells what the event offers.
  const extras = usePublicExtras(event.id);
  const sell = useSellAtDoor();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [extrasQuantities, setExtrasQuantities] = useState<Record<string, number>>({});
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
      <BoxOfficeSale
        sale={sell.data}
        onNext={() => {
          sell.reset();
          setQuantities({});
          setExtrasQuantities({});
          setGuests([]);
          setEmail('');
        }}
      />
    );
  }
  const lines = linesOf(quantities, 'ticketId');
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const onSale = extras.data ?? [];
  const extrasLines = linesOf(extrasQuantities, 'extrasId').filter((line) =>
    onSale.some((item) => item.id === line.extrasId),
  );
  const extrasCount = extrasLines.reduce((sum, line) => sum + line.quantity, 0);
  const total =
    tickets.data.reduce((sum, t) => sum + (quantities[t.id] ?? 0) * t.price, 0) +
    onSale.reduce((sum, item) => sum + (extrasQuantities[item.id] ?? 0) * item.price, 0);
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
          extras: extrasLines,
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
      {extras.isError ? (
        <QueryError error={extras.error} onRetry={() => void extras.refetch()} what="the extras" />
      ) : onSale.length > 0 ? (
        <Stack gap="xs" component="section" aria-label="Extras">
          <Title order={2} fz="lg">
            Extras
          </Title>
          {onSale.map((item) => (
            <NumberInput
              key={item.id}
              label={`${item.name} (${formatMoney(item.price, event.currency)})`}
              // Each extra sold is a voucher with its own QR, redeemed at the door (or handed over at once).
              min={0}
              max={100}
              allowDecimal={false}
              value={extrasQuantities[item.id] ?? 0}
              onChange={(value) => setExtrasQuantities((all) => ({ ...all, [item.id]: Number(value) || 0 }))}
            />
          ))}
        </Stack>
      ) : null}
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
        </Stack>
      ) : null}
      {count + extrasCount > 0 ? (
        <TextInput
          type="email"
          label={`E-mail for the ${count > 0 ? 'tickets' : 'vouchers'} (optional)`}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
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
      <Button type="submit" size="md" disabled={count + extrasCount === 0} loading={sell.isPending}>
        Sell {sellText(count, extrasCount)} · {formatMoney(method === 'complimentary' ? 0 : total, event.currency)}
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
