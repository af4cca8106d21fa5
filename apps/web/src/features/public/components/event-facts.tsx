import type { TEvent } from '@clubtix/contract';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEventRange, formatTimeZone } from '../event-dates';
import { PlainText } from './plain-text';

/** When and where, in the event's own time zone (named, since a visitor may be elsewhere). */
export function EventFacts({
  event,
}: {
  event: Pick<TEvent, 'startDate' | 'endDate' | 'timezone' | 'venue' | 'address'>;
}) {
  const { t } = useTranslation('public');
  // Read once per visit: a page left open past the end does not need to change under the reader.
  const [now] = useState(Date.now);
  const hasEnded = Date.parse(event.endDate) < now;
  return (
    <Paper component="section" aria-labelledby="event-when-where" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="lg" id="event-when-where">
          {t('facts.title')}
        </Title>
        <Stack gap={2}>
          <Text size="sm" fw={600} c="gray.7">
            {t('facts.dateTime')}
          </Text>
          <Text fw={600} data-testid="event-dates">
            {formatEventRange(event.startDate, event.endDate, event.timezone)}
          </Text>
          <Text size="sm" c="gray.7" data-testid="event-timezone">
            {t('facts.timesIn', { zone: formatTimeZone(event.timezone, event.startDate) })}
          </Text>
          {hasEnded ? (
            <Badge color="gray.8" variant="filled" mt={4} tt="none" size="md">
              {t('offer.ended')}
            </Badge>
          ) : null}
        </Stack>
        {event.venue || event.address ? (
          <Stack gap={2}>
            <Text size="sm" fw={600} c="gray.7">
              {t('facts.venue')}
            </Text>
            {event.venue ? (
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="event-venue">
                {event.venue}
              </Text>
            ) : null}
            {event.address ? <PlainText data-testid="event-address">{event.address}</PlainText> : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
