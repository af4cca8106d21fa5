import { ZUpdateAttendeeRequest, type TAttendeeListItem } from '@clubtix/contract';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { applyServerErrors, focusFirstError } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { QuestionField } from '../../forms/components/question-field';
import { useFormQuestions } from '../../forms/api';
import { useUpdateAttendee } from '../api';
import {
  editAnswerErrors,
  initialEditValues,
  isTransfer,
  toUpdateRequest,
  type Answer,
  type AttendeeEditValues,
} from '../attendee-edit-values';

function EditAttendeeForm({
  eventId,
  attendee,
  onDone,
}: {
  eventId: string;
  attendee: TAttendeeListItem;
  onDone: () => void;
}) {
  const { t } = useTranslation('attendees');
  const questions = (useFormQuestions(eventId).data ?? []).filter((question) => question.perAttendee);
  const save = useUpdateAttendee(eventId);
  const ids = { eventId, attendeeId: attendee.attendeeId };
  const form = useSchemaForm<AttendeeEditValues>(ZUpdateAttendeeRequest, initialEditValues(attendee), {
    toRequest: (values) => toUpdateRequest(values, ids),
    check: (values) => editAnswerErrors(values, questions),
  });
  const transfer = isTransfer(attendee.email, form.values.email);

  const submit = form.onSubmit(
    async (values) => {
      try {
        await save.mutateAsync(toUpdateRequest(values, ids));
        onDone();
      } catch (error) {
        applyServerErrors(form, error);
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('edit.firstName')} required data-autofocus {...form.getInputProps('firstName')} />
        <TextInput label={t('edit.lastName')} required {...form.getInputProps('lastName')} />
        <TextInput label={t('edit.email')} type="email" inputMode="email" required {...form.getInputProps('email')} />
        {transfer ? (
          <Alert color="blue" title={t('edit.transferTitle')}>
            {t('edit.transferText', { email: form.values.email.trim() })}
          </Alert>
        ) : null}
        {questions.map((question) => {
          const path = `answers.${question.id}`;
          return (
            <QuestionField
              key={question.id}
              question={question}
              value={form.values.answers[question.id]}
              onChange={(value: Answer) => {
                form.setFieldValue(path, value);
                form.clearFieldError(path);
              }}
              error={form.errors[path]}
            />
          );
        })}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {transfer ? t('edit.saveAndSend') : t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Edit attendee": names, e-mail (a new one is a transfer) and the event's per-attendee questions. */
export function EditAttendeeDialog({
  eventId,
  attendee,
  opened,
  onClose,
}: {
  eventId: string;
  attendee: TAttendeeListItem;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('attendees');
  return (
    <FormModal title={t('actions.edit')} opened={opened} onClose={onClose}>
      {opened ? <EditAttendeeForm eventId={eventId} attendee={attendee} onDone={onClose} /> : null}
    </FormModal>
  );
}
