import type { TEvent } from '@clubtix/contract';
import { Paper } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useFirstEvent, useManagedEvent, useSaveEvent } from '../api';
import { EventForm } from '../components/event-form';
import { EventLinks } from '../components/event-links';

function EditEvent({ event }: { event: TEvent }) {
  const navigate = useNavigate();
  const save = useSaveEvent();
  return (
    <>
      <PageHeader title="Edit event" description={event.title} />
      <EventLinks event={event} current="edit" />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={820}>
        <EventForm
          key={event.id}
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
  const event = useManagedEvent(eventId);
  if (event.isPending) return <PageLoader label="Loading event" />;
  if (event.isError) {
    // Another club's event answers 404, like one that does not exist.
    if (isApiError(event.error) && event.error.status === 404)
      return <NotFoundView status={404} message="Event not found" />;
    return <QueryError error={event.error} onRetry={() => void event.refetch()} what="the event" />;
  }
  return <EditEvent event={event.data} />;
}

/** Without an id: the club's current event (the next one, or the latest past one), or add one. */
function EditFirstEvent() {
  const first = useFirstEvent();
  if (first.isPending) return <PageLoader label="Loading event" />;
  if (first.isError) return <QueryError error={first.error} onRetry={() => void first.refetch()} what="the event" />;
  if (!first.data) return <Navigate to="/tour/add" replace />;
  return <EditEvent event={first.data} />;
}

/** /tour/edit/{eventId?} */
export default function EditEventPage() {
  const { eventId } = useParams();
  return eventId ? <EditEventById eventId={eventId} /> : <EditFirstEvent />;
}
