import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { ROLE_STAFF, type TAppUser, type TEvent } from '@clubtix/contract';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { confirmDelete } from '../../../components/confirm-delete';
import { useDeleteAppUser, useSendInvitation } from '../api';

/**
 * What a member works, in words: every event, the titles of theirs, or none when every event they
 * had was removed (docs/decisions/0061-staff-scope.md).
 */
export function workedEventsText(
  member: Pick<TAppUser, 'role' | 'allEvents' | 'eventIds'>,
  events: readonly TEvent[],
): string {
  // The Team page loads the `users` catalogue.
  if (member.role !== ROLE_STAFF) return i18n.t('users:everything');
  if (member.allEvents) return i18n.t('users:allEvents');
  if (member.eventIds.length === 0) return i18n.t('users:noEvents');
  const titles = new Map(events.map((event) => [event.id, event.title]));
  // An event the list no longer holds (past its cap) is still worked: counted, not named.
  const named = member.eventIds.map((id) => titles.get(id)).filter((title) => title !== undefined);
  const unnamed = member.eventIds.length - named.length;
  return [...named, ...(unnamed > 0 ? [i18n.t('users:otherEvents', { count: unnamed })] : [])].join(', ');
}

export function roleLabel(role: number): string {
  return role === ROLE_STAFF ? i18n.t('users:roles.staff') : i18n.t('users:roles.admin');
}

interface TeamListProps {
  members: readonly TAppUser[];
  events: readonly TEvent[];
  /** The signed-in admin: no Delete on their own row (the server refuses it, 409). */
  selfId: string | undefined;
  onEdit: (member: TAppUser) => void;
}

function MemberRow({
  member,
  events,
  isSelf,
  onEdit,
}: {
  member: TAppUser;
  events: readonly TEvent[];
  isSelf: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation('users');
  const remove = useDeleteAppUser();
  const invite = useSendInvitation();
  const what = member.role === ROLE_STAFF ? t('roles.staffWhat') : t('roles.adminWhat');
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="team-member">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {member.name}
            {isSelf ? ` ${t('you')}` : ''}
          </Text>
          <Badge variant="filled" color={member.role === ROLE_STAFF ? 'gray.8' : 'purple.8'} style={{ flexShrink: 0 }}>
            {roleLabel(member.role)}
          </Badge>
        </Group>
        <Anchor href={`mailto:${member.email}`} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {member.email}
        </Anchor>
        <Text size="sm" data-testid="member-events">
          <Text span size="sm" c="dimmed">
            {member.role === ROLE_STAFF ? t('works') : t('manages')}{' '}
          </Text>
          {workedEventsText(member, events)}
        </Text>
        {member.invitationPending ? (
          <Text size="sm" fw={600} data-testid="invitation-pending">
            {t('invitationPending')}
          </Text>
        ) : null}
        <Group gap="xs" justify="flex-end">
          {member.invitationPending ? (
            <Button
              variant="subtle"
              size="compact-sm"
              loading={invite.isPending}
              aria-label={t('sendInvitationLabel', { name: member.name })}
              onClick={() => invite.mutate(member.id)}
            >
              {t('sendInvitation')}
            </Button>
          ) : null}
          <Button
            variant="light"
            size="compact-sm"
            onClick={onEdit}
            aria-label={t('editLabel', { what, name: member.name })}
          >
            {t('edit')}
          </Button>
          {isSelf ? null : (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              aria-label={t('deleteLabel', { what, name: member.name })}
              loading={remove.isPending}
              onClick={() =>
                confirmDelete({
                  what,
                  name: `${member.name} (${member.email})`,
                  // The client toasts the server's answer: removed, or why not.
                  onConfirm: () => remove.mutate(member.id),
                })
              }
            >
              {t('delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The club's admins, then its door staff, each with what they work. */
export function TeamList({ members, events, selfId, onEdit }: TeamListProps) {
  const { t } = useTranslation('users');
  const sorted = [...members].sort((a, b) => b.role - a.role || a.name.localeCompare(b.name));
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('team.title')} style={{ listStyle: 'none' }}>
      {sorted.map((member) => (
        <MemberRow
          key={member.id}
          member={member}
          events={events}
          isSelf={member.id === selfId}
          onEdit={() => onEdit(member)}
        />
      ))}
    </Stack>
  );
}
