import { voucherEmailOf, type TVoucherAtDoor } from '@clubtix/contract';
import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { useManagedEvent } from '../../event-admin/api';
import type { VoucherStatus } from '../door-card';
import { formatDoorTime, voucherLabel } from '../scan-outcome';
import type { DoorBusy } from '../door-state';
import { canRedeem, VOUCHER_TEXT } from '../voucher-outcome';

interface VoucherDetailsProps {
  purchase: TVoucherAtDoor;
  status: VoucherStatus;
  notice: string | null;
  timeZone: string;
  busy: DoorBusy;
  onRedeem: () => void;
  onUnredeem: () => void;
}

function confirmUnredeem(purchase: TVoucherAtDoor, onConfirm: () => void) {
  modals.openConfirmModal({
    title: i18n.t('checkin:voucher.unredeemTitle'),
    children: <Text size="sm">{i18n.t('checkin:voucher.unredeemText', { what: voucherLabel(purchase) })}</Text>,
    labels: { confirm: i18n.t('checkin:voucher.unredeem'), cancel: i18n.t('checkin:voucher.keepRedeemed') },
    // Mantine's red (red.6) under white text reads at 3.3:1; red.9 at 5.4:1 (axe).
    confirmProps: { color: 'red.9' },
    onConfirm,
  });
}

/**
 * The inside of a voucher's card at the door: what (the extra and how many), whose (the holder's name
 * when the event's attendees tell it, and to an admin the buyer's e-mail; door staff are told no
 * e-mail, docs/decisions/0061-staff-scope.md), which event, and when it was redeemed; with "Redeem",
 * or "Un-redeem" after a confirmation (docs/decisions/0038-vouchers-at-the-door.md).
 */
export function VoucherDetails({
  purchase,
  status,
  notice,
  timeZone,
  busy,
  onRedeem,
  onUnredeem,
}: VoucherDetailsProps) {
  const { t } = useTranslation('checkin');
  const event = useManagedEvent(purchase.eventId);
  const name = purchase.holderName;
  const email = voucherEmailOf(purchase);
  return (
    <>
      {notice ? (
        <Text fw={700} role="status" data-testid="voucher-notice">
          {notice}
        </Text>
      ) : null}
      <Stack gap={2}>
        <Text fz={24} fw={700} lh={1.2} data-testid="voucher-what">
          {purchase.quantity} × {purchase.extras.name}
        </Text>
        {name ? (
          <Text fz="lg" style={{ overflowWrap: 'anywhere' }} data-testid="voucher-holder">
            {name}
          </Text>
        ) : null}
        {email ? (
          <Text size="md" style={{ overflowWrap: 'anywhere' }} data-testid="voucher-whose">
            {email}
          </Text>
        ) : null}
        {event.data ? (
          <Text size="sm" data-testid="voucher-event">
            {t('voucher.event', { title: event.data.title })}
          </Text>
        ) : null}
        {status === 'justRedeemed' && purchase.redeemedAt ? (
          <Text size="sm" data-testid="voucher-when">
            {VOUCHER_TEXT.redeemedAt(formatDoorTime(purchase.redeemedAt, timeZone))}
          </Text>
        ) : null}
      </Stack>
      {canRedeem(status) ? (
        // Large bold text keeps white on green.8 (3.4:1) above the AA minimum for large text (3:1).
        <Button
          size="xl"
          fz={22}
          fw={700}
          color="green.8"
          onClick={onRedeem}
          loading={busy === 'redeem'}
          disabled={busy !== null}
        >
          {t('voucher.redeem')}
        </Button>
      ) : (
        <Button
          size="lg"
          variant="white"
          color="red.9"
          onClick={() => confirmUnredeem(purchase, onUnredeem)}
          loading={busy === 'unredeem'}
          disabled={busy !== null}
        >
          {t('voucher.unredeem')}
        </Button>
      )}
    </>
  );
}
