import { LIST_CAPS, type TEvent } from '@clubtix/contract';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { PATHS } from '../../../session/guards';
import { QueryError } from '../../../components/query-error';
import { currentLocale } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/zoned-time';
import { useClubEvents } from '../api';
import { EventLinks } from '../../event-admin/event-links';
import { EventStatusBadge } from '../../event-admin/event-status-badge';
import { DuplicateEventButton } from './duplicate-event';

/** "15/08/2026 18:30 – 15/08/2026 23:00 (Europe/London)": dates on the event's own clock. */
export function eventDateRange(event: Pick<TEvent, 'startDate' | 'endDate' | 'timezone'>): string {
  return `${formatDateTime(event.startDate, event.timezone)} – ${formatDateTime(event.endDate, event.timezone)} (${event.timezone})`;
}

function EventCard({ event }: { event: TEvent }) {
  const { t } = useTranslation('events');
  const titleId = useId();
  return (
    <Card component="article" aria-labelledby={titleId} withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={3} id={titleId} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {event.title}
          </Title>
          {/* The badge keeps its width, a long word in another language too; the title wraps beside it. */}
          <div style={{ flexShrink: 0 }}>
            <EventStatusBadge status={event.status} />
          </div>
        </Group>
        <Text size="sm" c="dimmed" data-testid="event-dates">
          {eventDateRange(event)}
        </Text>
        <EventLinks event={event} label={t('club.screensOf', { title: event.title })} mb={0} />
        <Group gap={6}>
          <DuplicateEventButton event={event} named size="compact-sm" />
        </Group>
      </Stack>
    </Card>
  );
}

/** The club's events, every status, with quick links to the screens that set each one up. */
export function ClubEvents({ clubId }: { clubId: string }) {
  const { t } = useTranslation('events');
  const headingId = useId();
  const events = useClubEvents(clubId);
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" mt="xl">
      <Group justify="space-between" align="center">
        <Title order={2} id={headingId} fz="xl">
          {t('club.title')}
        </Title>
        <Group gap="sm">
          {/* The header's Series link is not shown below a desktop's width: this one is. */}
          <Button component={Link} to={PATHS.series} variant="light">
            {t('club.series')}
          </Button>
          <Button component={Link} to="/tour/add">
            {t('club.add')}
          </Button>
        </Group>
      </Group>
      {events.isPending ? <PageLoader label={t('club.loading')} /> : null}
      {events.isError ? (
        <QueryError error={events.error} onRetry={() => void events.refetch()} what={t('club.eventsWhat')} />
      ) : null}
      {events.data?.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('club.empty')}
        </Text>
      ) : null}
      {events.data?.map((event) => (
        <EventCard key={event.id} event={event} />
      ))}
      {events.data && events.data.length >= LIST_CAPS.events ? (
        <Text c="dimmed" size="sm" role="status">
          {t('club.capped', { count: LIST_CAPS.events.toLocaleString(currentLocale()) })}
        </Text>
      ) : null}
    </Stack>
  );
}
