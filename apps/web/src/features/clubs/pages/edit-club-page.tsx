import { useTranslation } from 'react-i18next';
import { Paper } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useSession } from '../../../session/session';
import { isApiError } from '../../../api/api-error';
import { useManagedClub, useSaveClub } from '../api';
import { ClubForm } from '../components/club-form';

/**
 * /club/edit/{clubId?}: without an id an admin edits its own club. Another club's id shows
 * not-found here (useManagedClub) just as the API would answer 404 on save.
 */
export default function EditClubPage() {
  const { t } = useTranslation('clubs');
  const { clubId: paramId } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const clubId = paramId ?? user?.clubId ?? null;
  const found = useManagedClub(clubId);
  const save = useSaveClub();

  if (!clubId) return <NotFoundView status={404} message={t('edit.choose')} />;
  if (found.isPending) return <PageLoader label={t('loading')} />;
  if (found.isError) {
    if (isApiError(found.error) && found.error.status === 404)
      return <NotFoundView status={404} message={t('notFound')} />;
    return <QueryError error={found.error} onRetry={() => void found.refetch()} what={t('clubWhat')} />;
  }
  const club = found.data;

  return (
    <>
      <PageHeader title={t('edit.title')} description={club.name} />
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
