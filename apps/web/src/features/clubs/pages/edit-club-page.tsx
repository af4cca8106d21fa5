import { Paper } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useSession } from '../../auth/session';
import { useAllClubs, useSaveClub } from '../api';
import { ClubForm } from '../components/club-form';

/**
 * /club/edit/{clubId?}: without an id an admin edits its own club. The club comes from
 * getAllClubs, which answers only the clubs this user may manage, so another club's id shows
 * not-found here just as the API would answer 404 on save.
 */
export default function EditClubPage() {
  const { clubId: paramId } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const clubs = useAllClubs();
  const save = useSaveClub();
  const clubId = paramId ?? user?.clubId ?? null;

  if (!clubId) return <NotFoundView status={404} message="Choose a club to edit from your dashboard." />;
  if (clubs.isPending) return <PageLoader label="Loading club" />;
  if (clubs.isError) return <QueryError error={clubs.error} onRetry={() => void clubs.refetch()} what="the club" />;

  const club = clubs.data.find((candidate) => candidate.id === clubId);
  if (!club) return <NotFoundView status={404} message="Club not found" />;

  return (
    <>
      <PageHeader title="Edit club" description={club.name} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={720}>
        <ClubForm
          key={club.id}
          club={club}
          isSaving={save.isPending}
          onSave={async (body) => {
            await save.mutateAsync(body);
            await navigate('/dashboard');
          }}
        />
      </Paper>
    </>
  );
}
