import { useTranslation } from 'react-i18next';
import { Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSaveClub } from '../api';
import { ClubForm } from '../components/club-form';

export default function AddClubPage() {
  const { t } = useTranslation('clubs');
  const navigate = useNavigate();
  const save = useSaveClub();

  return (
    <>
      <PageHeader title={t('add.title')} description={t('add.description')} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={720}>
        <ClubForm
          isSaving={save.isPending}
          onSave={async (body) => {
            const club = await save.mutateAsync(body);
            // Its first admin is the next step (docs/decisions/0024): land on the club's credentials page.
            await navigate(`/club/${encodeURIComponent(club.id)}/credential`, { state: { created: true } });
          }}
        />
      </Paper>
    </>
  );
}
