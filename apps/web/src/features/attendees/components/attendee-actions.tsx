import { formatMoney, type TAttendeeListItem, type TCurrency } from '@clubtix/contract';
import { ActionIcon, Button, Group, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '../../../i18n/i18n';
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
    title: i18n.t('attendees:actions.deleteAsk'),
    children: <Text size="sm">{i18n.t('attendees:actions.deleteText', { name })}</Text>,
    labels: { confirm: i18n.t('attendees:actions.delete'), cancel: i18n.t('attendees:actions.cancel') },
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
  const { t } = useTranslation('attendees');
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
      amount: attendee.paidAmount === null ? null : formatMoney(attendee.paidAmount, currency, currentLanguage()),
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
          aria-label={t('actions.undoOf', { name })}
          fullWidth={fullWidth}
        >
          {t('actions.undo')}
        </Button>
      ) : (
        <Button
          size="compact-sm"
          loading={checkIn.isPending}
          onClick={() => checkIn.mutate(attendee)}
          aria-label={t('actions.checkInName', { name })}
          fullWidth={fullWidth}
        >
          {t('actions.checkIn')}
        </Button>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="default"
            size={26}
            aria-label={t('actions.more', { name })}
            loading={sendTicket.isPending || isDeleting}
          >
            <span aria-hidden style={{ fontWeight: 700, lineHeight: 1 }}>
              ⋯
            </span>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setEditing(true)}>{t('actions.edit')}</Menu.Item>
          <Menu.Item onClick={() => sendTicket.mutate(attendee)}>{t('actions.sendTicket')}</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => confirmDeleteAttendee(name, () => deleteAttendee.mutate(attendee))}>
            {t('actions.delete')}
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
            {t('registration.delete')}
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
            {t('registration.cancel')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <EditAttendeeDialog eventId={eventId} attendee={attendee} opened={isEditing} onClose={() => setEditing(false)} />
    </Group>
  );
}
