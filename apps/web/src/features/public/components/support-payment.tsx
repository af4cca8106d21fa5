import { currentLanguage } from '../../../i18n/i18n';
import { formatMoney, type TEvent, type TPaymentIntent, type TSponsorship } from '@clubtix/contract';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('public');
  const amount = formatMoney(sponsorship.amount, sponsorship.currency, currentLanguage());
  const isDonation = sponsorship.packageId === null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="green.0" role="status" data-testid="support-thanks">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="xl">
          {t(isDonation ? 'support.thanksDonation' : 'support.thanksSponsorship')}
        </Title>
        <Text>
          {isDonation
            ? t('support.receivedDonation', { amount, title: event.title })
            : t('support.receivedSponsorship', {
                amount,
                title: event.title,
                package: sponsorship.packageName ?? t('support.package'),
              })}
        </Text>
        <Button component={Link} to={`/${encodeURIComponent(event.slug)}`} variant="light">
          {t('backToEvent')}
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
  const { t } = useTranslation('public');
  const [paid, setPaid] = useState<'paid' | 'refund' | null>(null);
  const { sponsorship, intent } = started;
  if (paid === 'paid') return <SupportThanks event={event} sponsorship={sponsorship} />;
  if (paid === 'refund') {
    return (
      <Alert color="orange" title={t('support.takenTitle')} role="alert">
        {t('support.taken')}
      </Alert>
    );
  }
  const amount = formatMoney(sponsorship.amount, sponsorship.currency, currentLanguage());
  return (
    <Stack gap="md">
      <Text fw={600} data-testid="support-summary">
        {sponsorship.packageId === null
          ? t('support.summaryDonation', { amount, name: sponsorship.name })
          : t('support.summarySponsorship', { amount, name: sponsorship.name, package: sponsorship.packageName ?? '' })}
      </Text>
      <PaymentForm
        intent={intent}
        onPaid={(confirmed) => setPaid(confirmed.refundRequired ? 'refund' : 'paid')}
        returnUrl={`${window.location.origin}/event/${encodeURIComponent(event.id)}/donation`}
        whenConfirmed={t('support.whenConfirmed')}
      />
      <Button variant="subtle" onClick={onChangeDetails} style={{ alignSelf: 'flex-start' }}>
        {t('support.changeDetails')}
      </Button>
    </Stack>
  );
}
