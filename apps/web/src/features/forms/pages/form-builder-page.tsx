import type { TEvent } from '@clubtix/contract';
import { Anchor, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useSession } from '../../../session/session';
import { storedCurrentEventId, useClubEvents } from '../../events/api';
import { EventLinks } from '../../event-admin/event-links';
import { EVENT_STATUS_KEYS } from '../../event-admin/event-status-badge';
import { useFormQuestions } from '../api';
import { FormEditor } from '../components/form-editor';

function EventQuestions({ event }: { event: TEvent }) {
  const { t } = useTranslation('forms');
  const questions = useFormQuestions(event.id);
  if (questions.isPending) return <PageLoader label={t('page.loadingQuestions')} />;
  if (questions.isError) {
    return (
      <QueryError error={questions.error} onRetry={() => void questions.refetch()} what={t('page.questionsWhat')} />
    );
  }
  // A new key after each save or reload starts the editor from what the server holds.
  return <FormEditor key={`${event.id}:${questions.dataUpdatedAt}`} event={event} questions={questions.data} />;
}

/** /form-builder?eventId=: the registration form of one of the club's events. */
export default function FormBuilderPage() {
  const { t } = useTranslation(['forms', 'events']);
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const events = useClubEvents(user?.clubId);

  if (!user?.clubId) return <NotFoundView status={404} message={t('page.notLinked')} />;
  if (events.isPending) return <PageLoader label={t('page.loadingEvents')} />;
  if (events.isError)
    return <QueryError error={events.error} onRetry={() => void events.refetch()} what={t('page.eventsWhat')} />;

  const requested = params.get('eventId');
  const remembered = storedCurrentEventId();
  const event =
    events.data.find((candidate) => candidate.id === requested) ??
    (requested ? undefined : (events.data.find((candidate) => candidate.id === remembered) ?? events.data[0]));

  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <Stack gap="md">
        {events.data.length === 0 ? (
          <Text size="sm">
            {t('page.noEvents')}{' '}
            <Anchor component={Link} to="/tour/add">
              {t('page.addEvent')}
            </Anchor>{' '}
            {t('page.first')}
          </Text>
        ) : (
          <NativeSelect
            label={t('page.event')}
            maw={480}
            value={event?.id ?? ''}
            onChange={(change) => setParams({ eventId: change.currentTarget.value }, { replace: true })}
            data={[
              ...(event ? [] : [{ value: '', label: t('page.chooseEvent') }]),
              ...events.data.map((candidate) => ({
                value: candidate.id,
                label: `${candidate.title} (${t(EVENT_STATUS_KEYS[candidate.status])})`,
              })),
            ]}
          />
        )}
        {requested && !event ? <NotFoundView status={404} message={t('page.notFound')} /> : null}
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
