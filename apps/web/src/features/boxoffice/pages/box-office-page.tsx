import { formatMoney, type TBoxOfficeMethod, type TEvent } from '@clubtix/contract';
import { Alert, Button, Checkbox, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { currentLanguage } from '../../../i18n/i18n';
import { QueryError } from '../../../components/query-error';
import { ManagedEventPage } from '../../event-admin/managed-event-page';
import { usePublicExtras } from '../../public/api';
import { useEventTickets } from '../../tickets/api';
import { useSellAtDoor } from '../api';
import { QuantityStepper } from '../../buying/components/quantity-stepper';
import { BoxOfficeSale, FORM_WIDTH } from '../components/box-office-sale';

const METHODS: TBoxOfficeMethod[] = ['cash', 'card_terminal', 'complimentary'];

interface Guest {
  firstName: string;
  lastName: string;
}

/** Chosen quantities as the sale's lines: { id: n } to [{ id, quantity }], zeros left out. */
const linesOf = <K extends string>(quantities: Record<string, number>, key: K) =>
  Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => ({ [key]: id, quantity }) as Record<K, string> & { quantity: number });

/** One ticket type or extra with − and + (large enough for a thumb), named for screen readers. */
function StepperRow({
  name,
  price,
  hint,
  error,
  max,
  value,
  onChange,
}: {
  name: string;
  price: string;
  hint?: string | undefined;
  error?: string | undefined;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="box-office-line">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {name} ({price})
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
        {error ? (
          <Text size="xs" c="red.8" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
      <QuantityStepper name={name} value={value} max={max} onChange={onChange} />
    </Group>
  );
}

function BoxOffice({ event }: { event: TEvent }) {
  const { t } = useTranslation('boxoffice');
  const language = currentLanguage();
  const money = (minor: number) => formatMoney(minor, event.currency, language);
  const leftText = (available: number | null) =>
    available === null ? undefined : available === 0 ? t('soldOut') : t('left', { count: available });
  /** The sell button's "2 tickets", "2 tickets, 1 extra" or "1 extra". */
  const sellText = (tickets: number, extras: number) =>
    extras === 0
      ? t('tickets', { count: tickets })
      : tickets === 0
        ? t('extras', { count: extras })
        : t('ticketsAndExtras', { tickets, extras });
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

  if (tickets.isPending) return <PageLoader label={t('loading')} />;
  if (tickets.isError) {
    return <QueryError error={tickets.error} onRetry={() => void tickets.refetch()} what={t('whatTickets')} />;
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
  if (sell.data) {
    // The quantities stay as sold until the next sale: the page says what was charged, as the Sell
    // button did (door staff are answered no order, docs/decisions/0061-staff-scope.md).
    const charged = { amount: method === 'complimentary' ? 0 : total, currency: event.currency, method };
    return (
      <BoxOfficeSale
        sale={sell.data}
        charged={charged}
        mailed={Boolean(sell.variables.email)}
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
        {t('intro')}
      </Text>
      <Stack gap="xs" component="section" aria-label={t('ticketsTitle')}>
        <Title order={2} fz="lg">
          {t('ticketsTitle')}
        </Title>
        {tickets.data.length === 0 ? <Text c="dimmed">{t('noTickets')}</Text> : null}
        {tickets.data.map((ticket) => (
          <StepperRow
            key={ticket.id}
            name={ticket.name}
            price={money(ticket.price)}
            hint={leftText(ticket.available)}
            error={
              ticket.available !== null && (quantities[ticket.id] ?? 0) > ticket.available
                ? t('onlyLeft', { count: ticket.available })
                : undefined
            }
            // The server still refuses a sale past the stock (409): another device may sell meanwhile.
            max={ticket.available === null ? 100 : Math.max(0, Math.min(100, ticket.available))}
            value={quantities[ticket.id] ?? 0}
            onChange={(value) => setQuantities((all) => ({ ...all, [ticket.id]: value }))}
          />
        ))}
      </Stack>
      {extras.isError ? (
        <QueryError error={extras.error} onRetry={() => void extras.refetch()} what={t('whatExtras')} />
      ) : onSale.length > 0 ? (
        <Stack gap="xs" component="section" aria-label={t('extrasTitle')}>
          <Title order={2} fz="lg">
            {t('extrasTitle')}
          </Title>
          {onSale.map((item) => (
            <StepperRow
              key={item.id}
              name={item.name}
              price={money(item.price)}
              // Each extra sold is handed over at the counter: the sale redeems its voucher.
              max={100}
              value={extrasQuantities[item.id] ?? 0}
              onChange={(value) => setExtrasQuantities((all) => ({ ...all, [item.id]: value }))}
            />
          ))}
        </Stack>
      ) : null}
      {count > 0 ? (
        <Stack gap="xs" component="section" aria-label={t('namesLabel')}>
          <Title order={2} fz="lg">
            {t('namesTitle')}
          </Title>
          {Array.from({ length: Math.min(count, 20) }, (_, i) => (
            <Group key={i} grow gap="xs">
              <TextInput
                label={t('guestFirstName', { number: i + 1 })}
                value={guestAt(i).firstName}
                onChange={(e) => setGuest(i, 'firstName', e.currentTarget.value)}
              />
              <TextInput
                label={t('guestLastName', { number: i + 1 })}
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
          label={count > 0 ? t('emailTickets') : t('emailVouchers')}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
      ) : null}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="box-office-method">
          {t('payment')}
        </Text>
        <SegmentedControl
          aria-labelledby="box-office-method"
          fullWidth
          data={METHODS.map((value) => ({ value, label: t(`methods.${value}`) }))}
          value={method}
          onChange={(value) => setMethod(value)}
        />
      </Stack>
      <Checkbox label={t('checkInNow')} checked={checkIn} onChange={(e) => setCheckIn(e.currentTarget.checked)} />
      {sell.isError ? (
        <Alert color="red" role="alert" title={t('notSold')} data-testid="box-office-error">
          {sell.error.message}
        </Alert>
      ) : null}
      <Button type="submit" size="md" disabled={count + extrasCount === 0} loading={sell.isPending}>
        {t('sell', { what: sellText(count, extrasCount), total: money(method === 'complimentary' ? 0 : total) })}
      </Button>
    </Stack>
  );
}

/** /event/{eventId}/box-office: selling at the door (docs/product.md section 20). */
export default function BoxOfficePage() {
  const { t } = useTranslation('boxoffice');
  const { eventId } = useParams();
  return (
    <ManagedEventPage eventId={eventId} title={t('title')} screen="boxoffice">
      {(event) => <BoxOffice event={event} />}
    </ManagedEventPage>
  );
}
