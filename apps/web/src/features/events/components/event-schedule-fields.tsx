import { Alert, List, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DateTimeFields } from '../../../components/date-input/date-time-fields';
import { validateIfChanged } from '../../../lib/use-schema-form';
import type { EventFormValues } from '../event-form-values';
import { scheduleNotes } from '../schedule-notes';

type DateField = 'startDate' | 'endDate' | 'registrationOpensDate' | 'registrationClosesDate';
type TimeField = 'startTime' | 'endTime' | 'registrationOpensTime' | 'registrationClosesTime';

interface MomentProps {
  form: UseFormReturnType<EventFormValues>;
  label: string;
  dateField: DateField;
  timeField: TimeField;
  required?: boolean;
}

function Moment({ form, label, dateField, timeField, required }: MomentProps) {
  const { t } = useTranslation('events');
  return (
    <DateTimeFields
      label={label}
      required={required}
      description={required ? undefined : t('form.optional')}
      date={form.values[dateField]}
      time={form.values[timeField]}
      onDateChange={(date) => form.setFieldValue(dateField, date)}
      onTimeChange={(time) => form.setFieldValue(timeField, time)}
      onDateBlur={() => validateIfChanged(form, dateField)}
      onTimeBlur={() => validateIfChanged(form, timeField)}
      datePath={dateField}
      timePath={timeField}
      dateError={form.errors[dateField]}
      timeError={form.errors[timeField]}
    />
  );
}

/** Start, end and the optional registration window, each a day and a time in the event's zone. */
export function EventScheduleFields({ form }: { form: UseFormReturnType<EventFormValues> }) {
  const { t } = useTranslation('events');
  const notes = scheduleNotes(form.values);
  return (
    <Stack gap="md">
      <Moment form={form} label={t('form.start')} dateField="startDate" timeField="startTime" required />
      <Moment form={form} label={t('form.end')} dateField="endDate" timeField="endTime" required />
      {notes.length > 0 ? (
        // A warning, not a refusal: saving stays possible (the server refuses an end before the start).
        <Alert color="orange" role="status" title={t('form.checkDates')} data-testid="schedule-notes">
          <List size="sm">
            {notes.map((note) => (
              <List.Item key={note}>{t(`scheduleNotes.${note}`)}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('form.windowHint')}
      </Text>
      <Moment form={form} label={t('form.opens')} dateField="registrationOpensDate" timeField="registrationOpensTime" />
      <Moment
        form={form}
        label={t('form.closes')}
        dateField="registrationClosesDate"
        timeField="registrationClosesTime"
      />
    </Stack>
  );
}
