import { currentLanguage } from '../../../i18n/i18n';
import {
  formatMoney,
  type TEvent,
  type TExtras,
  type TExtrasPurchase,
  type TPaymentIntent,
  ZPurchaseExtrasRequest,
} from '@clubtix/contract';
import { Alert, Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, focusFirstError } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { ExtrasVouchers } from './extras-vouchers';
import type { ConfirmedPurchase } from '../../payments/api';
import { PaymentForm } from '../../payments/components/payment-form';
import { useStartExtrasPurchase } from '../api';

interface ExtrasValues extends Record<string, unknown> {
  quantity: number | string;
  email: string;
}

interface Started {
  purchase: TExtrasPurchase;
  intent: TPaymentIntent | null;
}

/** The voucher of a paid purchase, or the refund notice when it was paid after the extras had gone. */
function ExtrasBought({
  purchase,
  refundRequired,
  onDone,
}: {
  purchase: TExtrasPurchase;
  refundRequired: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('public');
  if (refundRequired) {
    return (
      <Alert color="orange" title={t('returned.takenTitle')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('extrasForm.taken')}</Text>
          <Button variant="light" onClick={onDone}>
            {t('returned.close')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const voucher = {
    id: purchase.id,
    extrasId: purchase.extras.id,
    extrasName: purchase.extras.name,
    quantity: purchase.quantity,
    qrUuid: purchase.qrUuid,
    redeemedAt: purchase.redeemedAt,
  };
  return (
    <Stack gap="md" role="status" data-testid="extras-bought">
      <Text fw={600}>
        {t('extrasForm.paid', { name: purchase.extras.name, quantity: purchase.quantity, email: purchase.email })}
      </Text>
      <ExtrasVouchers vouchers={[voucher]} headingOrder={5} />
      <Button variant="light" onClick={onDone} style={{ alignSelf: 'flex-start' }}>
        {t('extrasForm.done')}
      </Button>
    </Stack>
  );
}

/**
 * Buying one extra on its own, from the event page (a programme, a meal, a parking space for
 * someone who already has a ticket): how many and an e-mail, then the card form, then its voucher.
 */
export function ExtrasPurchaseForm({
  event,
  extra,
  onClose,
}: {
  event: Pick<TEvent, 'id' | 'slug' | 'currency'>;
  extra: TExtras;
  onClose: () => void;
}) {
  const { t } = useTranslation('public');
  const headingId = useId();
  const start = useStartExtrasPurchase();
  const [started, setStarted] = useState<Started | null>(null);
  const [paid, setPaid] = useState<{ refundRequired: boolean } | null>(null);
  const form = useSchemaForm<ExtrasValues>(
    ZPurchaseExtrasRequest,
    { quantity: 1, email: '' },
    {
      toRequest: (values) => ({ eventId: event.id, extrasId: extra.id, ...values }),
    },
  );
  const quantity = typeof form.values.quantity === 'number' ? form.values.quantity : 0;
  const buyLabel =
    extra.price === 0
      ? t('extrasForm.getFree')
      : quantity >= 1
        ? t('extrasForm.buyFor', { amount: formatMoney(extra.price * quantity, event.currency, currentLanguage()) })
        : t('extras.buy');

  const submit = form.onSubmit(
    (values) => {
      const body = { eventId: event.id, extrasId: extra.id, quantity: Number(values.quantity), email: values.email };
      start.mutate(body, {
        onSuccess: (result) => {
          setStarted(result);
          // A free extra is paid as soon as it is taken.
          if (result.intent === null) setPaid({ refundRequired: false });
        },
        onError: (error) => applyServerErrors(form, error),
      });
    },
    (errors) => focusFirstError(form, errors),
  );

  let body;
  if (started && paid) {
    body = <ExtrasBought purchase={started.purchase} refundRequired={paid.refundRequired} onDone={onClose} />;
  } else if (started?.intent) {
    const { purchase, intent } = started;
    body = (
      <Stack gap="md">
        <Text fw={600} data-testid="extras-summary">
          {t('extrasForm.summary', {
            name: purchase.extras.name,
            quantity: purchase.quantity,
            amount: formatMoney(purchase.amount, purchase.currency, currentLanguage()),
            email: purchase.email,
          })}
        </Text>
        <PaymentForm
          intent={intent}
          headingOrder={5}
          onPaid={(confirmed: ConfirmedPurchase) => setPaid({ refundRequired: confirmed.refundRequired === true })}
          // Stripe brings a buyer whose bank took them elsewhere back to the event page; the
          // voucher reaches them by e-mail.
          returnUrl={`${window.location.origin}/${encodeURIComponent(event.slug)}`}
          whenConfirmed={t('extrasForm.whenConfirmed')}
        />
        <Button variant="subtle" onClick={() => setStarted(null)} style={{ alignSelf: 'flex-start' }}>
          {t('support.changeDetails')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NumberInput
            label={t('extrasForm.howMany')}
            required
            min={1}
            max={100}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            inputMode="numeric"
            w={140}
            {...form.getInputProps('quantity')}
          />
          <TextInput
            label={t('lookup.email')}
            description={t('extrasForm.emailHint')}
            type="email"
            required
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={start.isPending} fullWidth>
            {buyLabel}
          </Button>
          <Button variant="subtle" onClick={onClose} style={{ alignSelf: 'flex-start' }}>
            {t('extrasForm.cancel')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="md"
      mb="sm"
      data-testid="extras-purchase"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Title order={4} fz="md" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {t('extras.buyNamed', { name: extra.name })}
          </Title>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {extra.price === 0
              ? t('offer.free')
              : t('extrasForm.each', { price: formatMoney(extra.price, event.currency, currentLanguage()) })}
          </Text>
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
