import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatRemaining, remainingMs } from '../countdown';
import { clearHold } from '../hold-storage';

/** Milliseconds left on a hold, refreshed every second; null when the hold has no deadline. */
export function useHoldRemaining(expiresAt: string | null): number | null {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return remainingMs(expiresAt, now);
}

/** The hold's clock at the top of each step, so the buyer knows how long the tickets stay theirs. */
export function HoldCountdown({ remaining }: { remaining: number | null }) {
  const { t } = useTranslation('buying');
  if (remaining === null) return null;
  const urgent = remaining < 2 * 60_000;
  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="xs"
      bg={urgent ? 'orange.0' : 'purple.0'}
      data-testid="hold-countdown"
      // A timer is not announced on every tick (its implicit aria-live is off); the text is there to read.
      role="timer"
      aria-label={t('hold.timeLeft')}
    >
      <Text size="sm" fw={500}>
        {t('hold.heldFor')}{' '}
        <Text span fw={700} inherit style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatRemaining(remaining)}
        </Text>
      </Text>
    </Paper>
  );
}

/** Shown in place of a step once the hold lapsed (or the server says the registration is over). */
export function HoldExpired({ slug, message }: { slug: string; message?: string }) {
  const { t } = useTranslation('buying');
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} role="alert" data-testid="hold-expired">
      <Stack gap="sm">
        <Title order={2} fz="xl">
          {t('hold.expiredTitle')}
        </Title>
        <Text>{message ?? t('hold.expired')}</Text>
        <Group>
          <Button
            onClick={() => {
              clearHold(slug);
              void navigate(`/${encodeURIComponent(slug)}/tickets`);
            }}
          >
            {t('hold.startAgain')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A later step opened without tickets held in this tab (a shared link, another browser). */
export function NoHold({ slug }: { slug: string }) {
  const { t } = useTranslation('buying');
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="no-hold">
      <Stack gap="sm">
        <Title order={2} fz="xl">
          {t('hold.noneTitle')}
        </Title>
        <Text>{t('hold.none')}</Text>
        <Group>
          <Button onClick={() => void navigate(`/${encodeURIComponent(slug)}/tickets`)}>
            {t('ticketsPage.heading')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
