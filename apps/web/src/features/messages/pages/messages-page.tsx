import type { TEvent } from '@clubtix/contract';
import { Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { ManagedEventPage } from '../../events/components/managed-event-page';
import { useEventTickets } from '../../tickets/api';
import { useMessageLog } from '../api';
import { ComposeMessage } from '../components/compose-message';
import { MessageLog } from '../components/message-log';

function Messages({ event }: { event: TEvent }) {
  const log = useMessageLog(event.id);
  const tickets = useEventTickets(event.id);
  if (log.isPending || tickets.isPending) return <PageLoader label="Loading messages" />;
  if (log.isError) return <QueryError error={log.error} onRetry={() => void log.refetch()} what="the messages" />;
  if (tickets.isError) {
    return <QueryError error={tickets.error} onRetry={() => void tickets.refetch()} what="the ticket types" />;
  }
  return (
    <Stack gap="lg">
      {log.data.remainingToday !== null ? (
        <Text size="sm" c="dimmed" data-testid="mails-left-today">
          Your club can send {log.data.remainingToday.toLocaleString('en-GB')} more e-mails today.
        </Text>
      ) : null}
      <ComposeMessage event={event} tickets={tickets.data} />
      <MessageLog messages={log.data.messages} tickets={tickets.data} timezone={event.timezone} />
    </Stack>
  );
}

/** /event/{eventId}/messages: write to the people coming (docs/product.md section 21). */
export default function MessagesPage() {
  const { eventId } = useParams();
  return (
    <ManagedEventPage eventId={eventId} title="Messages" screen="messages">
      {(event) => <Messages event={event} />}
    </ManagedEventPage>
  );
}
