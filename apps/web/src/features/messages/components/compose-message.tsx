import {
  fillPlaceholders,
  MESSAGE_PLACEHOLDERS,
  unknownPlaceholder,
  ZSendMessageRequest,
  type TEvent,
  type TSendMessageRequest,
  type TTicket,
} from '@clubtix/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { AUDIENCE_KEYS, peopleText, toAudience, type AudienceChoice } from '../audience';
import { currentLocale } from '../../../i18n/i18n';
import { countAudience, useSendMessage } from '../api';

interface ComposeValues {
  subject: string;
  body: string;
  audience: AudienceChoice;
  ticketIds: string[];
}

/** Marks where the people go in the translated sentence, so they can be set in bold wherever it puts them. */
const SLOT = '\u0000';

function Emphasised({ text, slot, children }: { text: string; slot: string; children: string }) {
  const [before = '', after = ''] = text.split(slot);
  return (
    <>
      {before}
      <strong>{children}</strong>
      {after}
    </>
  );
}

const KNOWN = MESSAGE_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');

const EMPTY: ComposeValues = { subject: '', body: '', audience: 'all', ticketIds: [] };

/** What the admin is asked before the message goes: how many people, and the mails the club has left. */
interface Pending {
  request: TSendMessageRequest;
  recipients: number;
  remainingToday: number | null;
}

/**
 * Write to the event's attendees (docs/product.md section 21): subject and text (sent as plain text),
 * who to, a preview as the mail reads, a test to oneself, and a confirmation with the count first.
 */
export function ComposeMessage({ event, tickets }: { event: TEvent; tickets: TTicket[] }) {
  const { t } = useTranslation('messages');
  /** The server refuses a `{name}` it cannot fill (contract messages.ts): said here before sending. */
  const unknownIn = (text: string) => {
    const unknown = unknownPlaceholder(text);
    return unknown ? t('compose.unknownPlaceholder', { placeholder: unknown, known: KNOWN }) : null;
  };
  /** The preview reads as a sample attendee's mail will. */
  const sample = {
    firstName: t('compose.sampleFirstName'),
    lastName: t('compose.sampleLastName'),
    eventTitle: event.title,
  };
  const form = useForm<ComposeValues>({
    initialValues: EMPTY,
    validate: {
      subject: (value) => (value.trim() ? unknownIn(value) : t('compose.subjectRequired')),
      body: (value) => (value.trim() ? unknownIn(value) : t('compose.messageRequired')),
      ticketIds: (value, values) =>
        values.audience === 'tickets' && value.length === 0 ? t('compose.ticketsRequired') : null,
    },
  });
  const send = useSendMessage(event.id);
  const [preview, setPreview] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [counting, setCounting] = useState(false);
  const [countError, setCountError] = useState<string | null>(null);

  const request = (values: ComposeValues, test = false): TSendMessageRequest | null => {
    const audience = toAudience(values.audience, values.ticketIds);
    if (!audience) return null;
    return { eventId: event.id, subject: values.subject, body: values.body, audience, ...(test ? { test } : {}) };
  };

  const review = form.onSubmit(async (values) => {
    const body = request(values);
    if (!body || !ZSendMessageRequest.safeParse(body).success) return;
    setCounting(true);
    setCountError(null);
    try {
      const counted = await countAudience(body);
      setPending({ request: body, recipients: counted.recipients, remainingToday: counted.remainingToday });
    } catch (error) {
      setCountError(isApiError(error) ? error.msg : t('compose.countFailed'));
    } finally {
      setCounting(false);
    }
  });

  const sendTest = () => {
    if (form.validate().hasErrors) return;
    const body = request(form.getValues(), true);
    if (body) send.mutate(body);
  };

  const overLimit = pending && pending.remainingToday !== null && pending.recipients > pending.remainingToday;
  return (
    <Paper component="section" aria-labelledby="compose-heading" withBorder radius="md" p="md">
      <form onSubmit={review} noValidate>
        <Stack gap="sm">
          <Text component="h2" id="compose-heading" fw={700} fz="lg">
            {t('compose.title')}
          </Text>
          <Radio.Group label={t('compose.sendTo')} {...form.getInputProps('audience')}>
            <Stack gap={6} mt={6}>
              {(Object.keys(AUDIENCE_KEYS) as AudienceChoice[]).map((choice) => (
                <Radio key={choice} value={choice} label={t(AUDIENCE_KEYS[choice])} />
              ))}
            </Stack>
          </Radio.Group>
          {form.getValues().audience === 'tickets' ? (
            <MultiSelect
              label={t('compose.ticketTypes')}
              data={tickets.map((ticket) => ({ value: ticket.id, label: ticket.name }))}
              {...form.getInputProps('ticketIds')}
            />
          ) : null}
          <TextInput label={t('compose.subject')} required maxLength={150} {...form.getInputProps('subject')} />
          <Textarea
            label={t('compose.message')}
            description={`${t('compose.messageHint')}. ${t('compose.placeholdersHint', { known: KNOWN })}`}
            required
            autosize
            minRows={5}
            maxLength={10_000}
            {...form.getInputProps('body')}
          />
          {countError ? (
            <Alert color="red" role="alert">
              {countError}
            </Alert>
          ) : null}
          <Group gap="sm" justify="flex-end">
            <Button variant="default" onClick={() => setPreview(true)} disabled={!form.getValues().body.trim()}>
              {t('compose.preview')}
            </Button>
            <Button variant="light" onClick={sendTest} loading={send.isPending && send.variables?.test === true}>
              {t('compose.test')}
            </Button>
            <Button type="submit" loading={counting}>
              {t('compose.send')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={preview} onClose={() => setPreview(false)} title={t('compose.preview')} size="lg">
        <Stack gap="xs">
          <Text size="sm" data-testid="preview-sample">
            {t('compose.sampleNote', { name: `${sample.firstName} ${sample.lastName}` })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('compose.subject')}
          </Text>
          <Text fw={600}>{fillPlaceholders(form.getValues().subject, sample) || t('compose.noSubject')}</Text>
          <Text size="sm" c="dimmed">
            {t('compose.message')}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="message-preview">
            {fillPlaceholders(form.getValues().body, sample)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('compose.footer', { title: event.title })}
          </Text>
        </Stack>
      </Modal>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t('compose.confirmTitle')}>
        {pending ? (
          <Stack gap="sm">
            <Text>
              <Emphasised text={t('compose.goesTo', { people: SLOT })} slot={SLOT}>
                {peopleText(pending.recipients)}
              </Emphasised>
            </Text>
            {pending.remainingToday !== null ? (
              <Text size="sm" c="dimmed" data-testid="mails-left">
                {t('mailsLeft', {
                  count: pending.remainingToday,
                  shown: pending.remainingToday.toLocaleString(currentLocale()),
                })}
              </Text>
            ) : null}
            {overLimit ? (
              <Alert color="red" role="alert">
                {t('compose.overLimit')}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setPending(null)}>
                {t('compose.cancel')}
              </Button>
              <Button
                disabled={pending.recipients === 0 || Boolean(overLimit)}
                loading={send.isPending}
                onClick={() =>
                  send.mutate(pending.request, {
                    onSuccess: () => {
                      setPending(null);
                      form.setValues(EMPTY);
                    },
                  })
                }
              >
                {t('compose.sendToPeople', { people: peopleText(pending.recipients) })}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}
