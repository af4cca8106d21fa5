import type { TMessage, TTicket } from '@clubtix/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { toWallClock } from '../../../lib/zoned-time';
import { audienceText, peopleText } from '../audience';

const pad = (n: number) => String(n).padStart(2, '0');

/** dd/mm/yyyy hh:mm on the event's clock (docs/product.md section 24). */
function sentAt(iso: string, timezone: string): string {
  const { date, time } = toWallClock(iso, timezone);
  return `${pad(date.day)}/${pad(date.month)}/${date.year} ${time}`;
}

function Delivery({ message }: { message: TMessage }) {
  const parts = [`${message.sent} sent`];
  if (message.pending > 0) parts.push(`${message.pending} waiting`);
  if (message.failed > 0) parts.push(`${message.failed} failed`);
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
  const names = new Map(tickets.map((ticket) => [ticket.id, ticket.name]));
  return (
    <Stack component="section" aria-labelledby="message-log-heading" gap="sm">
      <Title order={2} fz="lg" id="message-log-heading">
        Sent
      </Title>
      {messages.length === 0 ? (
        <Text size="sm" c="dimmed">
          No messages sent yet.
        </Text>
      ) : (
        messages.map((message) => (
          <Paper key={message.id} withBorder radius="md" p="sm" data-testid="sent-message">
            <Stack gap={4}>
              <Text fw={600}>{message.subject}</Text>
              <Text size="sm" c="dimmed">
                {sentAt(message.createdAt, timezone)} · to {audienceText(message.audience, names)} (
                {peopleText(message.recipients)}){message.sentBy ? ` · by ${message.sentBy}` : ''}
              </Text>
              <Delivery message={message} />
            </Stack>
          </Paper>
        ))
      )}
    </Stack>
  );
}
