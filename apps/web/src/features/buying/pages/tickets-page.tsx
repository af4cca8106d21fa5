import { formatMoney, ZInitRegistrationRequest, type TEvent, type TTicket } from '@clubtix/contract';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrors, isApiError } from '../../../api/api-error';
import { NotFoundView } from '../../../components/not-found-view';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { isMissing, usePublicEventBySlug, usePublicTickets } from '../../public/api';
import { AvailabilityNote } from '../../public/components/ticket-list';
import { EVENT_NOT_AVAILABLE } from '../../public/messages';
import { eventSales, formatPrice, isBuyable, salesClosedNote } from '../../public/ticket-offer';
import { useInitRegistration } from '../api';
import { BuyingHeader } from '../components/buying-header';
import { useHoldRemaining } from '../components/hold-countdown';
import { QuantityStepper } from '../components/quantity-stepper';
import { clearHold, readHold, writeHold, type StoredHold } from '../hold-storage';
import {
  fitSelection,
  limitNote,
  maxQuantity,
  selectionLines,
  selectionPrice,
  selectionTotal,
  setQuantity,
  shortfallNotes,
  type Selection,
} from '../ticket-selection';
import { useSlugParam } from '../../public/slug-param';

const ZBuyerEmail = ZInitRegistrationRequest.pick({ email: true });

/** A hold from earlier in this tab: carry on with it, or choose again. */
function ExistingHold({ slug, hold, onDiscard }: { slug: string; hold: StoredHold; onDiscard: () => void }) {
  const navigate = useNavigate();
  const remaining = useHoldRemaining(hold.expiresAt);
  if (remaining !== null && remaining <= 0) return null;
  const next = hold.detailsSaved ? 'checkout' : 'attendee-form';
  return (
    <Alert color="purple" title="You are holding tickets for this event" data-testid="existing-hold">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Carry on with them, or choose again below.</Text>
        <Group gap="xs">
          <Button size="sm" onClick={() => void navigate(`/${encodeURIComponent(slug)}/${next}`)}>
            Continue with my tickets
          </Button>
          <Button size="sm" variant="default" onClick={onDiscard}>
            Choose again
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function TicketRow({
  ticket,
  event,
  selection,
  now,
  onChange,
}: {
  ticket: TTicket;
  event: TEvent;
  selection: Selection;
  now: Date;
  onChange: (quantity: number) => void;
}) {
  const buyable = isBuyable(ticket, now);
  const value = selection[ticket.id] ?? 0;
  const note = buyable && value > 0 ? limitNote(ticket, selection, event.maxTicketsPerOrder) : null;
  return (
    <Paper component="li" withBorder radius="lg" p="md" data-testid="ticket-option">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
              {ticket.name}
            </Title>
            <Text fw={700} data-testid="ticket-price">
              {formatPrice(ticket.price, event.currency)}
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
      </Stack>
    </Paper>
  );
}

function TicketSelection({ event, slug }: { event: TEvent; slug: string }) {
  const navigate = useNavigate();
  const tickets = usePublicTickets(event.id, { live: true });
  const init = useInitRegistration();
  const [now] = useState(() => new Date());
  const [existing, setExisting] = useState(() => readHold(slug));
  const [chosen, setChosen] = useState<Selection>({});
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm(ZBuyerEmail, { email: existing?.email ?? '' });

  if (tickets.isPending) return <PageLoader label="Loading the tickets" />;
  if (tickets.isError) {
    return <QueryError error={tickets.error} onRetry={() => void tickets.refetch()} what="the tickets" />;
  }
  const eventMax = event.maxTicketsPerOrder;
  // Derived on each render: after a refresh shows fewer left, the basket shrinks to fit by itself,
  // and `chosen` keeps what the buyer asked for in case the seats come back (a lapsed hold).
  const selection = fitSelection(chosen, tickets.data, eventMax, (ticket) => isBuyable(ticket, now));
  const shortfalls = shortfallNotes(chosen, selection, tickets.data);
  const closedNote = salesClosedNote(eventSales(event, tickets.data, now), event.timezone);
  const count = selectionTotal(selection);

  const submit = form.onSubmit(({ email }) => {
    const lines = selectionLines(selection, tickets.data);
    if (lines.length === 0) {
      setProblem('Choose at least one ticket');
      return;
    }
    setProblem(null);
    init.mutate(
      { eventId: event.id, email, tickets: lines },
      {
        onSuccess: ({ registration, order }) => {
          writeHold(slug, {
            eventId: event.id,
            registrationId: registration.registrationId,
            qrUuid: registration.qrUuid,
            email: registration.email,
            expiresAt: registration.expiresAt,
            order,
            extras: [],
            detailsSaved: false,
            emailConfirmation: null,
          });
          void navigate(`/${encodeURIComponent(slug)}/attendee-form`);
        },
        onError: (error) => {
          applyServerErrors(form, error);
          // A problem with the e-mail is shown at its field; anything else (sold out, limits) here.
          if (!(isApiError(error) && 'email' in fieldErrors(error))) {
            setProblem(isApiError(error) ? error.msg : 'Your tickets could not be held. Please try again.');
          }
        },
      },
    );
  });

  return (
    <Stack gap="md">
      {existing ? (
        <ExistingHold
          slug={slug}
          hold={existing}
          onDiscard={() => {
            clearHold(slug);
            setExisting(null);
          }}
        />
      ) : null}
      {closedNote ? (
        <Alert color="gray" title={closedNote} data-testid="sales-closed">
          Tickets cannot be bought for this event right now.
        </Alert>
      ) : null}
      {tickets.data.length > 0 ? (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Ticket types">
          {tickets.data.map((ticket) => (
            <TicketRow
              key={ticket.id}
              ticket={ticket}
              event={event}
              selection={selection}
              now={now}
              onChange={(quantity) => {
                setProblem(null);
                setChosen(setQuantity(selection, ticket, quantity, eventMax));
              }}
            />
          ))}
        </Stack>
      ) : null}
      {/* Always in the page, so screen readers announce the notes when a refresh brings them. */}
      <div role="status">
        {shortfalls.length > 0 ? (
          // A note, not a second live region inside the status one; named by its title.
          <Alert color="orange" role="note" title="Fewer tickets left" data-testid="selection-shortfall">
            <Stack gap={4}>
              {shortfalls.map((note) => (
                <Text key={note} size="sm">
                  {note}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
      </div>
      {closedNote ? null : (
        <form onSubmit={submit} noValidate>
          <Paper withBorder radius="lg" p="md">
            <Stack gap="md">
              <Group justify="space-between" data-testid="selection-total">
                <Text fw={600}>
                  {count === 0 ? 'No tickets chosen' : `${count} ${count === 1 ? 'ticket' : 'tickets'}`}
                </Text>
                <Text fw={700} fz="lg">
                  {formatMoney(selectionPrice(selection, tickets.data), event.currency)}
                </Text>
              </Group>
              <TextInput
                label="E-mail"
                description="Your tickets are sent to this address"
                type="email"
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              {problem ? (
                <Alert color="red" role="alert" data-testid="tickets-problem">
                  {problem}
                </Alert>
              ) : null}
              <Button type="submit" size="md" fullWidth loading={init.isPending}>
                Continue
              </Button>
              <Text size="sm" c="gray.7" ta="center">
                Your tickets are held for you for a short time while you fill in the details.
              </Text>
            </Stack>
          </Paper>
        </form>
      )}
    </Stack>
  );
}

/** /{slug}/tickets: choose ticket types and quantities, then hold them (docs/product.md section 15, step 1). */
export default function TicketsPage() {
  const slug = useSlugParam();
  const event = usePublicEventBySlug(slug);
  if (event.isPending) return <PageLoader label="Loading the event" />;
  if (event.isError) {
    if (isMissing(event.error)) return <NotFoundView message={EVENT_NOT_AVAILABLE} />;
    return <QueryError error={event.error} onRetry={() => void event.refetch()} what="this event" />;
  }
  return (
    <Stack gap="lg" maw={640} mx="auto">
      <BuyingHeader slug={slug} eventTitle={event.data.title} heading="Choose tickets" step={1} />
      <TicketSelection event={event.data} slug={slug} />
    </Stack>
  );
}
