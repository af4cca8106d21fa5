import { formatMoney, type TPaymentIntent } from '@clubtix/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The "pure" entry loads Stripe.js from js.stripe.com only when loadStripe is called, not on import.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useId, useState, type FormEvent } from 'react';
import { confirmPayment, type ConfirmedPurchase } from '../api';
import { payWithStripe } from '../stripe-flow';

// One Stripe instance per key for the life of the page, as Stripe asks.
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface StripePaymentProps {
  intent: TPaymentIntent;
  publishableKey: string;
  onPaid: (purchase: ConfirmedPurchase) => void;
  returnUrl: string;
  headingOrder: TitleOrder;
}

function StripeCardForm({ intent, onPaid, returnUrl }: Omit<StripePaymentProps, 'publishableKey' | 'headingOrder'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await payWithStripe({
        confirmWithStripe: () =>
          stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } }),
        confirmWithServer: () => confirmPayment(intent.paymentIntentId),
        wait,
      });
      if (outcome.kind === 'paid') onPaid(outcome.result);
      else setFailure(outcome.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <PaymentElement />
        {failure ? (
          <Alert color="red" role="alert" title="Payment not completed">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" size="md" fullWidth loading={busy} disabled={!stripe || !elements}>
          {`Pay ${formatMoney(intent.amount, intent.currency)}`}
        </Button>
      </Stack>
    </form>
  );
}

/** Stripe Elements for one intent; remounted when the intent changes (other extras, other amount). */
export default function StripePayment({ intent, publishableKey, onPaid, returnUrl, headingOrder }: StripePaymentProps) {
  const headingId = useId();
  const isTestKey = publishableKey.startsWith('pk_test_');
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Title order={headingOrder} fz="lg" id={headingId}>
            {isTestKey ? 'Test mode' : 'Pay by card'}
          </Title>
          {isTestKey ? (
            <Badge color="orange.9" variant="filled" tt="none" size="lg">
              No real payment
            </Badge>
          ) : null}
        </Group>
        {isTestKey ? (
          <Text size="sm">
            Test mode: no real payment is taken. Use one of Stripe&apos;s test cards, such as 4242 4242 4242 4242.
          </Text>
        ) : (
          <Text size="sm" c="gray.7">
            Card details go straight to Stripe, our payment provider.
          </Text>
        )}
        <Elements
          key={intent.clientSecret}
          stripe={stripeFor(publishableKey)}
          options={{ clientSecret: intent.clientSecret }}
        >
          <StripeCardForm intent={intent} onPaid={onPaid} returnUrl={returnUrl} />
        </Elements>
      </Stack>
    </Paper>
  );
}
