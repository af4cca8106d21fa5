import { LIST_CAPS, ROLE_ADMIN, ROLE_STAFF, type TAppUser } from '@clubtix/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useSession } from '../../../session/session';
import { useClubEvents } from '../../events/api';
import { useAppUsers } from '../api';
import { MemberDialog, type MemberDialogState } from '../components/member-dialog';
import { TeamList } from '../components/team-list';

const CLOSED: MemberDialogState = { opened: false, openedAt: 0, role: ROLE_STAFF, member: undefined };

/**
 * /team: the club's admins and door staff (docs/product.md section 20). An admin adds door staff for
 * some or all of the club's events, or another admin, edits them, gives a new password, removes them.
 */
export default function TeamPage() {
  const { t } = useTranslation('users');
  const { user } = useSession();
  const clubId = user?.clubId ?? null;
  const members = useAppUsers(clubId);
  const events = useClubEvents(clubId);
  const [dialog, setDialog] = useState<MemberDialogState>(CLOSED);

  if (!clubId) return <NotFoundView status={404} message={t('team.notLinked')} />;
  const open = (role: number, member?: TAppUser) =>
    setDialog({ opened: true, openedAt: Date.now(), role: member?.role ?? role, member });
  const isFull = (members.data?.length ?? 0) >= LIST_CAPS.admins;

  return (
    <>
      <PageHeader
        title={t('team.title')}
        description={t('team.description')}
        actions={
          <>
            <Button onClick={() => open(ROLE_STAFF)} disabled={!members.data || isFull}>
              {t('addStaff')}
            </Button>
            <Button variant="light" onClick={() => open(ROLE_ADMIN)} disabled={!members.data || isFull}>
              {t('addAdmin')}
            </Button>
          </>
        }
      />
      <Stack gap="md">
        {isFull ? (
          <Alert color="orange" title={t('team.full')}>
            {t('team.fullText', { max: LIST_CAPS.admins })}
          </Alert>
        ) : null}
        {members.isPending ? <PageLoader label={t('team.loading')} /> : null}
        {members.isError ? (
          <QueryError error={members.error} onRetry={() => void members.refetch()} what={t('team.what')} />
        ) : null}
        {events.isError ? (
          <QueryError error={events.error} onRetry={() => void events.refetch()} what={t('team.eventsWhat')} />
        ) : null}
        {members.data ? (
          <>
            <Group gap="xs">
              <Text size="sm" c="dimmed" data-testid="team-counts">
                {countText(members.data)}
              </Text>
            </Group>
            <TeamList
              members={members.data}
              events={events.data ?? []}
              selfId={user?.id}
              onEdit={(member) => open(member.role, member)}
            />
          </>
        ) : null}
      </Stack>
      <MemberDialog
        key={dialog.openedAt}
        state={dialog}
        clubId={clubId}
        events={events.data ?? []}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
    </>
  );
}

function countText(members: readonly TAppUser[]): string {
  const staff = members.filter((member) => member.role === ROLE_STAFF).length;
  const admins = members.length - staff;
  return i18n.t('users:team.counts', { admins, staff });
}
