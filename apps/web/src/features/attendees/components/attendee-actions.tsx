import { formatMoney, type TAttendeeListItem, type TCurrency } from '@clubtix/contract';
import { ActionIcon, Button, Group, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { attendeeName } from '../../checkin/scan-outcome';
import {
  useCancelRegistration,
  useCheckInAttendee,
  useDeleteAttendee,
  useRemoveRegistration,
  useSendTicket,
  useUndoCheckin,
} from '../api';
import { EditAttendeeDialog } from './edit-attendee-dialog';
import { newRefundKey } from '../refund-form-values';
import { useRefundOrder } from '../sales-api';
import { confirmCancelRegistration, confirmRemoveRegistration, type RefundChoice } from './registration-dialogs';

function confirmDeleteAttendee(name: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title: 'Delete attendee?',
    children: (
      <Text size="sm">
        “{name}” will be removed from this event and their ticket will no longer work. If they are the last attendee of
        their registration, the registration is deleted too, and a paid order of it is kept and marked Refund required.
        This cannot be undone.
      </Text>
    ),
    labels: { confirm: 'Delete attendee', cancel: 'Cancel' },
    confirmProps: { color: 'red.9' },
    onConfirm,
  });
}

/**
 * The actions on one attendee: the check-in toggle in view, the rarer ones (mail the ticket,
 * delete) in a menu, each named after the attendee so a screen reader tells the rows apart.
 */
export function AttendeeActions({
  eventId,
  currency,
  attendee,
  fullWidth = false,
}: {
  eventId: string;
  currency: TCurrency;
  attendee: TAttendeeListItem;
  fullWidth?: boolean;
}) {
  const checkIn = useCheckInAttendee(eventId);
  const undo = useUndoCheckin(eventId);
  const sendTicket = useSendTicket(eventId);
  const deleteAttendee = useDeleteAttendee(eventId);
  const removeRegistration = useRemoveRegistration(eventId);
  const cancelRegistration = useCancelRegistration(eventId);
  const name = attendeeName(attendee);
  const isCheckedIn = attendee.checkinId !== null;
  const refund = useRefundOrder(eventId);
  const [isEditing, setEditing] = useState(false);
  const isDeleting =
    deleteAttendee.isPending || removeRegistration.isPending || cancelRegistration.isPending || refund.isPending;

  // A paid registration may instead be refunded in full and cancelled; the key is made once per
  // dialog, so a second click refunds once.
  const refundChoice = (): RefundChoice | undefined => {
    const orderId = attendee.refundableOrderId;
    if (!orderId) return undefined;
    const requestKey = newRefundKey();
    return {
      amount: attendee.paidAmount === null ? null : formatMoney(attendee.paidAmount, currency),
      onRefund: () => refund.mutate({ orderId, releaseTickets: true, requestKey }),
    };
  };

  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {isCheckedIn ? (
        <Button
          size="compact-sm"
          variant="default"
          loading={undo.isPending}
          onClick={() => undo.mutate(attendee)}
          aria-label={`Undo check-in of ${name}`}
          fullWidth={fullWidth}
        >
          Undo check-in
        </Button>
      ) : (
        <Button
          size="compact-sm"
          loading={checkIn.isPending}
          onClick={() => checkIn.mutate(attendee)}
          aria-label={`Check in ${name}`}
          fullWidth={fullWidth}
        >
          Check in
        </Button>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="default"
            size={26}
            aria-label={`More actions for ${name}`}
            loading={sendTicket.isPending || isDeleting}
          >
            <span aria-hidden style={{ fontWeight: 700, lineHeight: 1 }}>
              ⋯
            </span>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setEditing(true)}>Edit attendee</Menu.Item>
          <Menu.Item onClick={() => sendTicket.mutate(attendee)}>Send ticket</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => confirmDeleteAttendee(name, () => deleteAttendee.mutate(attendee))}>
            Delete attendee
          </Menu.Item>
          <Menu.Item
            color="red"
            onClick={() =>
              confirmRemoveRegistration(
                attendee.buyerEmail,
                () => removeRegistration.mutate(attendee.registrationId),
                refundChoice(),
              )
            }
          >
            Delete registration
          </Menu.Item>
          <Menu.Item
            color="red"
            onClick={() =>
              confirmCancelRegistration(
                attendee.buyerEmail,
                () => cancelRegistration.mutate(attendee.registrationId),
                refundChoice(),
              )
            }
          >
            Cancel registration
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <EditAttendeeDialog eventId={eventId} attendee={attendee} opened={isEditing} onClose={() => setEditing(false)} />
    </Group>
  );
}
