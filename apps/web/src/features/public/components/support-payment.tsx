import { formatMoney, type TEvent, type TPaymentIntent, type TSponsorship } from '@clubtix/contract';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PaymentForm } from '../../payments/components/payment-form';

export interface StartedSupport {
  sponsorship: TSponsorship;
  intent: TPaymentIntent;
}

export function SupportThanks({
  event,
  sponsorship,
}: {
  event: Pick<TEvent, 'title' | 'slug'>;
  sponsorship: TSponsorship;
}) {
  const amount = formatMoney(sponsorship.amount, sponsorship.currency);
  const isDonation = sponsorship.packageId === null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="green.0" role="status" data-testid="support-thanks">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="xl">
          {isDonation ? 'Thank you for your donation!' : 'Thank you for your sponsorship!'}
        </Title>
        <Text>
          {isDonation
            ? `Your donation of ${amount} to ${event.title} has been received.`
            : `Your sponsorship of ${event.title} (${sponsorship.packageName ?? 'package'}, ${amount}) has been received.`}
        </Text>
        <Button component={Link} to={`/${encodeURIComponent(event.slug)}`} variant="light">
          Back to the event page
        </Button>
      </Stack>
    </Paper>
  );
}

/** Paying a donation or sponsorship that has been started: the card form, then the thanks. */
export function SupportPayment({
  event,
  started,
  onChangeDetails,
}: {
  event: Pick<TEvent, 'id' | 'title' | 'slug'>;
  started: StartedSupport;
  onChangeDetails: () => void;
}) {
  const [paid, setPaid] = useState<'paid' | 'refund' | null>(null);
  const { sponsorship, intent } = started;
  if (paid === 'paid') return <SupportThanks event={event} sponsorship={sponsorship} />;
  if (paid === 'refund') {
    return (
      <Alert color="orange" title="Package taken meanwhile" role="alert">
        Your payment was received, but this sponsorship package was taken after your reservation lapsed: the organiser
        will refund you.
      </Alert>
    );
  }
  const what = sponsorship.packageId === null ? 'Donation' : `Sponsorship: ${sponsorship.packageName ?? ''}`;
  return (
    <Stack gap="md">
      <Text fw={600} data-testid="support-summary">
        {what} of {formatMoney(sponsorship.amount, sponsorship.currency)} from {sponsorship.name}
      </Text>
      <PaymentForm
        intent={intent}
        onPaid={(confirmed) => setPaid(confirmed.refundRequired ? 'refund' : 'paid')}
        returnUrl={`${window.location.origin}/event/${encodeURIComponent(event.id)}/donation`}
        whenConfirmed="the organiser will see it as paid"
      />
      <Button variant="subtle" onClick={onChangeDetails} style={{ alignSelf: 'flex-start' }}>
        Change details
      </Button>
    </Stack>
  );
}
