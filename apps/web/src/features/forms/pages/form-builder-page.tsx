import type { TEvent } from '@clubtix/contract';
import { Anchor, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useSession } from '../../auth/session';
import { storedCurrentEventId, useClubEvents } from '../../events/api';
import { EventLinks } from '../../events/components/event-links';
import { EVENT_STATUS_LABELS } from '../../events/components/event-status-badge';
import { useFormQuestions } from '../api';
import { FormEditor } from '../components/form-editor';

function EventQuestions({ event }: { event: TEvent }) {
  const questions = useFormQuestions(event.id);
  if (questions.isPending) return <PageLoader label="Loading questions" />;
  if (questions.isError) {
    return <QueryError error={questions.error} onRetry={() => void questions.refetch()} what="the questions" />;
  }
  // A new key after each save or reload starts the editor from what the server holds.
  return <FormEditor key={`${event.id}:${questions.dataUpdatedAt}`} event={event} questions={questions.data} />;
}

/** /form-builder?eventId=: the registration form of one of the club's events. */
export default function FormBuilderPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const events = useClubEvents(user?.clubId);

  if (!user?.clubId) return <NotFoundView status={404} message="Your account is not linked to a club." />;
  if (events.isPending) return <PageLoader label="Loading events" />;
  if (events.isError)
    return <QueryError error={events.error} onRetry={() => void events.refetch()} what="the events" />;

  const requested = params.get('eventId');
  const remembered = storedCurrentEventId();
  const event =
    events.data.find((candidate) => candidate.id === requested) ??
    (requested ? undefined : (events.data.find((candidate) => candidate.id === remembered) ?? events.data[0]));

  return (
    <>
      <PageHeader title="Form builder" description="Questions buyers answer when they register" />
      <Stack gap="md">
        {events.data.length === 0 ? (
          <Text size="sm">
            No events yet.{' '}
            <Anchor component={Link} to="/tour/add">
              Add an event
            </Anchor>{' '}
            first.
          </Text>
        ) : (
          <NativeSelect
            label="Event"
            maw={480}
            value={event?.id ?? ''}
            onChange={(change) => setParams({ eventId: change.currentTarget.value }, { replace: true })}
            data={[
              ...(event ? [] : [{ value: '', label: 'Choose an event' }]),
              ...events.data.map((candidate) => ({
                value: candidate.id,
                label: `${candidate.title} (${EVENT_STATUS_LABELS[candidate.status]})`,
              })),
            ]}
          />
        )}
        {requested && !event ? <NotFoundView status={404} message="Event not found" /> : null}
        {event ? (
          <>
            <EventLinks event={event} current="form" />
            <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
              <EventQuestions event={event} />
            </Paper>
          </>
        ) : null}
      </Stack>
    </>
  );
}
