import type { TPaymentIntent } from '@clubtix/contract';
import { Alert, type TitleOrder } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import type { ConfirmedPurchase } from '../api';
import { TestCardForm } from './test-card-form';

// Stripe's libraries are fetched only by buyers of a club that set Stripe up; in simulated mode
// nothing of Stripe is loaded, and js.stripe.com is never contacted.
const StripePayment = lazy(() => import('./stripe-payment'));

/** The card form of the configured provider for one payment intent (docs/decisions/0003-payments.md). */
export function PaymentForm({
  intent,
  onPaid,
  returnUrl,
  headingOrder = 3,
  whenConfirmed,
}: {
  intent: TPaymentIntent;
  onPaid: (purchase: ConfirmedPurchase) => void;
  /** Where Stripe sends the buyer back after a method that leaves the page (3-D Secure by redirect). */
  returnUrl: string;
  headingOrder?: TitleOrder;
  /**
   * What follows once a payment the server could not confirm at once is confirmed (the server
   * settles it on its own); unset: "your tickets will be e-mailed to you".
   */
  whenConfirmed?: string;
}) {
  const { t } = useTranslation('payments');
  if (intent.provider === 'simulated') {
    return <TestCardForm intent={intent} onPaid={onPaid} headingOrder={headingOrder} whenConfirmed={whenConfirmed} />;
  }
  if (!intent.publishableKey) {
    return (
      <Alert color="orange" title={t('form.unavailable')} role="alert">
        {t('form.notSetUp')}
      </Alert>
    );
  }
  return (
    <Suspense fallback={<PageLoader label={t('form.loading')} />}>
      <StripePayment
        intent={intent}
        publishableKey={intent.publishableKey}
        onPaid={onPaid}
        returnUrl={returnUrl}
        headingOrder={headingOrder}
        whenConfirmed={whenConfirmed}
      />
    </Suspense>
  );
}
