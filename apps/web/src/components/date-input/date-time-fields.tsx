import { Grid } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from './date-input';
import type { CalendarDate } from '../../lib/date-parsing';
import { TimeInput } from './time-input';

interface DateTimeFieldsProps {
  /** Labels read "<label> date" and "<label> time": "Start date", "Start time". */
  label: string;
  /** Whole labels, where a language says "Start date" otherwise than "<label> date". */
  dateLabel?: string;
  timeLabel?: string;
  date: CalendarDate | null;
  time: string;
  onDateChange: (date: CalendarDate | null) => void;
  onTimeChange: (time: string) => void;
  onDateBlur?: () => void;
  onTimeBlur?: () => void;
  dateError?: ReactNode;
  timeError?: ReactNode;
  required?: boolean;
  /** Form paths of the two fields, so the form can focus the one in error. */
  datePath?: string;
  timePath?: string;
  /** Under both labels, e.g. "Optional". */
  description?: ReactNode;
}

/** A moment as two fields side by side, the date wider than the time, also on a phone. */
export function DateTimeFields(props: DateTimeFieldsProps) {
  const { t } = useTranslation('common');
  return (
    <Grid gap="xs" align="flex-start">
      <Grid.Col span={7}>
        <DateInput
          label={props.dateLabel ?? t('date.fieldLabel', { label: props.label })}
          description={props.description}
          required={props.required}
          value={props.date}
          onChange={props.onDateChange}
          onBlur={props.onDateBlur}
          error={props.dateError}
          dataPath={props.datePath}
        />
      </Grid.Col>
      <Grid.Col span={5}>
        <TimeInput
          label={props.timeLabel ?? t('time.fieldLabel', { label: props.label })}
          description={props.description}
          required={props.required}
          value={props.time}
          onChange={props.onTimeChange}
          onBlur={props.onTimeBlur}
          error={props.timeError}
          dataPath={props.timePath}
        />
      </Grid.Col>
    </Grid>
  );
}
