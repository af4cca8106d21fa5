import { ROLE_STAFF } from '@clubtix/contract';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { PATHS } from '../../../session/guards';
import { useSession } from '../../../session/session';
import { useAllClubs } from '../../clubs/api';
import { ClubEvents } from '../../events/components/club-events';
import { useClubEvents } from '../../events/api';
import { ClubSummary } from '../../clubs/components/club-summary';
import { useAppUsers } from '../../users/api';
import { AdminList } from '../../users/components/admin-list';
import { ClubTakings } from '../../report/components/club-takings';

/** The admin's own club and its events: getAllClubs answers an admin its own club only. */
export default function AdminDashboardPage() {
  // Every namespace the screen's parts read, loaded before it shows: no flash of a half-loaded page.
  const { t } = useTranslation(['dashboard', 'users', 'clubs', 'report', 'events']);
  const { user } = useSession();
  const clubs = useAllClubs();
  const club = clubs.data?.find((candidate) => candidate.id === user?.clubId) ?? clubs.data?.[0];
  const admins = useAppUsers(club?.id);
  // The same query as the events list below: a club with none yet leads with adding the first.
  const events = useClubEvents(club?.id);

  if (clubs.isPending) return <PageLoader label={t('admin.loadingClub')} />;
  if (clubs.isError)
    return <QueryError error={clubs.error} onRetry={() => void clubs.refetch()} what={t('admin.yourClubWhat')} />;
  if (!club) return <NotFoundView status={404} message={t('notLinked')} />;

  return (
    <>
      <PageHeader
        title={t('admin.title')}
        description={user ? t('signedInAs', { name: user.name }) : undefined}
        actions={
          <Button component={Link} to={`/club/edit/${club.id}`} variant="light">
            {t('admin.editClub')}
          </Button>
        }
      />
      {events.data?.length === 0 ? (
        <Card withBorder radius="lg" padding="lg" mb="md" bg="purple.0" data-testid="first-event">
          <Stack gap="sm" align="flex-start">
            <Text fw={700} fz="lg">
              {t('admin.firstEventTitle')}
            </Text>
            <Text size="sm">{t('admin.firstEventText')}</Text>
            <Button component={Link} to="/tour/add" size="md">
              {t('events:club.add')}
            </Button>
          </Stack>
        </Card>
      ) : null}
      <Card component="section" aria-label={t('admin.yourClub')} withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <ClubSummary club={club} />
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                {t('admins')}
              </Text>
              <Button component={Link} to={PATHS.team} variant="light" size="compact-sm">
                {t('admin.team')}
              </Button>
            </Group>
            {admins.isPending ? <PageLoader label={t('admin.loadingAdmins')} /> : null}
            {admins.isError ? (
              <QueryError error={admins.error} onRetry={() => void admins.refetch()} what={t('admin.adminsWhat')} />
            ) : null}
            {admins.data ? (
              <>
                <AdminList
                  admins={admins.data.filter((member) => member.role !== ROLE_STAFF)}
                  label={t('adminsOf', { club: club.name })}
                />
                <Text size="sm" c="dimmed" data-testid="staff-count">
                  {t('admin.staffCount', { count: admins.data.filter((member) => member.role === ROLE_STAFF).length })}
                </Text>
              </>
            ) : null}
          </Stack>
        </Stack>
      </Card>
      <ClubTakings clubId={club.id} />
      <ClubEvents clubId={club.id} />
    </>
  );
}
