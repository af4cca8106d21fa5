import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Calendar } from './calendar';
import {
  compareDates,
  dateOrderForLocale,
  formatDate,
  formatDates,
  formatPattern,
  isOutsideValue,
  isSameDate,
  isSameDates,
  isWithin,
  parseDateText,
  todayIn,
  type CalendarDate,
  type DateInputMode,
} from '../../lib/date-parsing';
import { appDateLocale } from '../../lib/app-language';

/*
 * docs/product.md section 5: a typed date is read in the locale's order, mm/dd/yyyy when the locale tells
 * none. That locale is the language the person uses ClubTix in, not the browser's region
 * (docs/product.md section 24, docs/decisions/0022): English reads dd/mm/yyyy, as dates are shown
 * (section 9), so an en-US browser does not type 11/25/2026 over a heading that says 25/11/2026.
 * The placeholder says the order, and what is typed is what the field then shows.
 */

type UpdateTrigger = 'blur' | 'enter';

interface BaseProps {
  label: string;
  description?: ReactNode;
  /** An error from the form; a date that cannot be read shows its own message first. */
  error?: ReactNode;
  required?: boolean;
  locale?: string;
  min?: CalendarDate | null;
  max?: CalendarDate | null;
  /** When typed text becomes the value (docs/product.md section 5: on blur and on Enter by default). */
  updateOn?: readonly UpdateTrigger[];
  /** Called after the typed text was read on leaving the field, so the form can validate it. */
  onBlur?: () => void;
  /** "Today" and the base for two-digit years; tests pin it. */
  now?: Date;
  /** The form path, so the form can find the field to focus when it is in error. */
  dataPath?: string;
}

interface SingleProps extends BaseProps {
  mode?: 'single';
  value: CalendarDate | null;
  onChange: (value: CalendarDate | null) => void;
}

interface ManyProps extends BaseProps {
  mode: 'range' | 'multiple';
  value: CalendarDate[];
  onChange: (value: CalendarDate[]) => void;
}

export type DateInputProps = SingleProps | ManyProps;

function isMany(props: DateInputProps): props is ManyProps {
  return props.mode === 'range' || props.mode === 'multiple';
}

const DEFAULT_TRIGGERS: readonly UpdateTrigger[] = ['blur', 'enter'];

function CalendarIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 11h18" />
    </svg>
  );
}

/** A date field that takes typed dates in the locale's order, with a 42-day calendar to pick from. */
export function DateInput(props: DateInputProps) {
  // Subscribed to the language: the typed order, the calendar's names and the messages follow it.
  const { t } = useTranslation('common');
  const {
    label,
    description,
    error,
    required,
    locale = appDateLocale(),
    min,
    max,
    updateOn = DEFAULT_TRIGGERS,
    onBlur,
    now,
    dataPath,
  } = props;
  const mode: DateInputMode = props.mode ?? 'single';
  const dates: CalendarDate[] = isMany(props) ? props.value : props.value ? [props.value] : [];
  const order = dateOrderForLocale(locale);
  const pattern = formatPattern(order);
  const show = (values: readonly CalendarDate[]) => formatDates(values, mode, order);

  const [opened, { close, toggle }] = useDisclosure(false);
  const [text, setText] = useState(() => show(dates));
  const [lastSeen, setLastSeen] = useState<CalendarDate[]>(dates);
  const [reported, setReported] = useState<CalendarDate[] | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  // A value set from outside (a form reset) replaces the text; adjusting state while rendering, as
  // React recommends, avoids a second paint with the old text.
  if (isOutsideValue(dates, lastSeen, reported)) {
    setText(show(dates));
    setReadError(null);
  }
  if (!isSameDates(dates, lastSeen)) {
    setLastSeen(dates);
    setReported(null);
  }

  const emit = (values: CalendarDate[]) => {
    // Remember what the text now stands for, so the render above keeps the typed text.
    setReported(values);
    if (isMany(props)) props.onChange(values);
    else props.onChange(values[0] ?? null);
  };

  const commit = () => {
    const result = parseDateText(text, mode, { order, now: now ?? new Date() });
    if (!result.ok) {
      setReadError(t('date.enterAs', { pattern: localPattern(t, pattern) }));
      // The form must not keep a date the field no longer shows.
      emit([]);
      return;
    }
    const outside = result.dates.find((date) => !isWithin(date, min, max));
    if (outside) {
      setReadError(boundsMessage(t, order, min, max));
      emit([]);
      return;
    }
    setReadError(null);
    setText(show(result.dates));
    emit(result.dates);
  };

  const pick = (date: CalendarDate) => {
    setReadError(null);
    if (mode === 'single') {
      emit([date]);
      setText(show([date]));
      close();
      return;
    }
    let next: CalendarDate[];
    if (mode === 'multiple') {
      next = dates.some((selected) => isSameDate(selected, date))
        ? dates.filter((selected) => !isSameDate(selected, date))
        : [...dates, date].sort(compareDates);
    } else {
      // A range: the first pick starts it, the second ends it, a third starts again.
      const start = dates[0];
      next = dates.length === 1 && start ? [start, date].sort(compareDates) : [date];
    }
    emit(next);
    setText(show(next));
  };

  const today = todayIn(now ?? new Date());
  return (
    // withRoles off: the text box is not the popup trigger; the calendar button carries aria-expanded.
    <Popover opened={opened} onDismiss={close} position="bottom-start" trapFocus returnFocus withRoles={false}>
      <Popover.Target>
        <TextInput
          label={label}
          description={description}
          required={required}
          withAsterisk={false}
          placeholder={
            mode === 'single' ? localPattern(t, pattern) : `${localPattern(t, pattern)} – ${localPattern(t, pattern)}`
          }
          inputMode="numeric"
          autoComplete="off"
          data-path={dataPath}
          value={text}
          error={readError ?? error}
          onChange={(event) => setText(event.currentTarget.value)}
          onBlur={() => {
            if (updateOn.includes('blur')) commit();
            onBlur?.();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && updateOn.includes('enter')) {
              // Enter reads the date instead of submitting the form half-typed.
              event.preventDefault();
              commit();
            }
          }}
          rightSection={
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('date.openCalendar', { label })}
              aria-expanded={opened}
              onClick={toggle}
            >
              <CalendarIcon />
            </ActionIcon>
          }
        />
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Calendar mode={mode} value={dates} onPick={pick} today={today} locale={locale} min={min} max={max} />
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The pattern as the language writes its letters: "dd/mm/yyyy" in English, "jj/mm/aaaa" in French.
 * The order is the locale's; only the letters are the catalogue's.
 */
function localPattern(t: TFunction, pattern: string): string {
  return pattern
    .replace('dd', t('date.letters.day'))
    .replace('mm', t('date.letters.month'))
    .replace('yyyy', t('date.letters.year'));
}

function boundsMessage(
  t: TFunction,
  order: ReturnType<typeof dateOrderForLocale>,
  min?: CalendarDate | null,
  max?: CalendarDate | null,
): string {
  if (min && max) return t('date.between', { min: formatDate(min, order), max: formatDate(max, order) });
  if (min) return t('date.onOrAfter', { min: formatDate(min, order) });
  if (max) return t('date.onOrBefore', { max: formatDate(max, order) });
  return t('date.another');
}
