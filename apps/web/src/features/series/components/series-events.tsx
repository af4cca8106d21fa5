import type { TEvent, TSeries } from '@clubtix/contract';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormModal } from '../../../components/form-modal';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { EventStatusBadge } from '../../event-admin/event-status-badge';
import { useClubEvents } from '../../events/api';
import { eventDateRange } from '../../events/components/club-events';
import { AddDatesForm } from './add-dates-form';

function SeriesEventRow({ event }: { event: TEvent }) {
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2}>
          <Anchor
            component={Link}
            to={`/tour/edit/${encodeURIComponent(event.id)}`}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {event.title}
          </Anchor>
          <Text size="sm" c="dimmed">
            {eventDateRange(event)}
          </Text>
        </Stack>
        <div style={{ flexShrink: 0 }}>
          <EventStatusBadge status={event.status} />
        </div>
      </Group>
    </Card>
  );
}

/**
 * The series' events, soonest first: the club's events (the admin's list, any status) that name this
 * series, and "Add dates" to copy one of them at more starts.
 */
export function SeriesEvents({ series }: { series: TSeries }) {
  const { t } = useTranslation('series');
  const headingId = useId();
  const events = useClubEvents(series.clubId);
  const [opened, { open, close }] = useDisclosure(false);
  const inSeries = (events.data ?? [])
    .filter((event) => event.seriesId === series.id)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" mt="xl" maw={820}>
      <Group justify="space-between" align="center">
        <Title order={2} id={headingId} fz="xl">
          {t('events.title')}
        </Title>
        <Button onClick={open} disabled={inSeries.length === 0}>
          {t('events.add')}
        </Button>
      </Group>
      {events.isPending ? <PageLoader label={t('events.loading')} /> : null}
      {events.isError ? (
        <QueryError error={events.error} onRetry={() => void events.refetch()} what={t('events.what')} />
      ) : null}
      {events.data && inSeries.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="series-events-empty">
          {t('events.empty')}
        </Text>
      ) : null}
      {inSeries.length > 0 ? (
        <Stack
          component="ul"
          gap={6}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-labelledby={headingId}
          data-testid="series-events"
        >
          {inSeries.map((event) => (
            <SeriesEventRow key={event.id} event={event} />
          ))}
        </Stack>
      ) : null}
      <FormModal title={t('dates.title')} opened={opened} onClose={close}>
        {opened ? <AddDatesForm events={inSeries} onClose={close} /> : null}
      </FormModal>
    </Stack>
  );
}
