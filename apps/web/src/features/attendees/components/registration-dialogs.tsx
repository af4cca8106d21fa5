import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';

/** A paid registration's other way out: refund its order in full and cancel it (docs/product.md section 19). */
export interface RefundChoice {
  /** What the registration paid ("£30"), when known. */
  amount: string | null;
  onRefund: () => void;
}

interface RegistrationDialog {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  keepLabel: string;
  onConfirm: () => void;
  refund?: RefundChoice | undefined;
}

function DialogContent({
  body,
  confirmLabel,
  keepLabel,
  onConfirm,
  refund,
  close,
}: RegistrationDialog & { close: () => void }) {
  const { t } = useTranslation('attendees');
  const run = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <Stack gap="md">
      {body}
      {refund ? (
        <Text size="sm">
          {refund.amount
            ? t('registration.refundChoicePaid', { amount: refund.amount })
            : t('registration.refundChoice')}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close} data-autofocus>
          {keepLabel}
        </Button>
        <Button variant={refund ? 'outline' : 'filled'} color="red.9" onClick={run(onConfirm)}>
          {confirmLabel}
        </Button>
        {refund ? (
          <Button color="red.9" onClick={run(refund.onRefund)}>
            {t('registration.refundAndCancel')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

function openRegistrationDialog(dialog: RegistrationDialog) {
  const id = modals.open({
    title: dialog.title,
    children: <DialogContent {...dialog} close={() => modals.close(id)} />,
  });
}

export function confirmRemoveRegistration(buyerEmail: string, onConfirm: () => void, refund?: RefundChoice) {
  openRegistrationDialog({
    title: i18n.t('attendees:registration.deleteAsk'),
    body: <Text size="sm">{i18n.t('attendees:registration.deleteText', { email: buyerEmail })}</Text>,
    confirmLabel: i18n.t('attendees:registration.delete'),
    keepLabel: i18n.t('attendees:actions.cancel'),
    onConfirm,
    refund,
  });
}

export function confirmCancelRegistration(buyerEmail: string, onConfirm: () => void, refund?: RefundChoice) {
  openRegistrationDialog({
    title: i18n.t('attendees:registration.cancelAsk'),
    body: (
      <Text size="sm">
        {refund
          ? i18n.t('attendees:registration.cancelTextRefund', { email: buyerEmail })
          : i18n.t('attendees:registration.cancelText', { email: buyerEmail })}
      </Text>
    ),
    // "Cancel" alone would be ambiguous in a dialog about cancelling.
    confirmLabel: i18n.t('attendees:registration.cancel'),
    keepLabel: i18n.t('attendees:registration.keep'),
    onConfirm,
    refund,
  });
}
