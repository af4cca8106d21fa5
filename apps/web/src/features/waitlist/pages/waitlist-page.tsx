import type { TEvent, TWaitlistEntry } from '@clubtix/contract';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../../../i18n/i18n';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/zoned-time';
import { TEXT_SAFE_GREEN } from '../../../theme';
import { ManagedEventPage } from '../../event-admin/managed-event-page';
import { useEventWaitlist, useRemoveWaitlistEntry } from '../api';
import {
  groupWaitlist,
  isRemovable,
  offerText,
  waitlistGroupSummary,
  waitlistStatusLabel,
  type WaitlistGroup,
} from '../waitlist-view';

// Filled in dark shades, or outlined in the grey other lists use: readable either way (axe).
const STATUS_BADGES: Record<TWaitlistEntry['status'], { color: string; variant: 'filled' | 'outline' }> = {
  waiting: { color: 'blue.9', variant: 'filled' },
  offered: { color: 'violet.9', variant: 'filled' },
  converted: { color: TEXT_SAFE_GREEN, variant: 'filled' },
  lapsed: { color: 'gray.7', variant: 'outline' },
  removed: { color: 'gray.7', variant: 'outline' },
};

function confirmRemove(entry: TWaitlistEntry, onConfirm: () => void) {
  modals.openConfirmModal({
    title: i18n.t('waitlist:remove.title'),
    children: (
      <Text size="sm">
        {i18n.t('waitlist:remove.body', { email: entry.email, ticket: entry.ticketName })}
        {entry.status === 'offered' ? ` ${i18n.t('waitlist:remove.offered')}` : ''}
      </Text>
    ),
    labels: { confirm: i18n.t('waitlist:remove.confirm'), cancel: i18n.t('waitlist:remove.keep') },
    confirmProps: { color: 'red.9' },
    onConfirm,
  });
}

function Entry({ entry, event, onRemove }: { entry: TWaitlistEntry; event: TEvent; onRemove: () => void }) {
  const { t } = useTranslation('waitlist');
  const offer = offerText(entry, event.timezone);
  return (
    <Card withBorder padding="sm" data-testid="waitlist-entry" component="li">
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={8}>
            {entry.position !== null ? (
              <Text fw={700} data-testid="waitlist-position">
                {t('entry.position', { position: entry.position })}
              </Text>
            ) : null}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {entry.email}
            </Text>
          </Group>
          <Text size="sm">
            {entry.quantity} × {entry.ticketName}
          </Text>
          <Text size="xs" c="dimmed">
            {t('entry.joined', { when: formatDateTime(entry.createdAt, event.timezone) })}
          </Text>
          {offer ? (
            <Text size="xs" data-testid="waitlist-offer">
              {offer}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={6} align="flex-end" style={{ flex: 'none' }}>
          <Badge {...STATUS_BADGES[entry.status]} data-testid="waitlist-status">
            {waitlistStatusLabel(entry.status)}
          </Badge>
          {isRemovable(entry) ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={t('entry.removeNamed', { email: entry.email })}
            >
              {t('remove.confirm')}
            </Button>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

function TicketWaitlist({ group, event }: { group: WaitlistGroup; event: TEvent }) {
  const remove = useRemoveWaitlistEntry(event.id);
  const headingId = `waitlist-${group.ticketId}`;
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz="h4" id={headingId}>
          {group.ticketName}
        </Title>
        <Text size="sm" c="dimmed">
          {waitlistGroupSummary(group)}
        </Text>
      </Group>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {group.entries.map((entry) => (
          <Entry
            key={entry.id}
            entry={entry}
            event={event}
            onRemove={() => confirmRemove(entry, () => remove.mutate(entry.id))}
          />
        ))}
      </Stack>
    </section>
  );
}

function Waitlist({ event }: { event: TEvent }) {
  const { t } = useTranslation('waitlist');
  const entries = useEventWaitlist(event.id);
  if (entries.isPending) return <PageLoader label={t('page.loading')} />;
  if (entries.isError)
    return <QueryError error={entries.error} onRetry={() => void entries.refetch()} what={t('page.what')} />;
  const groups = groupWaitlist(entries.data);
  if (groups.length === 0)
    return (
      <Text c="dimmed" size="sm" role="status">
        {t('page.empty')}
      </Text>
    );
  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <TicketWaitlist key={group.ticketId} group={group} event={event} />
      ))}
    </Stack>
  );
}

/** /event/{eventId}/waitlist: who waits for which sold-out ticket, offers sent, lapsed and booked. */
export default function WaitlistPage() {
  const { t } = useTranslation('waitlist');
  const { eventId } = useParams();
  return (
    <ManagedEventPage eventId={eventId} title={t('page.title')} screen="waitlist">
      {(event) => <Waitlist event={event} />}
    </ManagedEventPage>
  );
}
