import { formatMoney, type TSponsorship } from '@clubtix/contract';
import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/zoned-time';
import { TEXT_SAFE_GREEN } from '../../../theme';
import { useRefundSponsorship } from '../api';
import { isDonation } from '../sponsorship-totals';
import { canRefund, RefundDialog } from './refund-dialog';

const STATUS: Record<TSponsorship['paymentStatus'], { label: string; color: string }> = {
  // Mantine's greens are too faint for a badge's small text on white (theme.ts).
  paid: { label: 'Paid', color: TEXT_SAFE_GREEN },
  pending: { label: 'Pending', color: 'gray.7' },
  failed: { label: 'Failed', color: 'red.8' },
  refund_required: { label: 'Refund required', color: 'orange.9' },
  partially_refunded: { label: 'Partly refunded', color: 'gray.7' },
  refunded: { label: 'Refunded', color: 'gray.7' },
};

export function PaymentStatusBadge({ status }: { status: TSponsorship['paymentStatus'] }) {
  const { label, color } = STATUS[status];
  return (
    <Badge color={color} variant="outline" style={{ flex: 'none' }}>
      {label}
    </Badge>
  );
}

/** One donation or sponsorship: who, what, how much, whether the money arrived, and its refund. */
export function SponsorshipCard({ sponsorship, timeZone }: { sponsorship: TSponsorship; timeZone: string }) {
  const when = sponsorship.paidAt ?? sponsorship.createdAt;
  const [refunding, setRefunding] = useState(false);
  const refund = useRefundSponsorship(sponsorship.eventId);
  const kind = isDonation(sponsorship) ? 'donation' : 'sponsorship';
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-testid="sponsorship">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          {sponsorship.logoUrl ? (
            <Avatar src={sponsorship.logoUrl} alt={`${sponsorship.name} logo`} size={40} radius="sm" />
          ) : null}
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {sponsorship.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {sponsorship.email}
            </Text>
            {isDonation(sponsorship) ? null : (
              <Text size="xs" c="gray.7" data-testid="sponsor-shown">
                {sponsorship.showPublicly ? 'Shown on the event page' : 'Not shown on the event page'}
              </Text>
            )}
          </div>
          <Text fw={700} fz="lg" style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(sponsorship.amount, sponsorship.currency)}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{isDonation(sponsorship) ? 'Donation' : (sponsorship.packageName ?? 'Sponsorship')}</Text>
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {formatDateTime(when, timeZone)}
            </Text>
            <PaymentStatusBadge status={sponsorship.paymentStatus} />
          </Group>
        </Group>
        {sponsorship.refundedAmount > 0 || canRefund(sponsorship) ? (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {sponsorship.refundedAmount > 0
                ? `Refunded ${formatMoney(sponsorship.refundedAmount, sponsorship.currency)}`
                : '\u00a0'}
            </Text>
            {canRefund(sponsorship) ? (
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => setRefunding(true)}
                aria-label={`Refund the ${kind} of ${sponsorship.name}`}
              >
                Refund
              </Button>
            ) : null}
          </Group>
        ) : null}
        {sponsorship.message ? (
          <Text size="sm" c="dimmed" fs="italic" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            “{sponsorship.message}”
          </Text>
        ) : null}
      </Stack>
      <RefundDialog
        opened={refunding}
        onClose={() => setRefunding(false)}
        payable={{ ...sponsorship, what: `${kind} of ${sponsorship.name}` }}
        onRefund={(ask) => refund.mutateAsync({ sponsorshipId: sponsorship.id, ...ask })}
      />
    </Card>
  );
}
