import type { TEvent } from '@clubtix/contract';
import { Anchor, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { ManagedEventPage } from '../../event-admin/managed-event-page';
import { useFormQuestions } from '../../forms/api';
import { useAttendeePage } from '../api';
import { pageCount, rangeText, readListView, writeListView, type AttendeeListView } from '../attendee-list';
import { AttendeeFilters } from '../components/attendee-filters';
import { AttendeeCards, AttendeeTable } from '../components/attendee-table';
import { ExportAttendees } from '../components/export-attendees';
import { ExtrasPurchasesView } from '../components/extras-purchases-view';
import { OrdersView } from '../components/orders-view';
import {
  ATTENDEE_TABS,
  readExtrasView,
  readOrdersView,
  readTab,
  TAB_KEYS,
  tabParams,
  writeExtrasView,
  writeOrdersView,
  type AttendeeTab,
} from '../sales-views';

// Seven columns need a desktop's width; below it each attendee is a card.
const TABLE_QUERY = '(min-width: 62em)';

function importPath(eventId: string) {
  return `/import?eventId=${encodeURIComponent(eventId)}`;
}

function Attendees({ event }: { event: TEvent }) {
  const { t } = useTranslation('attendees');
  const [params, setParams] = useSearchParams();
  const view = readListView(params);
  const list = useAttendeePage(event.id, view);
  const questions = useFormQuestions(event.id);
  const isWide = useMediaQuery(TABLE_QUERY, undefined, { getInitialValueInEffect: false });

  const setView = (patch: Partial<AttendeeListView>) =>
    setParams((current) => writeListView({ ...readListView(current), page: 1, ...patch }), { replace: true });

  // After deletions the last page can empty out: step back to the page that now is the last.
  const total = list.data?.total ?? 0;
  const lastPage = pageCount(total);
  const isPastEnd = list.isSuccess && !list.isPlaceholderData && view.page > lastPage;
  useEffect(() => {
    if (isPastEnd)
      setParams((current) => writeListView({ ...readListView(current), page: lastPage }), { replace: true });
  }, [isPastEnd, lastPage, setParams]);

  const isFiltered = view.search.trim() !== '' || view.filter !== 'all';
  let content;
  if (list.isPending) content = <PageLoader label={t('list.loading')} />;
  else if (list.isError)
    content = <QueryError error={list.error} onRetry={() => void list.refetch()} what={t('list.what')} />;
  else if (list.data.attendees.length === 0)
    content = (
      <Text c="dimmed" size="sm" py="md" role="status">
        {isFiltered ? (
          t('list.noMatch')
        ) : (
          <>
            {t('list.emptyBefore')}{' '}
            {/* Underlined: told apart from the text by more than its colour (axe link-in-text-block). */}
            <Anchor component={Link} to={importPath(event.id)} underline="always">
              {t('list.importLink')}
            </Anchor>
            {t('list.emptyAfter')}
          </>
        )}
      </Text>
    );
  else {
    const props = { event, attendees: list.data.attendees, questions: questions.data ?? [] };
    content = isWide ? <AttendeeTable {...props} /> : <AttendeeCards {...props} />;
  }

  return (
    <Stack gap="md">
      <AttendeeFilters
        view={view}
        isSearching={list.isFetching && list.isPlaceholderData}
        onChange={(patch) => setView(patch)}
      />
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="attendee-count">
        {(list.data && rangeText(view.page, list.data.attendees.length, list.data.total)) ?? '\u00a0'}
      </Text>
      {/* Offline, TanStack Query holds the search back instead of failing it: say so, not a spinner. */}
      {list.fetchStatus === 'paused' ? (
        <QueryError
          error={null}
          onRetry={() => void list.refetch()}
          what={t('list.what')}
          message={t('list.offline')}
        />
      ) : null}
      {/* The previous rows stay while the next view loads, dimmed so they are not taken as the answer. */}
      <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>{content}</div>
      <ListPagination
        pageCount={lastPage}
        page={view.page}
        onChange={(page) => setView({ ...view, page })}
        siblings={isWide ? 1 : 0}
      />
    </Stack>
  );
}

/** The attendees, the extras bought and the orders, one tab each; the tab and its view live in the address. */
function AttendeeTabs({ event }: { event: TEvent }) {
  const { t } = useTranslation('attendees');
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);
  return (
    <Tabs
      value={tab}
      onChange={(value) => setParams(tabParams((value ?? 'attendees') as AttendeeTab))}
      keepMounted={false}
    >
      <Tabs.List>
        {ATTENDEE_TABS.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {t(TAB_KEYS[value])}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="attendees" pt="md">
        <Attendees event={event} />
      </Tabs.Panel>
      <Tabs.Panel value="extras" pt="md">
        <ExtrasPurchasesView
          event={event}
          view={readExtrasView(params)}
          onChange={(view) => setParams(writeExtrasView(view), { replace: true })}
        />
      </Tabs.Panel>
      <Tabs.Panel value="orders" pt="md">
        <OrdersView
          event={event}
          view={readOrdersView(params)}
          onChange={(view) => setParams(writeOrdersView(view), { replace: true })}
        />
      </Tabs.Panel>
    </Tabs>
  );
}

/** /event/{eventId}/attendees: who is coming, searchable and paged on the server; the extras and orders beside. */
export default function AttendeesPage() {
  // Every namespace the screen's parts read, loaded before it shows: no flash of a half-loaded page.
  const { t } = useTranslation(['attendees', 'events', 'forms', 'sponsorships']);
  const { eventId } = useParams();
  return (
    <ManagedEventPage
      eventId={eventId}
      title={t('title')}
      screen="attendees"
      actions={(event) => <ExportAttendees event={event} />}
    >
      {(event) => <AttendeeTabs event={event} />}
    </ManagedEventPage>
  );
}
