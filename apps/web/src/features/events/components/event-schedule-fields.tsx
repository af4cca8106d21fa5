import { Alert, List, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
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
  return (
    <DateTimeFields
      label={label}
      required={required}
      description={required ? undefined : 'Optional'}
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
  const notes = scheduleNotes(form.values);
  return (
    <Stack gap="md">
      <Moment form={form} label="Start" dateField="startDate" timeField="startTime" required />
      <Moment form={form} label="End" dateField="endDate" timeField="endTime" required />
      {notes.length > 0 ? (
        // A warning, not a refusal: saving stays possible (the server refuses an end before the start).
        <Alert color="orange" role="status" title="Check the dates" data-testid="schedule-notes">
          <List size="sm">
            {notes.map((note) => (
              <List.Item key={note}>{note}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        Registration window, if registration opens or closes at set times. A day given without a time opens at 00:00 and
        closes at 23:59.
      </Text>
      <Moment
        form={form}
        label="Registration opens"
        dateField="registrationOpensDate"
        timeField="registrationOpensTime"
      />
      <Moment
        form={form}
        label="Registration closes"
        dateField="registrationClosesDate"
        timeField="registrationClosesTime"
      />
    </Stack>
  );
}
