import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSaveEvent } from '../api';
import { EventForm } from '../components/event-form';

/** /tour/add: a new event of the admin's club; saving lands on its page with the next steps (tickets, publish). */
export default function AddEventPage() {
  const { t } = useTranslation('events');
  const navigate = useNavigate();
  const save = useSaveEvent();
  return (
    <>
      <PageHeader title={t('add.title')} description={t('add.description')} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={820}>
        <EventForm
          isSaving={save.isPending}
          onSave={async (body) => {
            const created = await save.mutateAsync(body);
            await navigate(`/tour/edit/${encodeURIComponent(created.id)}`, { state: { created: true } });
          }}
        />
      </Paper>
    </>
  );
}
