import { formatMoney, ZRefundPassRequest, type TPassPurchaseListItem } from '@clubtix/contract';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, isApiError } from '../../../api/api-error';
import { applyServerErrors, focusFirstError } from '../../../components/form-errors';
import { FormModal } from '../../../components/form-modal';
import { MoneyField } from '../../../components/money-field';
import { currentLanguage } from '../../../i18n/i18n';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { showToast } from '../../../toasts/toasts';
import { checkRefundForm, newRefundKey, type RefundFormValues } from '../../attendees/refund-form-values';
import { useRefundPass } from '../api';
import { initialPassRefundValues, passRefundLeft, passRefundToRequest } from '../pass-sales';

function PassRefundForm({ sale, onDone }: { sale: TPassPurchaseListItem; onDone: () => void }) {
  // The attendees catalogue holds the amount checks' words (refund-form-values.ts).
  const { t } = useTranslation(['series', 'attendees']);
  // One key per opening: a double click or a retry after a lost answer refunds once.
  const [requestKey] = useState(newRefundKey);
  const [failure, setFailure] = useState<string | null>(null);
  const refund = useRefundPass();
  const left = passRefundLeft(sale);
  const format = (amount: number) => formatMoney(amount, sale.currency, currentLanguage());
  const context = { passPurchaseId: sale.id, requestKey, left };
  const form = useSchemaForm<RefundFormValues>(ZRefundPassRequest, initialPassRefundValues(left), {
    toRequest: (values) => passRefundToRequest(values, context),
    check: (values) => checkRefundForm(values, left, sale.currency),
  });
  const name = `${sale.firstName} ${sale.lastName}`;

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        await refund.mutateAsync(passRefundToRequest(values, context));
        showToast('success', t('sales.refunded', { name }));
        onDone();
      } catch (error) {
        // A field's refusal is said at the field; any other in the dialog (the request is quiet).
        applyServerErrors(form, error);
        if (!isApiError(error)) setFailure(t('sales.refundFailed'));
        else if (Object.keys(fieldErrors(error)).length === 0) setFailure(error.msg);
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t('sales.refundExplain', {
            name,
            pass: sale.passName,
            paid: format(sale.amount),
            left: format(left),
          })}
        </Text>
        <MoneyField
          label={t('sales.refundAmount')}
          required
          currency={sale.currency}
          data-autofocus
          {...form.getInputProps('amount')}
        />
        <Textarea
          label={t('sales.refundReason')}
          description={t('sales.refundReasonHint')}
          autosize
          minRows={2}
          maxRows={4}
          maxLength={500}
          {...form.getInputProps('reason')}
        />
        {failure ? (
          <Alert color="red" role="alert" title={t('sales.refundFailed')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('sales.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={refund.isPending}>
            {t('sales.refundSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The refund of a pass sold: an amount, all that is left to start with, and a reason. */
export function PassRefundDialog({
  sale,
  opened,
  onClose,
}: {
  sale: TPassPurchaseListItem | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('series');
  return (
    <FormModal title={t('sales.refundTitle')} opened={opened} onClose={onClose}>
      {/* Mounted per opening (the modal unmounts its content when closed): a fresh requestKey each time. */}
      {sale && opened ? <PassRefundForm key={sale.id} sale={sale} onDone={onClose} /> : null}
    </FormModal>
  );
}
