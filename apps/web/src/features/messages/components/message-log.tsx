import type { TMessage, TTicket } from '@clubtix/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/zoned-time';
import { audienceText, peopleText } from '../audience';

function Delivery({ message }: { message: TMessage }) {
  const { t } = useTranslation('messages');
  const parts = [t('log.sent', { count: message.sent })];
  if (message.pending > 0) parts.push(t('log.waiting', { count: message.pending }));
  if (message.failed > 0) parts.push(t('log.failed', { count: message.failed }));
  return (
    <Text size="sm" fw={600} c={message.failed > 0 ? 'red.9' : undefined} data-testid="message-delivery">
      {parts.join(' · ')}
    </Text>
  );
}

/** What was sent, newest first: when, to whom, by whom, and how its mails fared. */
export function MessageLog({
  messages,
  tickets,
  timezone,
}: {
  messages: TMessage[];
  tickets: TTicket[];
  timezone: string;
}) {
  const { t } = useTranslation('messages');
  const names = new Map(tickets.map((ticket) => [ticket.id, ticket.name]));
  return (
    <Stack component="section" aria-labelledby="message-log-heading" gap="sm">
      <Title order={2} fz="lg" id="message-log-heading">
        {t('log.title')}
      </Title>
      {messages.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('log.empty')}
        </Text>
      ) : (
        messages.map((message) => (
          <Paper key={message.id} withBorder radius="md" p="sm" data-testid="sent-message">
            <Stack gap={4}>
              <Text fw={600}>{message.subject}</Text>
              <Text size="sm" c="dimmed">
                {/* dd/mm/yyyy hh:mm on the event's clock (docs/product.md section 24), in the language's form. */}
                {formatDateTime(message.createdAt, timezone)} ·{' '}
                {t('log.to', {
                  audience: audienceText(message.audience, names),
                  people: peopleText(message.recipients),
                })}
                {message.sentBy ? ` · ${t('log.by', { name: message.sentBy })}` : ''}
              </Text>
              <Delivery message={message} />
            </Stack>
          </Paper>
        ))
      )}
    </Stack>
  );
}
