import type { TEvent, TExtras, TOrder, TPaymentIntent } from '@clubtix/contract';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { i18n } from '../../../i18n/i18n';
import { confirmPayment, useStartOrderPayment, type ConfirmedPurchase } from '../../payments/api';
import { PaymentForm } from '../../payments/components/payment-form';
import { useCreateOrder } from '../api';
import { codeChange, codeErrorText, heldTicketsOrder, isCodeRefusal, type CheckoutCode } from '../discount-code';
import { completePurchase, updateHold, type StoredHold } from '../hold-storage';
import { CheckoutCodeField } from './checkout-code';
import { ExtrasPicker, extrasLines } from './extras-picker';
import { OrderSummary } from './order-summary';

interface Review {
  order: TOrder;
  intent: TPaymentIntent;
}

/**
 * The order as it stands while the buyer chooses: the held tickets (with the code's preview), then the
 * extras chosen now at their prices (codes discount tickets only), so the total follows every change
 * at once; "Review order" then has the server price it.
 */
function orderAsChosen(order: TOrder, code: CheckoutCode | null, choice: Record<string, number>, extras: TExtras[]) {
  const tickets = heldTicketsOrder(order, code);
  const chosen = extras.flatMap((extra) => {
    const quantity = choice[extra.id] ?? 0;
    return quantity > 0
      ? [
          {
            kind: 'extras' as const,
            ticketId: null,
            extrasId: extra.id,
            name: extra.name,
            quantity,
            unitPrice: extra.price,
            amount: extra.price * quantity,
          },
        ]
      : [];
  });
  const extrasAmount = chosen.reduce((sum, item) => sum + item.amount, 0);
  return { ...tickets, items: [...tickets.items, ...chosen], amount: tickets.amount + extrasAmount };
}

function errorText(error: unknown): string {
  return isApiError(error) ? error.msg : i18n.t('buying:checkout.genericError');
}

/**
 * Checkout (docs/product.md section 15, steps 3 and 4): extras, then the order as the server prices
 * it, then the card form of the configured provider. A free order comes back paid and skips the
 * payment, or, on an event that confirms free bookings by e-mail, waits for the mailed link.
 * "Change extras or code" (or "Change code", with no extras on offer) goes back a step; reviewing
 * again asks for a fresh intent, as another amount needs one.
 */
export function CheckoutFlow({
  event,
  slug,
  hold,
  extras,
  onHoldEnded,
  onAwaitingEmail,
}: {
  event: TEvent;
  slug: string;
  hold: StoredHold;
  extras: TExtras[];
  onHoldEnded: (message: string) => void;
  /** A free order of an event that confirms them by e-mail: the link was mailed, the booking waits for it. */
  onAwaitingEmail: (confirmation: { expiresAt: string }) => void;
}) {
  const { t } = useTranslation('buying');
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [choice, setChoice] = useState<Record<string, number>>(() =>
    Object.fromEntries(hold.extras.map((line) => [line.extrasId, line.quantity])),
  );
  const [review, setReview] = useState<Review | null>(null);
  // A free order is confirmed by the server as soon as it is priced: it is reviewed here first.
  const [reviewingFree, setReviewingFree] = useState(false);
  const [failure, setFailure] = useState<string | null>(() =>
    searchParams.get('redirect_status') === 'failed' ? t('checkout.paymentFailed') : null,
  );
  // The order as the server last priced it: the held one, then each reviewed one.
  const [priced, setPriced] = useState(hold.order);
  const [code, setCode] = useState<CheckoutCode | null>(() =>
    hold.order.discountCode ? { code: hold.order.discountCode, check: null } : null,
  );
  const [codeRefusal, setCodeRefusal] = useState<string | null>(null);
  const createOrder = useCreateOrder();
  const startPayment = useStartOrderPayment();

  function finish(order: TOrder) {
    completePurchase(slug, {
      eventId: event.id,
      registrationId: hold.registrationId,
      qrUuid: hold.qrUuid,
      email: hold.email,
      order,
    });
    void navigate(`/${encodeURIComponent(slug)}/success`, { replace: true });
  }

  function paid(purchase: ConfirmedPurchase, fallback: TOrder) {
    finish(purchase.order ?? fallback);
  }

  function fail(error: unknown) {
    if (isCodeRefusal(error)) {
      // Said at the code, which is taken off: the buyer may review without it or try another.
      setCode(null);
      setCodeRefusal(codeErrorText(error));
    } else if (isApiError(error) && error.status === 409 && error.code !== 'SOLD_OUT') onHoldEnded(error.msg);
    else setFailure(errorText(error));
  }

  function reviewOrder() {
    setFailure(null);
    setCodeRefusal(null);
    const lines = extrasLines(choice, extras);
    const discountCode = codeChange(code, priced.discountCode);
    createOrder.mutate(
      {
        registrationId: hold.registrationId,
        qrUuid: hold.qrUuid,
        extras: lines,
        ...(discountCode === undefined ? {} : { discountCode }),
      },
      {
        onSuccess: ({ order, emailConfirmation }) => {
          setPriced(order);
          updateHold(slug, { extras: lines, order, emailConfirmation: emailConfirmation ?? null });
          if (emailConfirmation) {
            onAwaitingEmail(emailConfirmation);
            return;
          }
          // Paid already: free, or an earlier payment of this order (another tab) went through.
          if (order.paymentStatus !== 'pending') {
            finish(order);
            return;
          }
          startPayment.mutate(order.id, { onSuccess: (intent) => setReview({ order, intent }), onError: fail });
        },
        onError: fail,
      },
    );
  }

  // Back from a payment method that left the page (3-D Secure by redirect): Stripe appends the
  // intent and its outcome to the return URL; the server settles it as after an in-page payment.
  const [returned] = useState(() => ({
    intent: searchParams.get('payment_intent'),
    failed: searchParams.get('redirect_status') === 'failed',
  }));
  const handledReturn = useRef(false);
  const confirmReturn = useMutation({
    mutationFn: (paymentIntentId: string) => confirmPayment(paymentIntentId),
    onSuccess: (purchase) => paid(purchase, hold.order),
    onError: (error) => setFailure(errorText(error)),
  });
  useEffect(() => {
    if (!returned.intent || handledReturn.current) return;
    handledReturn.current = true;
    setSearchParams({}, { replace: true });
    if (!returned.failed) confirmReturn.mutate(returned.intent);
  }, [returned, setSearchParams, confirmReturn]);

  const busy = createOrder.isPending || startPayment.isPending || confirmReturn.isPending;
  const failureAlert = failure ? (
    <Alert color="red" role="alert" title={t('checkout.problem')} data-testid="checkout-problem">
      {failure}
    </Alert>
  ) : null;

  const asChosen = orderAsChosen(priced, code, choice, extras);

  if (reviewingFree && !review) {
    return (
      <Stack gap="lg">
        <OrderSummary order={asChosen} />
        <Button
          variant="default"
          onClick={() => setReviewingFree(false)}
          style={{ alignSelf: 'flex-start' }}
          disabled={busy}
        >
          {extras.length > 0 ? t('checkout.changeExtras') : t('codeField.change')}
        </Button>
        {failureAlert}
        <Button size="md" fullWidth onClick={reviewOrder} loading={busy}>
          {t('checkout.confirmRegistration')}
        </Button>
      </Stack>
    );
  }

  if (review) {
    return (
      <Stack gap="lg">
        <OrderSummary order={review.order} />
        <Button variant="default" onClick={() => setReview(null)} style={{ alignSelf: 'flex-start' }}>
          {extras.length > 0 ? t('checkout.changeExtras') : t('codeField.change')}
        </Button>
        <Stack component="section" aria-labelledby="checkout-payment" gap="sm">
          <Title order={2} fz="lg" id="checkout-payment">
            {t('checkout.payment')}
          </Title>
          {failureAlert}
          <PaymentForm
            intent={review.intent}
            onPaid={(purchase) => paid(purchase, review.order)}
            returnUrl={`${window.location.origin}/${encodeURIComponent(slug)}/checkout`}
          />
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <OrderSummary
        order={asChosen}
        heading={asChosen.items.some((item) => item.kind === 'extras') ? undefined : t('checkout.yourTickets')}
      />
      <CheckoutCodeField
        eventId={event.id}
        held={priced}
        current={code}
        onChange={(next) => {
          setCodeRefusal(null);
          setCode(next);
        }}
        refusal={codeRefusal}
        disabled={busy}
      />
      {extras.length > 0 ? (
        <ExtrasPicker extras={extras} currency={event.currency} choice={choice} onChange={setChoice} disabled={busy} />
      ) : null}
      {failureAlert}
      <Button
        size="md"
        fullWidth
        onClick={() => {
          if (asChosen.amount === 0) {
            setFailure(null);
            setReviewingFree(true);
          } else reviewOrder();
        }}
        loading={busy}
      >
        {t('checkout.review')}
      </Button>
    </Stack>
  );
}
