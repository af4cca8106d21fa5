import { currentLanguage } from '../../../i18n/i18n';
import { formatMoney, type TCurrency } from '@clubtix/contract';
import { Alert, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, isApiError } from '../../../api/api-error';
import { FormModal } from '../../../components/form-modal';
import { MoneyField } from '../../../components/money-field';
import { toMinorUnits } from '../../../lib/money-input';

/** What a refund dialog refunds: a donation, a sponsorship or extras bought alone. */
export interface Refundable {
  /** How the dialog names it, in the language shown: "donation of Dora Donor". */
  what: string;
  amount: number;
  refundedAmount: number;
  currency: TCurrency;
}

export interface RefundAsk {
  amount?: number;
  reason?: string;
  requestKey: string;
}

/** Whether there is money left to refund (paid, partly refunded, or paid too late). */
export const canRefund = (payable: { paymentStatus: string; amount: number; refundedAmount: number }) =>
  ['paid', 'partially_refunded', 'refund_required'].includes(payable.paymentStatus) &&
  payable.refundedAmount < payable.amount;

interface Props {
  opened: boolean;
  onClose: () => void;
  payable: Refundable;
  onRefund: (ask: RefundAsk) => Promise<unknown>;
}

/**
 * The admin's refund (docs/product.md section 19): all that is left or a part, and a reason. One
 * requestKey per opening: a double click or a retry of this dialog refunds once.
 */
export function RefundDialog({ opened, onClose, payable, onRefund }: Props) {
  const { t } = useTranslation('sponsorships');
  return (
    <FormModal title={t('refund.title', { what: payable.what })} opened={opened} onClose={onClose}>
      {/* Mounted per opening (the modal unmounts its content when closed): a fresh requestKey each time. */}
      <RefundForm payable={payable} onRefund={onRefund} onDone={onClose} />
    </FormModal>
  );
}

function RefundForm({ payable, onRefund, onDone }: Omit<Props, 'opened' | 'onClose'> & { onDone: () => void }) {
  const { t } = useTranslation('sponsorships');
  const [requestKey] = useState(() => globalThis.crypto.randomUUID());
  const [mode, setMode] = useState<'full' | 'part'>('full');
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const left = payable.amount - payable.refundedAmount;
  const money = (minor: number) => formatMoney(minor, payable.currency, currentLanguage());

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setAmountError(null);
    let minor: number | undefined;
    if (mode === 'part') {
      const typed = toMinorUnits(amount);
      if (typed === null || typed < 1) return setAmountError(t('refund.amountInvalid'));
      if (typed > left) return setAmountError(t('refund.tooMuch', { amount: money(left) }));
      minor = typed;
    }
    setBusy(true);
    try {
      await onRefund({
        ...(minor ? { amount: minor } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        requestKey,
      });
      onDone();
    } catch (error) {
      if (isApiError(error)) {
        const fields = fieldErrors(error);
        if (fields.amount) setAmountError(fields.amount);
        else setFailure(error.msg);
      } else setFailure(t('refund.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {payable.refundedAmount > 0
            ? t('refund.summaryPartly', {
                paid: money(payable.amount),
                refunded: money(payable.refundedAmount),
                left: money(left),
              })
            : t('refund.summary', { paid: money(payable.amount), left: money(left) })}
        </Text>
        <Radio.Group
          label={t('refund.howMuch')}
          value={mode}
          onChange={(value) => setMode(value === 'part' ? 'part' : 'full')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="full" label={t('refund.all', { amount: money(left) })} />
            <Radio value="part" label={t('refund.part')} />
          </Stack>
        </Radio.Group>
        {mode === 'part' ? (
          <MoneyField
            label={t('refund.amount')}
            currency={payable.currency}
            value={amount}
            onChange={setAmount}
            error={amountError}
            required
          />
        ) : amountError ? (
          <Text c="red.8" size="sm" role="alert">
            {amountError}
          </Text>
        ) : null}
        <Textarea
          label={t('refund.reason')}
          description={t('refund.reasonHint')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        {failure ? (
          <Alert color="red" role="alert" title={t('refund.notRefunded')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} color="red.9">
            {t('refund.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
