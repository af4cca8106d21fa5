import { currentLanguage } from '../../../i18n/i18n';
import { formatMoney, type TSponsorship } from '@clubtix/contract';
import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/zoned-time';
import { TEXT_SAFE_GREEN } from '../../../theme';
import { useRefundSponsorship } from '../api';
import { isDonation } from '../sponsorship-totals';
import { canRefund, RefundDialog } from './refund-dialog';

// Labels are the sponsorships catalogue's status.<status> keys.
const STATUS_COLOR: Record<TSponsorship['paymentStatus'], string> = {
  // Mantine's greens are too faint for a badge's small text on white (theme.ts).
  paid: TEXT_SAFE_GREEN,
  pending: 'gray.7',
  failed: 'red.8',
  refund_required: 'orange.9',
  partially_refunded: 'gray.7',
  refunded: 'gray.7',
};

export function PaymentStatusBadge({ status }: { status: TSponsorship['paymentStatus'] }) {
  const { t } = useTranslation('sponsorships');
  return (
    <Badge color={STATUS_COLOR[status]} variant="outline" style={{ flex: 'none' }}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** One donation or sponsorship: who, what, how much, whether the money arrived, and its refund. */
export function SponsorshipCard({ sponsorship, timeZone }: { sponsorship: TSponsorship; timeZone: string }) {
  const { t } = useTranslation('sponsorships');
  const when = sponsorship.paidAt ?? sponsorship.createdAt;
  const [refunding, setRefunding] = useState(false);
  const refund = useRefundSponsorship(sponsorship.eventId);
  const what = t(isDonation(sponsorship) ? 'card.donationOf' : 'card.sponsorshipOf', { name: sponsorship.name });
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-testid="sponsorship">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          {sponsorship.logoUrl ? (
            <Avatar src={sponsorship.logoUrl} alt={t('card.logo', { name: sponsorship.name })} size={40} radius="sm" />
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
                {sponsorship.showPublicly ? t('card.shown') : t('card.notShown')}
              </Text>
            )}
          </div>
          <Text fw={700} fz="lg" style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(sponsorship.amount, sponsorship.currency, currentLanguage())}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {isDonation(sponsorship) ? t('card.donation') : (sponsorship.packageName ?? t('card.sponsorship'))}
          </Text>
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
                ? t('card.refunded', {
                    amount: formatMoney(sponsorship.refundedAmount, sponsorship.currency, currentLanguage()),
                  })
                : '\u00a0'}
            </Text>
            {canRefund(sponsorship) ? (
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => setRefunding(true)}
                aria-label={t('refund.title', { what })}
              >
                {t('refund.submit')}
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
        payable={{ ...sponsorship, what }}
        onRefund={(ask) => refund.mutateAsync({ sponsorshipId: sponsorship.id, ...ask })}
      />
    </Card>
  );
}
