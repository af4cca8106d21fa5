import { ZInitRegistrationRequest, type TEvent } from '@clubtix/contract';
import { Alert, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fieldErrors, isApiError } from '../../../api/api-error';
import { NotFoundView } from '../../../components/not-found-view';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { applyServerErrors } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { isMissing, usePublicEventBySlug, usePublicTickets } from '../../public/api';
import { eventNotAvailable } from '../../public/messages';
import { useSlugParam } from '../../public/slug-param';
import { eventSales, heldText, isBuyable, salesClosedNote } from '../../public/ticket-offer';
import { useInitRegistration } from '../api';
import { BuyingHeader } from '../components/buying-header';
import { CodeField } from '../components/code-field';
import { ExistingHold } from '../components/existing-hold';
import { OfferRefusal, useOfferArrival } from '../components/offer-arrival';
import { SelectionTotal } from '../components/selection-total';
import { TicketOption } from '../components/ticket-option';
import { useAppliedCode } from '../components/use-applied-code';
import {
  codeApplies,
  codeDiscount,
  codeErrorText,
  codeFromSearch,
  codeNotApplicable,
  describeCode,
  isCodeRefusal,
  selectionPricedLines,
} from '../discount-code';
import { clearHold, holdFromAnswer, readHold, writeHold } from '../hold-storage';
import {
  fitSelection,
  selectionLines,
  selectionPrice,
  selectionTotal,
  setQuantity,
  shortfallNotes,
  type Selection,
} from '../ticket-selection';

const ZBuyerEmail = ZInitRegistrationRequest.pick({ email: true });

function TicketSelection({ event, slug }: { event: TEvent; slug: string }) {
  const { t } = useTranslation(['buying', 'public']);
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [arrival] = useState(() => ({ code: codeFromSearch(searchParams), offer: searchParams.get('offer') }));
  const setParam = useCallback(
    (name: string, value?: string) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (value === undefined) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const dropOffer = useCallback(() => setParam('offer'), [setParam]);
  const offer = useOfferArrival(slug, arrival.offer, dropOffer);
  const keepCodeInAddress = useCallback((applied: string | null) => setParam('code', applied ?? undefined), [setParam]);
  const code = useAppliedCode(event.id, arrival.code, keepCodeInAddress);
  const tickets = usePublicTickets(event.id, { live: true, code: code.check?.code });
  const init = useInitRegistration();
  const [now] = useState(() => new Date());
  const [existing, setExisting] = useState(() => readHold(slug));
  const [chosen, setChosen] = useState<Selection>({});
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm(ZBuyerEmail, { email: existing?.email ?? '' });

  if (offer.claiming) return <PageLoader label={t('ticketsPage.claiming')} />;
  if (tickets.isPending) return <PageLoader label={t('ticketsPage.loading')} />;
  if (tickets.isError) {
    return (
      <QueryError error={tickets.error} onRetry={() => void tickets.refetch()} what={t('public:ticketPanel.what')} />
    );
  }
  const eventMax = event.maxTicketsPerOrder;
  // Derived on each render: after a refresh shows fewer left, the basket shrinks to fit by itself,
  // and `chosen` keeps what the buyer asked for in case the seats come back (a lapsed hold). A
  // hidden ticket whose code was removed is no longer listed, so it leaves the basket the same way.
  const selection = fitSelection(chosen, tickets.data, eventMax, (ticket) => isBuyable(ticket, now));
  const shortfalls = shortfallNotes(chosen, selection, tickets.data);
  const sales = eventSales(event, tickets.data, now);
  const closedNote = salesClosedNote(sales, event.timezone);
  // A code may open hidden tickets when those on show are sold out or not on sale.
  const takesCodes =
    sales.kind === 'open' || sales.kind === 'soldOut' || sales.kind === 'held' || sales.kind === 'nothingOnSale';
  const gross = selectionPrice(selection, tickets.data);
  const discount = code.check ? codeDiscount(code.check, selectionPricedLines(selection, tickets.data)) : 0;

  const submit = form.onSubmit(({ email }) => {
    const lines = selectionLines(selection, tickets.data);
    if (lines.length === 0) {
      setProblem(t('ticketsPage.chooseOne'));
      return;
    }
    if (code.check && !codeApplies(code.check, selectionPricedLines(selection, tickets.data))) {
      // Said before holding: the code is fine, the choice is not one it covers.
      setProblem(t('ticketsPage.codeNotApplicable', { reason: codeNotApplicable() }));
      return;
    }
    setProblem(null);
    init.mutate(
      { eventId: event.id, email, tickets: lines, ...(code.check ? { discountCode: code.check.code } : {}) },
      {
        onSuccess: (answer) => {
          writeHold(slug, holdFromAnswer(answer));
          void navigate(`/${encodeURIComponent(slug)}/attendee-form`);
        },
        onError: (error) => {
          if (isCodeRefusal(error)) {
            // Used up or ended since it was applied: said at the code, which is taken off.
            code.refuse(codeErrorText(error));
            return;
          }
          applyServerErrors(form, error);
          // A problem with the e-mail is shown at its field; anything else (sold out, limits) here.
          if (!(isApiError(error) && 'email' in fieldErrors(error))) {
            setProblem(isApiError(error) ? error.msg : t('ticketsPage.holdFailed'));
          }
        },
      },
    );
  });

  return (
    <Stack gap="md">
      {offer.refusal ? <OfferRefusal message={offer.refusal} /> : null}
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
          {sales.kind === 'soldOut'
            ? t('ticketsPage.soldOut')
            : sales.kind === 'held'
              ? heldText(sales.until, event.timezone, 'buying:ticketsPage.held', 'buying:ticketsPage.heldSoon')
              : t('ticketsPage.closed')}
        </Alert>
      ) : null}
      {tickets.data.length > 0 ? (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('public:ticketList.label')}
        >
          {tickets.data.map((ticket) => (
            <TicketOption
              key={ticket.id}
              ticket={ticket}
              event={event}
              selection={selection}
              now={now}
              code={code.check}
              email={form.values.email}
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
          <Alert color="orange" role="note" title={t('ticketsPage.fewerLeft')} data-testid="selection-shortfall">
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
      {takesCodes ? (
        <CodeField
          applied={
            code.check
              ? { code: code.check.code, description: describeCode(code.check, tickets.data, event.currency) }
              : null
          }
          onApply={code.apply}
          onRemove={code.remove}
          onEdit={code.clearError}
          pending={code.pending}
          error={code.error}
        />
      ) : null}
      {closedNote ? null : (
        <form onSubmit={submit} noValidate>
          <Paper withBorder radius="lg" p="md">
            <Stack gap="md">
              <SelectionTotal
                count={selectionTotal(selection)}
                gross={gross}
                discount={discount > 0 && code.check ? { code: code.check.code, amount: discount } : null}
                currency={event.currency}
              />
              <TextInput
                label={t('public:lookup.email')}
                description={t('ticketsPage.emailHint')}
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
                {t('ticketsPage.continue')}
              </Button>
              <Text size="sm" c="gray.7" ta="center">
                {t('ticketsPage.heldNote')}
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
  const { t } = useTranslation(['buying', 'public']);
  const slug = useSlugParam();
  const event = usePublicEventBySlug(slug);
  if (event.isPending) return <PageLoader label={t('public:eventPage.loading')} />;
  if (event.isError) {
    if (isMissing(event.error)) return <NotFoundView message={eventNotAvailable()} />;
    return <QueryError error={event.error} onRetry={() => void event.refetch()} what={t('public:eventPage.what')} />;
  }
  return (
    <Stack gap="lg" maw={640} mx="auto">
      <BuyingHeader slug={slug} eventTitle={event.data.title} heading={t('ticketsPage.heading')} step={1} />
      <TicketSelection event={event.data} slug={slug} />
    </Stack>
  );
}
