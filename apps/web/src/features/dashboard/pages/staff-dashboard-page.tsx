import type { TEvent } from '@clubtix/contract';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useSession } from '../../../session/session';
import { useClubEvents } from '../../events/api';
import { eventDateRange } from '../../events/components/club-events';
import { EventStatusBadge } from '../../event-admin/event-status-badge';

/** The door's three screens of one event, as buttons big enough for a thumb at a dark door. */
function DoorEventCard({ event }: { event: TEvent }) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const id = encodeURIComponent(event.id);
  const doors = [
    { label: t('staff.checkin'), to: `/event/${id}/checkin` },
    { label: t('staff.boxOffice'), to: `/event/${id}/box-office` },
    { label: t('staff.statistics'), to: `/event/${id}/statistics` },
  ];
  return (
    <Card component="article" aria-labelledby={titleId} withBorder radius="lg" padding="lg" data-testid="staff-event">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={2} id={titleId} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {event.title}
          </Title>
          {/* The badge keeps its width; the title wraps beside it. */}
          <div style={{ flexShrink: 0 }}>
            <EventStatusBadge status={event.status} />
          </div>
        </Group>
        <Text size="sm" c="dimmed">
          {eventDateRange(event)}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {doors.map((door, index) => (
            <Button
              key={door.to}
              component={Link}
              to={door.to}
              size="lg"
              variant={index === 0 ? 'filled' : 'light'}
              aria-label={`${door.label}: ${event.title}`}
            >
              {door.label}
            </Button>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/**
 * /dashboard/staff: the home of door staff (docs/product.md section 20), the events they work.
 * getAllEvents with their token answers exactly those, drafts too (docs/decisions/0032-door-staff.md).
 */
export default function StaffDashboardPage() {
  // Every namespace the screen's parts read, loaded before it shows: no flash of a half-loaded page.
  const { t } = useTranslation(['dashboard', 'events']);
  const { user } = useSession();
  const events = useClubEvents(user?.clubId);
  if (!user?.clubId) return <NotFoundView status={404} message={t('notLinked')} />;
  return (
    <>
      <PageHeader title={t('staff.title')} description={t('staff.signedInAs', { name: user.name })} />
      {events.isPending ? <PageLoader label={t('staff.loading')} /> : null}
      {events.isError ? (
        <QueryError error={events.error} onRetry={() => void events.refetch()} what={t('staff.eventsWhat')} />
      ) : null}
      {events.data?.length === 0 ? <Text c="dimmed">{t('staff.empty')}</Text> : null}
      <Stack gap="md">
        {events.data?.map((event) => (
          <DoorEventCard key={event.id} event={event} />
        ))}
      </Stack>
    </>
  );
}
