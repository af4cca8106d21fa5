import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../lib/date-parsing';

interface TimeInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  required?: boolean;
  description?: ReactNode;
  /** The form path, so the form can find the field to focus when it is in error. */
  dataPath?: string;
}

/**
 * A time of day typed as hh:mm (docs/product.md section 9). A text field rather than the browser's time
 * picker, which shows 12-hour times in some locales; "1830" or "6:30 pm" become "18:30" on leaving
 * the field, and the form reports anything it cannot read.
 */
export function TimeInput({ label, value, onChange, onBlur, error, required, description, dataPath }: TimeInputProps) {
  const { t } = useTranslation('common');
  return (
    <TextInput
      label={label}
      description={description}
      required={required}
      withAsterisk={false}
      placeholder={t('time.pattern')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      data-path={dataPath}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => {
        const time = parseTime(value);
        if (time && time !== value) onChange(time);
        onBlur?.();
      }}
    />
  );
}
