import { ZDuplicateEventRequest, type TEvent } from '@clubtix/contract';
import { Alert, Button, Group, Stack, Text, TextInput, type ButtonProps } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateTimeFields } from '../../../components/date-input/date-time-fields';
import { applyServerErrors, focusFirstError, formFailure } from '../../../components/form-errors';
import { FormModal } from '../../../components/form-modal';
import { i18n } from '../../../i18n/i18n';
import type { CalendarDate } from '../../../lib/date-parsing';
import { checkRequiredMoment, momentToIso } from '../../../lib/moment-fields';
import { useSchemaForm, validateIfChanged } from '../../../lib/use-schema-form';
import { showToast } from '../../../toasts/toasts';
import { useDuplicateEvent } from '../api';

interface DuplicateValues extends Record<string, unknown> {
  startDate: CalendarDate | null;
  startTime: string;
  title: string;
}

function toRequest(event: TEvent, values: DuplicateValues) {
  return {
    eventId: event.id,
    startDate: momentToIso(values.startDate, values.startTime, event.timezone),
    title: values.title,
  };
}

/** The start's own checks, in the fields' words; a start already past is refused before asking the server. */
function checkStart(event: TEvent, values: DuplicateValues, now = Date.now()): FormErrors {
  const errors: FormErrors = {};
  // The dialog loads the `events` catalogue before it validates.
  const label = i18n.t('events:duplicate.start');
  checkRequiredMoment(
    errors,
    { dateField: 'startDate', timeField: 'startTime', date: values.startDate, time: values.startTime },
    label,
  );
  const start = momentToIso(values.startDate, values.startTime, event.timezone);
  if (start && Date.parse(start) <= now) errors.startDate = i18n.t('events:duplicate.pastStart');
  return errors;
}

function DuplicateForm({ event, onClose }: { event: TEvent; onClose: () => void }) {
  const { t } = useTranslation('events');
  const navigate = useNavigate();
  const duplicate = useDuplicateEvent();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm<DuplicateValues>(
    ZDuplicateEventRequest,
    { startDate: null, startTime: '', title: event.title },
    { toRequest: (values) => toRequest(event, values), check: (values) => checkStart(event, values) },
  );

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      const { startDate, title } = toRequest(event, values);
      if (!startDate) return;
      duplicate.mutate(
        { eventId: event.id, startDate, title },
        {
          onSuccess: (copy) => {
            showToast('success', t('duplicate.done', { title: copy.title }));
            onClose();
            void navigate(`/tour/edit/${encodeURIComponent(copy.id)}`);
          },
          onError: (error) => {
            // A refused start ("in the past") comes back on the request's startDate: the date field.
            applyServerErrors(form, error);
            setFailure(formFailure(error));
          },
        },
      );
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('duplicate.intro', { title: event.title })}</Text>
        <DateTimeFields
          label={t('duplicate.start')}
          required
          date={form.values.startDate}
          time={form.values.startTime}
          onDateChange={(date) => form.setFieldValue('startDate', date)}
          onTimeChange={(time) => form.setFieldValue('startTime', time)}
          onDateBlur={() => validateIfChanged(form, 'startDate')}
          onTimeBlur={() => validateIfChanged(form, 'startTime')}
          datePath="startDate"
          timePath="startTime"
          dateError={form.errors.startDate}
          timeError={form.errors.startTime}
        />
        <Text size="sm" c="dimmed" mt={-8}>
          {t('duplicate.zone', { zone: event.timezone })}
        </Text>
        <TextInput label={t('duplicate.newTitle')} required maxLength={200} {...form.getInputProps('title')} />
        {failure ? (
          <Alert color="red" role="alert" title={t('duplicate.failed')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('duplicate.cancel')}
          </Button>
          <Button type="submit" loading={duplicate.isPending}>
            {t('duplicate.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Duplicate": a draft copy of the event at a new start (POST /event/duplicate), opened next; in a
 * list `named` puts the event's title in the button's name, so each row's button says whose it is.
 */
export function DuplicateEventButton({
  event,
  named = false,
  ...buttonProps
}: { event: TEvent; named?: boolean } & Omit<ButtonProps, 'children'>) {
  const { t } = useTranslation('events');
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="default"
        {...buttonProps}
        onClick={open}
        aria-label={named ? t('duplicate.buttonOf', { title: event.title }) : undefined}
      >
        {t('duplicate.button')}
      </Button>
      <FormModal title={t('duplicate.title')} opened={opened} onClose={close}>
        {/* Mounted only while open: each opening starts from an empty start and the event's title. */}
        {opened ? <DuplicateForm event={event} onClose={close} /> : null}
      </FormModal>
    </>
  );
}
