import type { TEvent } from '@clubtix/contract';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentLocale } from '../../../i18n/i18n';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { ManagedEventPage } from '../../event-admin/managed-event-page';
import { useEventTickets } from '../../tickets/api';
import { useMessageLog } from '../api';
import { ComposeMessage } from '../components/compose-message';
import { MessageLog } from '../components/message-log';

function Messages({ event }: { event: TEvent }) {
  const { t } = useTranslation('messages');
  const log = useMessageLog(event.id);
  const tickets = useEventTickets(event.id);
  if (log.isPending || tickets.isPending) return <PageLoader label={t('page.loading')} />;
  if (log.isError) return <QueryError error={log.error} onRetry={() => void log.refetch()} what={t('page.what')} />;
  if (tickets.isError) {
    return <QueryError error={tickets.error} onRetry={() => void tickets.refetch()} what={t('page.ticketsWhat')} />;
  }
  return (
    <Stack gap="lg">
      {log.data.remainingToday !== null ? (
        <Text size="sm" c="dimmed" data-testid="mails-left-today">
          {t('mailsLeft', {
            count: log.data.remainingToday,
            shown: log.data.remainingToday.toLocaleString(currentLocale()),
          })}
        </Text>
      ) : null}
      <ComposeMessage event={event} tickets={tickets.data} />
      <MessageLog messages={log.data.messages} tickets={tickets.data} timezone={event.timezone} />
    </Stack>
  );
}

/** /event/{eventId}/messages: write to the people coming (docs/product.md section 21). */
export default function MessagesPage() {
  // Every namespace the screen's parts read, loaded before it shows: no flash of a half-loaded page.
  const { t } = useTranslation(['messages', 'events']);
  const { eventId } = useParams();
  return (
    <ManagedEventPage eventId={eventId} title={t('page.title')} screen="messages">
      {(event) => <Messages event={event} />}
    </ManagedEventPage>
  );
}
