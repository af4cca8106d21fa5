import { formatMoney, ZRefundOrderRequest, type TOrderListItem } from '@clubtix/contract';
import { Button, Checkbox, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { FormModal } from '../../../components/form-modal';
import { MoneyField } from '../../../components/money-field';
import { toMinorUnits } from '../../../lib/money-input';
import { applyServerErrors, focusFirstError } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { orderMoney, refundableAmount } from '../order-money';
import {
  checkRefundForm,
  initialRefundValues,
  newRefundKey,
  refundFormToRequest,
  type RefundFormValues,
} from '../refund-form-values';
import { useRefundOrder } from '../sales-api';

interface RefundFormProps {
  order: TOrderListItem;
  releaseTickets: boolean;
  onDone: () => void;
}

function RefundForm({ order, releaseTickets, onDone }: RefundFormProps) {
  // One key per opening: a double click or a retry after a lost answer refunds once.
  const { t } = useTranslation('attendees');
  const [requestKey] = useState(newRefundKey);
  const refund = useRefundOrder(order.eventId);
  const left = refundableAmount(order);
  const money = orderMoney(order);
  const format = (amount: number) => formatMoney(amount, order.currency, currentLanguage());
  const context = { orderId: order.id, requestKey };
  const form = useSchemaForm<RefundFormValues>(ZRefundOrderRequest, initialRefundValues({ releaseTickets }), {
    toRequest: (values) => refundFormToRequest(values, context),
    check: (values) => checkRefundForm(values, left, order.currency),
  });

  const submit = form.onSubmit(
    async (values) => {
      try {
        await refund.mutateAsync(refundFormToRequest(values, context));
        onDone();
      } catch (error) {
        applyServerErrors(form, error);
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  const isFull = form.values.mode === 'full';
  const partAmount = toMinorUnits(form.values.amount);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {money.refunded > 0
            ? t('refund.explainRefunded', {
                email: order.buyerEmail,
                paid: format(money.gross),
                refunded: format(money.refunded),
                left: format(left),
              })
            : t('refund.explain', { email: order.buyerEmail, paid: format(money.gross), left: format(left) })}
        </Text>
        <Radio.Group label={t('refund.what')} {...form.getInputProps('mode')}>
          <Stack gap={6} mt={6}>
            <Radio value="full" label={t('refund.all', { amount: format(left) })} />
            <Radio value="part" label={t('refund.part')} />
          </Stack>
        </Radio.Group>
        {!isFull ? (
          <MoneyField
            label={t('refund.amount')}
            required
            currency={order.currency}
            data-autofocus
            {...form.getInputProps('amount')}
          />
        ) : null}
        <Textarea
          label={t('refund.reason')}
          description={t('refund.reasonHint')}
          autosize
          minRows={2}
          maxRows={4}
          maxLength={500}
          {...form.getInputProps('reason')}
        />
        <Checkbox
          label={t('refund.release')}
          description={isFull ? t('refund.releaseHint') : t('refund.releaseOnlyFull')}
          disabled={!isFull}
          {...form.getInputProps('releaseTickets', { type: 'checkbox' })}
          checked={isFull && form.values.releaseTickets}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={refund.isPending}>
            {isFull
              ? t('refund.button', { amount: format(left) })
              : partAmount
                ? t('refund.button', { amount: format(partAmount) })
                : t('ordersView.refund')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The refund dialog of an order: all that is left (the default) or a part, a reason, and on a full
 * refund whether the tickets go back on sale. The form is made afresh at each opening, and with it
 * the refund's request key.
 */
export function RefundDialog({
  order,
  opened,
  onClose,
  releaseTickets = false,
}: {
  order: TOrderListItem | null;
  opened: boolean;
  onClose: () => void;
  /** Ticks "Cancel the tickets" to start with (the attendee list's "Refund and cancel"). */
  releaseTickets?: boolean;
}) {
  const { t } = useTranslation('attendees');
  const [opening, setOpening] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpening((count) => count + 1);
  }
  return (
    <FormModal title={t('refund.title')} opened={opened} onClose={onClose}>
      {order ? (
        <RefundForm key={`${order.id}:${opening}`} order={order} releaseTickets={releaseTickets} onDone={onClose} />
      ) : null}
    </FormModal>
  );
}
