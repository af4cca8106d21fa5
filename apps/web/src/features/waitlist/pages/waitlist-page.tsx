import type { TEvent, TWaitlistEntry } from '@clubtix/contract';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/zoned-time';
import { TEXT_SAFE_GREEN } from '../../../theme';
import { ManagedEventPage } from '../../events/components/managed-event-page';
import { useEventWaitlist, useRemoveWaitlistEntry } from '../api';
import {
  groupWaitlist,
  isRemovable,
  offerText,
  WAITLIST_STATUS_LABELS,
  waitlistGroupSummary,
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
    title: 'Remove from the waiting list?',
    children: (
      <Text size="sm">
        {entry.email} will leave the waiting list for {entry.ticketName}.
        {entry.status === 'offered'
          ? ' Their open offer is withdrawn and its tickets are offered to the next person in line.'
          : ''}
      </Text>
    ),
    labels: { confirm: 'Remove', cancel: 'Keep' },
    confirmProps: { color: 'red.9' },
    onConfirm,
  });
}

function Entry({ entry, event, onRemove }: { entry: TWaitlistEntry; event: TEvent; onRemove: () => void }) {
  const offer = offerText(entry, event.timezone);
  return (
    <Card withBorder padding="sm" data-testid="waitlist-entry" component="li">
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={8}>
            {entry.position !== null ? (
              <Text fw={700} data-testid="waitlist-position">
                No. {entry.position}
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
            Joined {formatDateTime(entry.createdAt, event.timezone)}
          </Text>
          {offer ? (
            <Text size="xs" data-testid="waitlist-offer">
              {offer}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={6} align="flex-end" style={{ flex: 'none' }}>
          <Badge {...STATUS_BADGES[entry.status]} data-testid="waitlist-status">
            {WAITLIST_STATUS_LABELS[entry.status]}
          </Badge>
          {isRemovable(entry) ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={`Remove ${entry.email} from the waiting list`}
            >
              Remove
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
  const entries = useEventWaitlist(event.id);
  if (entries.isPending) return <PageLoader label="Loading the waiting list" />;
  if (entries.isError)
    return <QueryError error={entries.error} onRetry={() => void entries.refetch()} what="the waiting list" />;
  const groups = groupWaitlist(entries.data);
  if (groups.length === 0)
    return (
      <Text c="dimmed" size="sm" role="status">
        Nobody is waiting. When a ticket type sells out, buyers can join its waiting list; as tickets come back they are
        offered to them in turn, by mail.
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
  const { eventId } = useParams();
  return (
    <ManagedEventPage eventId={eventId} title="Waiting list" screen="waitlist">
      {(event) => <Waitlist event={event} />}
    </ManagedEventPage>
  );
}
