import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OfflineCard } from '../door-card';
import { OFFLINE_TEXT } from '../offline/offline-check';
import { offlineOutcome } from '../offline/offline-outcome';
import { formatDoorTime } from '../scan-outcome';

interface OfflineResultCardProps {
  card: OfflineCard;
  timeZone: string;
  onAdmit: () => void;
  onUndo: () => void;
}

/**
 * The answer to a scan checked against the list on this device (docs/product.md section 20), in the
 * same coloured frame as the server's answers (scan-result-card.tsx), and saying it was offline.
 */
export function OfflineResultCard({ card, timeZone, onAdmit, onUndo }: OfflineResultCardProps) {
  const { t } = useTranslation('checkin');
  const { verdict, admission } = card;
  const outcome = offlineOutcome(verdict, timeZone);
  const tone = admission ? 'green' : outcome.tone;
  const state = admission ? OFFLINE_TEXT.admitted : outcome.title;
  // A cancelled ticket names its holder too, so staff can tell them why they are not let in.
  const attendee =
    verdict.kind === 'valid' || verdict.kind === 'alreadyIn' || verdict.kind === 'cancelled' ? verdict.attendee : null;
  return (
    <Paper
      data-testid="scan-result"
      data-tone={tone}
      data-offline
      radius="lg"
      p="md"
      bg={`${tone}.0`}
      style={{ border: `4px solid var(--mantine-color-${tone}-6)` }}
    >
      <Stack gap="sm">
        <Title order={2} fz={{ base: 28, sm: 34 }} lh={1.15} c={`${tone}.9`} data-testid="scan-state">
          {state}
        </Title>
        {attendee ? (
          <div>
            <Text fz={26} fw={700} lh={1.2} style={{ overflowWrap: 'anywhere' }} data-testid="attendee-name">
              {attendee.firstName} {attendee.lastName}
            </Text>
            <Text fz="lg" data-testid="ticket-name">
              {attendee.ticketName}
            </Text>
          </div>
        ) : null}
        {outcome.detail ? <Text size="md">{outcome.detail}</Text> : null}
        <Text size="sm">
          {admission
            ? t('offline.admittedAt', { time: formatDoorTime(admission.at, timeZone) })
            : t('offline.checkedAgainstList')}
        </Text>
        {verdict.kind === 'valid' && !admission ? (
          <Button size="xl" color="green.8" onClick={onAdmit}>
            {t('card.checkIn')}
          </Button>
        ) : null}
        {admission && admission.syncedAt === null ? (
          <Button size="lg" variant="white" color="red.9" onClick={onUndo}>
            {t('card.undo')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
