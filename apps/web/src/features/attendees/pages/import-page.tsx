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
import { ImportForm } from '../components/import-form';

/** /import?eventId=: bulk import of attendees from a spreadsheet into one of the club's events. */
export default function ImportPage() {
  const { t } = useTranslation(['attendees', 'events']);
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const events = useClubEvents(user?.clubId);

  if (!user?.clubId) return <NotFoundView status={404} message={t('importPage.notLinked')} />;
  if (events.isPending) return <PageLoader label={t('importPage.loading')} />;
  if (events.isError)
    return <QueryError error={events.error} onRetry={() => void events.refetch()} what={t('importPage.eventsWhat')} />;

  const requested = params.get('eventId');
  const remembered = storedCurrentEventId();
  const event =
    events.data.find((candidate) => candidate.id === requested) ??
    (requested ? undefined : (events.data.find((candidate) => candidate.id === remembered) ?? events.data[0]));

  return (
    <>
      <PageHeader title={t('importPage.title')} description={t('importPage.description')} />
      <Stack gap="md">
        {events.data.length === 0 ? (
          <Text size="sm">
            {t('importPage.noEvents')}{' '}
            <Anchor component={Link} to="/tour/add">
              {t('importPage.addEvent')}
            </Anchor>{' '}
            {t('importForm.first')}
          </Text>
        ) : (
          <NativeSelect
            label={t('importPage.event')}
            maw={480}
            value={event?.id ?? ''}
            onChange={(change) => setParams({ eventId: change.currentTarget.value }, { replace: true })}
            data={[
              ...(event ? [] : [{ value: '', label: t('importPage.chooseEvent') }]),
              ...events.data.map((candidate) => ({
                value: candidate.id,
                label: `${candidate.title} (${t(EVENT_STATUS_KEYS[candidate.status])})`,
              })),
            ]}
          />
        )}
        {requested && !event ? <NotFoundView status={404} message={t('importPage.notFound')} /> : null}
        {event ? (
          <>
            <EventLinks event={event} current="import" />
            <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
              {/* A new event starts a new import: nothing chosen for the last one carries over. */}
              <ImportForm key={event.id} event={event} />
            </Paper>
          </>
        ) : null}
      </Stack>
    </>
  );
}
