import {
  formatMoney,
  ZPassPurchaseRequest,
  type TCurrency,
  type TPass,
  type TPassPurchase,
  type TPaymentIntent,
} from '@clubtix/contract';
import { Alert, Button, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, focusFirstError } from '../../../components/form-errors';
import { currentLanguage } from '../../../i18n/i18n';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { PaymentForm } from '../../payments/components/payment-form';
import { useStartPassPurchase } from '../api';
import { seriesPublicPath } from '../series-path';

interface HolderValues extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
}

interface Started {
  passPurchase: TPassPurchase;
  intent: TPaymentIntent | null;
}

/** Once paid: the pass is on its way; or, paid after a date filled up, the refund notice. */
function PassBought({
  pass,
  seriesName,
  email,
  refundRequired,
  onDone,
}: {
  pass: TPass;
  seriesName: string;
  email: string;
  refundRequired: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('public');
  if (refundRequired) {
    return (
      <Alert color="orange" title={t('passForm.takenTitle')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('passForm.taken')}</Text>
          <Button variant="light" onClick={onDone}>
            {t('passForm.done')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="sm" align="flex-start" role="status" data-testid="pass-thanks">
      <Title order={4} fz="lg">
        {t('passForm.thanksTitle')}
      </Title>
      <Text>{t('passForm.thanks', { name: pass.name, email, series: seriesName })}</Text>
      <Button variant="light" onClick={onDone}>
        {t('passForm.done')}
      </Button>
    </Stack>
  );
}

/**
 * Buying a season pass: the holder's name and e-mail (POST /pass/purchase holds a place at every
 * coming date), then the card form of the one payment step (/stripe/create-payment-intent with
 * passPurchaseId), then the thanks; the pass itself comes by e-mail.
 */
export function PassPurchaseForm({
  pass,
  currency,
  seriesName,
  seriesSlug,
  onClose,
}: {
  pass: TPass;
  currency: TCurrency;
  seriesName: string;
  seriesSlug: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('public');
  const start = useStartPassPurchase();
  const [started, setStarted] = useState<Started | null>(null);
  const [paid, setPaid] = useState<{ refundRequired: boolean } | null>(null);
  const form = useSchemaForm<HolderValues>(
    ZPassPurchaseRequest,
    { firstName: '', lastName: '', email: '' },
    { toRequest: (values) => ({ passId: pass.id, ...values }) },
  );

  const submit = form.onSubmit(
    (values) => {
      start.mutate(
        { passId: pass.id, ...values },
        {
          onSuccess: (result) => {
            setStarted(result);
            // A free pass is confirmed as soon as it is taken.
            if (result.intent === null) setPaid({ refundRequired: false });
          },
          onError: (error) => applyServerErrors(form, error),
        },
      );
    },
    (errors) => focusFirstError(form, errors),
  );

  if (started && paid) {
    return (
      <PassBought
        pass={pass}
        seriesName={seriesName}
        email={form.values.email}
        refundRequired={paid.refundRequired}
        onDone={onClose}
      />
    );
  }
  if (started?.intent) {
    const { passPurchase, intent } = started;
    return (
      <Stack gap="md">
        <Text fw={600} data-testid="pass-summary">
          {t('passForm.summary', {
            name: pass.name,
            holder: `${form.values.firstName} ${form.values.lastName}`,
            amount: formatMoney(passPurchase.amount, currency, currentLanguage()),
            email: form.values.email,
          })}
        </Text>
        <PaymentForm
          intent={intent}
          headingOrder={4}
          onPaid={(confirmed) => setPaid({ refundRequired: confirmed.refundRequired === true })}
          // A buyer whose bank took them elsewhere comes back to the series; the pass reaches them by e-mail.
          returnUrl={`${window.location.origin}${seriesPublicPath(seriesSlug)}`}
          whenConfirmed={t('passForm.whenConfirmed')}
        />
        <Button variant="subtle" onClick={() => setStarted(null)} style={{ alignSelf: 'flex-start' }}>
          {t('support.changeDetails')}
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('passForm.firstName')}
            required
            autoComplete="given-name"
            maxLength={100}
            data-autofocus
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('passForm.lastName')}
            required
            autoComplete="family-name"
            maxLength={100}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('lookup.email')}
          description={t('passForm.emailHint')}
          type="email"
          required
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={start.isPending} fullWidth>
          {pass.price === 0
            ? t('passForm.getFree')
            : t('passForm.payFor', { amount: formatMoney(pass.price, currency, currentLanguage()) })}
        </Button>
        <Button variant="subtle" onClick={onClose} style={{ alignSelf: 'flex-start' }}>
          {t('passForm.cancel')}
        </Button>
      </Stack>
    </form>
  );
}
