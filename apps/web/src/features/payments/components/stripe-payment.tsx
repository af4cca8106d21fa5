import { currentLanguage } from '../../../i18n/i18n';
import { formatMoney, type TPaymentIntent } from '@clubtix/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The "pure" entry loads Stripe.js from js.stripe.com only when loadStripe is called, not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { confirmPayment, type ConfirmedPurchase } from '../api';
import { confirmStripePayment, payWithStripe, wait, type StripeOutcome } from '../stripe-flow';
import { createStripeLoader } from '../stripe-loader';
import { UnconfirmedPayment } from './unconfirmed-payment';

// One Stripe instance per key for the life of the page, as Stripe asks; a failed load is forgotten.
const stripes = createStripeLoader((publishableKey) => loadStripe(publishableKey));

/** Stripe.js for this key: asked for on mount, and again by the buyer's "Try again". */
function useStripeJs(publishableKey: string) {
  const state = useSyncExternalStore(stripes.subscribe, () => stripes.state(publishableKey));
  useEffect(() => {
    void stripes.load(publishableKey);
  }, [publishableKey]);
  return { state, retry: () => void stripes.load(publishableKey) };
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('payments');
  return (
    <QueryError
      error={null}
      what={t('stripe.what')}
      title={t('stripe.unavailable')}
      message={t('stripe.loadFailed')}
      onRetry={onRetry}
    />
  );
}

interface StripePaymentProps {
  intent: TPaymentIntent;
  publishableKey: string;
  onPaid: (purchase: ConfirmedPurchase) => void;
  returnUrl: string;
  headingOrder: TitleOrder;
  /** What happens once a payment the server could not confirm is confirmed ("your tickets will be e-mailed to you"). */
  whenConfirmed?: string | undefined;
}

function StripeCardForm({
  intent,
  onPaid,
  returnUrl,
  whenConfirmed,
  onRetry,
}: Omit<StripePaymentProps, 'publishableKey' | 'headingOrder'> & { onRetry: () => void }) {
  const { t } = useTranslation('payments');
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Stripe took the card but our server did not answer: no Pay button until it confirms.
  const [isUnconfirmed, setUnconfirmed] = useState(false);
  const [isElementBroken, setElementBroken] = useState(false);
  const confirmWithServer = () => confirmPayment(intent.paymentIntentId);

  async function settle(outcome: Promise<StripeOutcome<ConfirmedPurchase>>) {
    setBusy(true);
    setFailure(null);
    try {
      const result = await outcome;
      if (result.kind === 'paid') onPaid(result.result);
      else if (result.kind === 'unconfirmed') setUnconfirmed(true);
      else {
        setUnconfirmed(false);
        setFailure(result.message);
      }
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    void settle(
      payWithStripe({
        confirmWithStripe: () =>
          stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } }),
        confirmWithServer,
        wait,
      }),
    );
  }

  if (isElementBroken) return <LoadFailed onRetry={onRetry} />;
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <PaymentElement onLoadError={() => setElementBroken(true)} />
        {failure ? (
          <Alert color="red" role="alert" title={t('form.notCompleted')}>
            {failure}
          </Alert>
        ) : null}
        {isUnconfirmed ? (
          <UnconfirmedPayment
            whenConfirmed={whenConfirmed}
            isChecking={busy}
            onCheckAgain={() => void settle(confirmStripePayment({ confirmWithServer, wait }))}
          />
        ) : (
          <Button type="submit" size="md" fullWidth loading={busy} disabled={!stripe || !elements}>
            {t('form.pay', { amount: formatMoney(intent.amount, intent.currency, currentLanguage()) })}
          </Button>
        )}
      </Stack>
    </form>
  );
}

/** Stripe Elements for one intent; remounted when the intent changes (other extras, other amount). */
export default function StripePayment({
  intent,
  publishableKey,
  onPaid,
  returnUrl,
  headingOrder,
  whenConfirmed,
}: StripePaymentProps) {
  const { t } = useTranslation('payments');
  const headingId = useId();
  const isTestKey = publishableKey.startsWith('pk_test_');
  const stripe = useStripeJs(publishableKey);
  // Remounting Elements loads Stripe's card iframe again, should that fail with Stripe.js loaded.
  const [elementsAttempt, setElementsAttempt] = useState(0);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Title order={headingOrder} fz="lg" id={headingId}>
            {isTestKey ? t('test.title') : t('stripe.title')}
          </Title>
          {isTestKey ? (
            <Badge color="orange" variant="light" tt="none" size="lg">
              {t('test.badge')}
            </Badge>
          ) : null}
        </Group>
        {isTestKey ? (
          <Text size="sm">{t('stripe.testNote')}</Text>
        ) : (
          <Text size="sm" c="gray.7">
            {t('stripe.note')}
          </Text>
        )}
        {stripe.state.status === 'ready' ? (
          <Elements
            key={`${intent.clientSecret}:${elementsAttempt}`}
            stripe={stripe.state.stripe}
            options={{ clientSecret: intent.clientSecret }}
          >
            <StripeCardForm
              intent={intent}
              onPaid={onPaid}
              returnUrl={returnUrl}
              whenConfirmed={whenConfirmed}
              onRetry={() => setElementsAttempt((attempt) => attempt + 1)}
            />
          </Elements>
        ) : stripe.state.status === 'failed' ? (
          <LoadFailed onRetry={stripe.retry} />
        ) : (
          <PageLoader label={t('form.loading')} />
        )}
      </Stack>
    </Paper>
  );
}
