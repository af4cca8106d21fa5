import { Paper, Stack, Text, Title } from '@mantine/core';
import { useHoldRemaining } from './hold-countdown';

const CLOCK = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** "14 minutes (until 18:42)": how long the buyer has, and until when on their own clock. */
export function confirmWithin(expiresAt: string, remainingMs: number): string {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} (until ${CLOCK.format(new Date(expiresAt))})`;
}

/**
 * A free booking of an event that confirms them by e-mail (confirmFreeByEmail), once ordered: the
 * tickets stay held until the link mailed to the buyer is opened, here or on any other device. The
 * checkout reads the booking again meanwhile and moves on to the tickets once it is confirmed.
 */
export function CheckInbox({ email, expiresAt }: { email: string; expiresAt: string }) {
  const remaining = useHoldRemaining(expiresAt) ?? 0;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="blue.0" data-testid="check-inbox">
      <Stack gap="sm">
        <Title order={2} fz="xl">
          Check your inbox
        </Title>
        <Text style={{ overflowWrap: 'anywhere' }}>
          We sent a link to <strong>{email}</strong>. Open it within {confirmWithin(expiresAt, remaining)} to confirm
          your booking and get your tickets.
        </Text>
        <Text size="sm">
          Until then your tickets are only held for you: if the link is not opened in time, they are released. No
          e-mail? Look in your spam folder.
        </Text>
      </Stack>
    </Paper>
  );
}
