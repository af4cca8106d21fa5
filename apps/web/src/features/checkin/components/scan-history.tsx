import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toWallClock } from '../../../lib/zoned-time';
import type { HistoryEntry } from '../door-state';

/** The last scans, newest first, so staff can tell whether the previous person got in. */
export function ScanHistory({ entries, timeZone }: { entries: HistoryEntry[]; timeZone: string }) {
  const { t } = useTranslation('checkin');
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={headingId} gap={6}>
      <Title order={2} fz="lg" id={headingId}>
        {t('history.title')}
      </Title>
      <Stack component="ol" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <Group component="li" key={entry.id} gap="xs" wrap="nowrap" align="baseline">
            <Box
              aria-hidden
              w={10}
              h={10}
              style={{ borderRadius: 5, flex: 'none', background: `var(--mantine-color-${entry.tone}-6)` }}
            />
            <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
              {toWallClock(entry.at, timeZone).time}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600} size="sm">
                {entry.who}
              </Text>
              {' — '}
              {entry.result}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
