import type { TEvent } from '@clubtix/contract';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, isApiError } from '../../../api/api-error';
import { confirmDelete } from '../../../components/confirm-delete';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { showToast } from '../../../toasts/toasts';
import { useManagedEvent } from '../../event-admin/api';
import { useFirstEvent, useRemoveEvent, useSaveEvent } from '../api';
import { CancellationPanel, CancelEventButton } from '../components/cancel-event';
import { DuplicateEventButton } from '../components/duplicate-event';
import { EventForm } from '../components/event-form';
import { EventLinks } from '../../event-admin/event-links';
import { PublishPanel } from '../components/publish-panel';

function EditEvent({ event }: { event: TEvent }) {
  const { t } = useTranslation('events');
  const navigate = useNavigate();
  // Add event lands here with this state, so the panel reads as the next steps (docs/decisions/0024).
  const justCreated = (useLocation().state as { created?: boolean } | null)?.created === true;
  useEffect(() => {
    // The form was scrolled to its Save button: show the next steps from the top.
    if (justCreated) window.scrollTo({ top: 0 });
  }, [justCreated]);
  const save = useSaveEvent();
  const remove = useRemoveEvent();
  const [refusal, setRefusal] = useState<ApiError | null>(null);

  const deleteEvent = async () => {
    setRefusal(null);
    try {
      const { msg } = await remove.mutateAsync(event);
      showToast('success', msg ?? t('edit.removed'));
      await navigate('/dashboard/admin');
    } catch (error) {
      // Shown in place rather than as a passing toast: a refused event is the admin's next step.
      setRefusal(isApiError(error) ? error : new ApiError(0, 'INTERNAL', t('edit.notDeletedText')));
    }
  };

  return (
    <>
      <PageHeader
        title={t('edit.title')}
        description={event.title}
        actions={
          <Group gap="sm">
            <DuplicateEventButton event={event} />
            <CancelEventButton event={event} />
            <Button
              variant="outline"
              color="red.9"
              loading={remove.isPending}
              onClick={() =>
                confirmDelete({ what: t('edit.what'), name: event.title, onConfirm: () => void deleteEvent() })
              }
            >
              {t('edit.delete')}
            </Button>
          </Group>
        }
      />
      {refusal ? (
        <Alert
          color="red"
          role="alert"
          title={t('edit.notDeleted')}
          mb="md"
          maw={820}
          withCloseButton
          closeButtonLabel={t('edit.dismiss')}
          onClose={() => setRefusal(null)}
          data-testid="delete-refused"
        >
          <Stack gap={4}>
            <Text size="sm">{refusal.msg}</Text>
            {refusal.status === 409 && event.status !== 'cancelled' ? (
              <Text size="sm">{t('edit.useCancel')}</Text>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <CancellationPanel event={event} />
      <EventLinks event={event} current="edit" />
      <PublishPanel event={event} justCreated={justCreated} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={820}>
        <EventForm
          // A new status (Publish, Unpublish above) starts the form afresh, so its status radio
          // cannot save the old one back.
          key={`${event.id}:${event.status}`}
          event={event}
          isSaving={save.isPending}
          onSave={async (body) => {
            await save.mutateAsync(body);
            await navigate('/dashboard/admin');
          }}
        />
      </Paper>
    </>
  );
}

function EditEventById({ eventId }: { eventId: string }) {
  const { t } = useTranslation('events');
  const event = useManagedEvent(eventId);
  if (event.isPending) return <PageLoader label={t('loading')} />;
  if (event.isError) {
    // Another club's event answers 404, like one that does not exist.
    if (isApiError(event.error) && event.error.status === 404)
      return <NotFoundView status={404} message={t('notFound')} />;
    return <QueryError error={event.error} onRetry={() => void event.refetch()} what={t('eventWhat')} />;
  }
  return <EditEvent event={event.data} />;
}

/** Without an id: the club's current event (the next one, or the latest past one), or add one. */
function EditFirstEvent() {
  const { t } = useTranslation('events');
  const first = useFirstEvent();
  if (first.isPending) return <PageLoader label={t('loading')} />;
  if (first.isError)
    return <QueryError error={first.error} onRetry={() => void first.refetch()} what={t('eventWhat')} />;
  if (!first.data) return <Navigate to="/tour/add" replace />;
  return <EditEvent event={first.data} />;
}

/** /tour/edit/{eventId?} */
export default function EditEventPage() {
  const { eventId } = useParams();
  return eventId ? <EditEventById eventId={eventId} /> : <EditFirstEvent />;
}
