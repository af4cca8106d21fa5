import { ROLE_STAFF } from '@clubtix/contract';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { PATHS } from '../../auth/guards';
import { useSession } from '../../auth/session';
import { useAllClubs } from '../../clubs/api';
import { ClubEvents } from '../../events/components/club-events';
import { ClubSummary } from '../../clubs/components/club-summary';
import { useAppUsers } from '../../users/api';
import { AdminList } from '../../users/components/admin-list';
import { ClubTakings } from '../../report/components/club-takings';

/** The admin's own club and its events: getAllClubs answers an admin its own club only. */
export default function AdminDashboardPage() {
  const { user } = useSession();
  const clubs = useAllClubs();
  const club = clubs.data?.find((candidate) => candidate.id === user?.clubId) ?? clubs.data?.[0];
  const admins = useAppUsers(club?.id);

  if (clubs.isPending) return <PageLoader label="Loading your club" />;
  if (clubs.isError) return <QueryError error={clubs.error} onRetry={() => void clubs.refetch()} what="your club" />;
  if (!club) return <NotFoundView status={404} message="Your account is not linked to a club." />;

  return (
    <>
      <PageHeader
        title="Admin dashboard"
        description={user ? `Signed in as ${user.name}` : undefined}
        actions={
          <Button component={Link} to={`/club/edit/${club.id}`} variant="light">
            Edit club
          </Button>
        }
      />
      <Card component="section" aria-label="Your club" withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <ClubSummary club={club} />
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                Admins
              </Text>
              <Button component={Link} to={PATHS.team} variant="light" size="compact-sm">
                Team and door staff
              </Button>
            </Group>
            {admins.isPending ? <PageLoader label="Loading admins" /> : null}
            {admins.isError ? (
              <QueryError error={admins.error} onRetry={() => void admins.refetch()} what="the admins" />
            ) : null}
            {admins.data ? (
              <>
                <AdminList
                  admins={admins.data.filter((member) => member.role !== ROLE_STAFF)}
                  label={`Admins of ${club.name}`}
                />
                <Text size="sm" c="dimmed" data-testid="staff-count">
                  {staffText(admins.data.filter((member) => member.role === ROLE_STAFF).length)}
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

/** The door staff, counted: the Team page lists them with the events they work. */
function staffText(count: number): string {
  if (count === 0) return 'No door staff yet: add them on the Team page.';
  return `${count} door staff: see them on the Team page.`;
}
