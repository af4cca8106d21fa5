import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

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
  const run = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <Stack gap="md">
      {body}
      {refund ? (
        <Text size="sm">
          Or refund what is left of its order{refund.amount ? ` (paid ${refund.amount})` : ''} through the payment
          provider and cancel the registration: the buyer is mailed, and its tickets and extras go back on sale.
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
            Refund and cancel
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
    title: 'Delete registration?',
    body: (
      <Text size="sm">
        The registration made by {buyerEmail} will be deleted with all its attendees, and their tickets will no longer
        work. A paid order of it is kept and marked Refund required. This cannot be undone.
      </Text>
    ),
    confirmLabel: 'Delete registration',
    keepLabel: 'Cancel',
    onConfirm,
    refund,
  });
}

export function confirmCancelRegistration(buyerEmail: string, onConfirm: () => void, refund?: RefundChoice) {
  openRegistrationDialog({
    title: 'Cancel registration?',
    body: (
      <Text size="sm">
        The registration made by {buyerEmail} will be cancelled: its attendees leave this list, their tickets no longer
        work and their seats are sold again. A paid order of it is marked Refund required and its extras no longer work
        {refund ? '.' : '; the refund itself is made with the payment provider.'}
      </Text>
    ),
    // "Cancel" alone would be ambiguous in a dialog about cancelling.
    confirmLabel: 'Cancel registration',
    keepLabel: 'Keep registration',
    onConfirm,
    refund,
  });
}
