import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale, i18n } from '../../../i18n/i18n';
import { useHoldRemaining } from './hold-countdown';

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** "14 minutes (until 18:42)": how long the buyer has, and until when on their own clock. */
export function confirmWithin(expiresAt: string, remainingMs: number): string {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  const until = new Intl.DateTimeFormat(currentLocale(), CLOCK).format(new Date(expiresAt));
  return i18n.t('buying:checkInbox.within', { count: minutes, until });
}

/**
 * A free booking of an event that confirms them by e-mail (confirmFreeByEmail), once ordered: the
 * tickets stay held until the link mailed to the buyer is opened, here or on any other device. The
 * checkout reads the booking again meanwhile and moves on to the tickets once it is confirmed.
 */
export function CheckInbox({ email, expiresAt }: { email: string; expiresAt: string }) {
  const { t } = useTranslation('buying');
  const remaining = useHoldRemaining(expiresAt) ?? 0;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="blue.0" data-testid="check-inbox">
      <Stack gap="sm">
        <Title order={2} fz="xl">
          {t('checkInbox.title')}
        </Title>
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t('checkInbox.sent', { email, within: confirmWithin(expiresAt, remaining) })}
        </Text>
        <Text size="sm">{t('checkInbox.until')}</Text>
      </Stack>
    </Paper>
  );
}
