import type { TEvent } from '@clubtix/contract';
import { Alert, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { formFailure } from '../../../components/form-errors';
import { showToast } from '../../../toasts/toasts';
import { useEventTicketTypes, useSaveEvent } from '../api';
import { canPublish, publishChecklist, statusChangeRequest } from '../publish-checklist';

/**
 * Publishing as an action of its own (docs/decisions/0024, item 8): a draft shows what is
 * still missing and a Publish button, disabled until every required line is done; a published
 * event can be taken back to a draft. `justCreated` heads it as the next steps after Add event.
 */
export function PublishPanel({ event, justCreated = false }: { event: TEvent; justCreated?: boolean }) {
  const { t } = useTranslation('events');
  const tickets = useEventTicketTypes(event.id);
  // One message per outcome: the panel's own toast on success, its alert on a refusal.
  const save = useSaveEvent({ quiet: true });
  const [failure, setFailure] = useState<string | null>(null);
  if (event.status === 'cancelled') return null;

  const changeStatus = async (status: 'published' | 'draft') => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(statusChangeRequest(event, status));
      showToast('success', saved.status === 'published' ? t('publish.published') : t('publish.draftAgain'));
    } catch (error) {
      // A refusal naming a field of the form below (400) is still said here: the panel has no fields.
      setFailure(formFailure(error) ?? (isApiError(error) && error.status === 400 ? error.msg : null));
    }
  };
  const refusal = failure ? (
    <Alert
      color="red"
      role="alert"
      title={event.status === 'published' ? t('publish.notUnpublished') : t('publish.notPublished')}
    >
      {failure}
    </Alert>
  ) : null;

  if (event.status === 'published') {
    return (
      <Paper withBorder radius="lg" p="md" mb="md" maw={820} data-testid="publish-panel">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('publish.isPublished')}</Text>
          <Group gap="xs">
            <Button component={Link} to={`/${encodeURIComponent(event.slug)}`} variant="light">
              {t('links.public')}
            </Button>
            <Button variant="outline" loading={save.isPending} onClick={() => void changeStatus('draft')}>
              {t('publish.unpublish')}
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
          {justCreated ? t('publish.nextSteps') : t('publish.title')}
        </Title>
        {justCreated ? (
          <Text size="sm">{t('publish.addTickets')}</Text>
        ) : (
          <Text size="sm">{t('publish.draftHint')}</Text>
        )}
        {tickets.isError ? (
          <Alert color="red" title={t('publish.ticketsFailed')}>
            {t('publish.reload')}
          </Alert>
        ) : null}
        <List spacing={6} size="sm" center aria-label={t('publish.before')} data-testid="publish-checklist">
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
                {check.done ? t('publish.done') : check.required ? t('publish.missing') : t('publish.notYet')}
              </Text>
              {check.key === 'tickets' && !check.done ? (
                <Text span size="sm">
                  {' '}
                  (<Link to={ticketsTo}>{t('publish.addTicketsLink')}</Link>)
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
        {refusal}
        <Group gap="xs">
          <Button component={Link} to={ticketsTo} variant="light">
            {t('publish.addTicketsButton')}
          </Button>
          <Button disabled={!ready} loading={save.isPending} onClick={() => void changeStatus('published')}>
            {t('publish.publish')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
