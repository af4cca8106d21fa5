import type { TEvent } from '@clubtix/contract';
import { Alert, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { formFailure } from '../../../lib/form-errors';
import { showToast } from '../../../components/toasts';
import { useEventTicketTypes, useSaveEvent } from '../api';
import { canPublish, publishChecklist, statusChangeRequest } from '../publish-checklist';

/**
 * Publishing as an action of its own (issue 19 item 8, docs/decisions/0024): a draft shows what is
 * still missing and a Publish button, disabled until every required line is done; a published
 * event can be taken back to a draft. `justCreated` heads it as the next steps after Add event.
 */
export function PublishPanel({ event, justCreated = false }: { event: TEvent; justCreated?: boolean }) {
  const tickets = useEventTicketTypes(event.id);
  // One message per outcome: the panel's own toast on success, its alert on a refusal.
  const save = useSaveEvent({ quiet: true });
  const [failure, setFailure] = useState<string | null>(null);
  if (event.status === 'cancelled') return null;

  const changeStatus = async (status: 'published' | 'draft') => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(statusChangeRequest(event, status));
      showToast('success', saved.status === 'published' ? 'Event published' : 'Event is a draft again');
    } catch (error) {
      // A refusal naming a field of the form below (400) is still said here: the panel has no fields.
      setFailure(formFailure(error) ?? (isApiError(error) && error.status === 400 ? error.msg : null));
    }
  };
  const refusal = failure ? (
    <Alert color="red" role="alert" title={event.status === 'published' ? 'Not unpublished' : 'Not published'}>
      {failure}
    </Alert>
  ) : null;

  if (event.status === 'published') {
    return (
      <Paper withBorder radius="lg" p="md" mb="md" maw={820} data-testid="publish-panel">
        <Group justify="space-between" gap="sm">
          <Text size="sm">This event is published: anyone with its link can see it and book.</Text>
          <Group gap="xs">
            <Button component={Link} to={`/${encodeURIComponent(event.slug)}`} variant="light">
              View public page
            </Button>
            <Button variant="outline" loading={save.isPending} onClick={() => void changeStatus('draft')}>
              Unpublish
            </Button>
          </Group>
        </Group>
        {refusal}
      </Paper>
    );
  }

  const checks = publishChecklist(event, tickets.data ?? []);
  const ready = tickets.isSuccess && canPublish(checks);
  const ticketsTo = `/event/${encodeURIComponent(event.id)}/tickets`;
  return (
    <Paper withBorder radius="lg" p="md" mb="md" maw={820} data-testid="publish-panel">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {justCreated ? 'Saved as a draft: next steps' : 'Publish this event'}
        </Title>
        {justCreated ? (
          <Text size="sm">Add its ticket types, then publish it so buyers can book.</Text>
        ) : (
          <Text size="sm">
            A draft is seen only by the club&apos;s admins. Publish it when everything below is ready.
          </Text>
        )}
        {tickets.isError ? (
          <Alert color="red" title="The ticket types could not be loaded">
            Reload the page to check what is missing.
          </Alert>
        ) : null}
        <List spacing={6} size="sm" center aria-label="Before publishing" data-testid="publish-checklist">
          {checks.map((check) => (
            <List.Item
              key={check.key}
              data-done={check.done}
              icon={
                <ThemeIcon size={20} radius="xl" color={check.done ? 'teal.8' : check.required ? 'red.8' : 'gray.6'}>
                  <span aria-hidden>{check.done ? '✓' : '✗'}</span>
                </ThemeIcon>
              }
            >
              <Text span size="sm">
                {check.label}
                {check.done ? ': done' : check.required ? ': missing' : ': not yet'}
              </Text>
              {check.key === 'tickets' && !check.done ? (
                <Text span size="sm">
                  {' '}
                  (<Link to={ticketsTo}>add tickets</Link>)
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
        {refusal}
        <Group gap="xs">
          <Button component={Link} to={ticketsTo} variant="light">
            Add tickets
          </Button>
          <Button disabled={!ready} loading={save.isPending} onClick={() => void changeStatus('published')}>
            Publish
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
