import { ActionIcon, Group, NativeSelect, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, addMonths, clampDay, monthGrid, weekStartForLocale, yearRange } from './calendar-math';
import { compareDates, isSameDate, isWithin, type CalendarDate, type DateInputMode } from '../../lib/date-parsing';
import classes from './calendar.module.css';

interface CalendarProps {
  mode: DateInputMode;
  value: readonly CalendarDate[];
  /** Picks a day; the field decides what that means for a range or a list. */
  onPick: (date: CalendarDate) => void;
  today: CalendarDate;
  locale: string;
  min?: CalendarDate | null;
  max?: CalendarDate | null;
}

function toUtc(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day);
}

function keyOf(date: CalendarDate): string {
  return `${date.year}-${date.month}-${date.day}`;
}

/** Arrow keys move by a day or a week, Page Up/Down by a month, Home/End to the week's ends. */
function moveFocus(date: CalendarDate, key: string, weekStart: number): CalendarDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'PageUp':
      return clampDay(date, addMonths(date, -1));
    case 'PageDown':
      return clampDay(date, addMonths(date, 1));
    case 'Home':
    case 'End': {
      const day = new Date(toUtc(date)).getUTCDay();
      const fromStart = (day - weekStart + 7) % 7;
      return addDays(date, key === 'Home' ? -fromStart : 6 - fromStart);
    }
    default:
      return null;
  }
}

/** A month view of 42 days with month and year choices, for the date input's popover. */
export function Calendar({ mode, value, onPick, today, locale, min, max }: CalendarProps) {
  const { t } = useTranslation('common');
  const weekStart = useMemo(() => weekStartForLocale(locale), [locale]);
  const [focused, setFocused] = useState<CalendarDate>(() => value[0] ?? clampToBounds(today, min, max));
  const [isKeyboardMove, setKeyboardMove] = useState(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const gridLabelId = useId();

  const month = { year: focused.year, month: focused.month };
  const days = monthGrid(month, weekStart);
  const offered = yearRange(today.year, min, max);
  // A date typed outside the usual span must still show its own year in the choice.
  const years = offered.includes(month.year) ? offered : [...offered, month.year].sort((a, b) => a - b);
  const names = useMemo(() => monthAndWeekdayNames(locale, weekStart), [locale, weekStart]);

  useEffect(() => {
    // Only after the arrow keys moved: focusing on every render would steal focus from the selects.
    if (isKeyboardMove) buttons.current.get(keyOf(focused))?.focus();
  }, [focused, isKeyboardMove]);

  const goToMonth = (target: { year: number; month: number }) => {
    setKeyboardMove(false);
    setFocused(clampDay(focused, target));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = moveFocus(focused, event.key, weekStart);
    if (!next) return;
    event.preventDefault();
    setKeyboardMove(true);
    setFocused(next);
  };

  const [rangeStart, rangeEnd] = mode === 'range' ? [value[0], value[1]] : [undefined, undefined];
  const isSelected = (date: CalendarDate) => value.some((selected) => isSameDate(selected, date));
  const isInRange = (date: CalendarDate) =>
    Boolean(rangeStart && rangeEnd && compareDates(date, rangeStart) > 0 && compareDates(date, rangeEnd) < 0);

  return (
    <Stack gap="xs" className={classes.root}>
      <Group gap={4} wrap="nowrap" justify="space-between">
        <ActionIcon
          variant="subtle"
          aria-label={t('date.previousMonth')}
          onClick={() => goToMonth(addMonths(month, -1))}
          disabled={Boolean(min && compareDates(addDays({ ...month, day: 1 }, -1), min) < 0)}
        >
          ‹
        </ActionIcon>
        <NativeSelect
          aria-label={t('date.month')}
          size="xs"
          value={String(month.month)}
          onChange={(event) => goToMonth({ year: month.year, month: Number(event.currentTarget.value) })}
          data={names.months.map((name, index) => ({ value: String(index + 1), label: name }))}
        />
        <NativeSelect
          aria-label={t('date.year')}
          size="xs"
          value={String(month.year)}
          onChange={(event) => goToMonth({ year: Number(event.currentTarget.value), month: month.month })}
          data={years.map(String)}
        />
        <ActionIcon
          variant="subtle"
          aria-label={t('date.nextMonth')}
          onClick={() => goToMonth(addMonths(month, 1))}
          disabled={Boolean(max && compareDates({ ...addMonths(month, 1), day: 1 }, max) > 0)}
        >
          ›
        </ActionIcon>
      </Group>
      <VisuallyHidden id={gridLabelId}>
        {names.months[month.month - 1]} {month.year}
      </VisuallyHidden>
      <table className={classes.grid} role="grid" aria-labelledby={gridLabelId}>
        <thead>
          <tr>
            {names.weekdays.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long}>
                <Text size="xs" c="dimmed" fw={500} span>
                  {weekday.short}
                </Text>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: 6 }, (_, week) => (
            <tr key={week}>
              {days.slice(week * 7, week * 7 + 7).map((date) => {
                const key = keyOf(date);
                const selected = isSelected(date);
                return (
                  <td key={key}>
                    <UnstyledButton
                      ref={(node: HTMLButtonElement | null) => {
                        if (node) buttons.current.set(key, node);
                        else buttons.current.delete(key);
                      }}
                      className={classes.day}
                      data-outside={date.month !== month.month || undefined}
                      data-today={isSameDate(date, today) || undefined}
                      data-selected={selected || undefined}
                      data-in-range={isInRange(date) || undefined}
                      aria-label={names.fullDate(date)}
                      aria-pressed={selected}
                      aria-current={isSameDate(date, today) ? 'date' : undefined}
                      tabIndex={isSameDate(date, focused) ? 0 : -1}
                      disabled={!isWithin(date, min, max)}
                      onKeyDown={onKeyDown}
                      onClick={() => {
                        setFocused(date);
                        onPick(date);
                      }}
                    >
                      {date.day}
                    </UnstyledButton>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Stack>
  );
}

function clampToBounds(date: CalendarDate, min?: CalendarDate | null, max?: CalendarDate | null): CalendarDate {
  if (min && compareDates(date, min) < 0) return min;
  if (max && compareDates(date, max) > 0) return max;
  return date;
}

function monthAndWeekdayNames(locale: string, weekStart: number) {
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const shortDay = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const longDay = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
  // 7 January 2024 was a Sunday: day 7 + n is weekday n.
  const weekdays = Array.from({ length: 7 }, (_, index) => {
    const instant = Date.UTC(2024, 0, 7 + ((weekStart + index) % 7));
    return { short: shortDay.format(instant), long: longDay.format(instant) };
  });
  return {
    months: Array.from({ length: 12 }, (_, index) => monthFormat.format(Date.UTC(2024, index, 1))),
    weekdays,
    fullDate: (date: CalendarDate) => full.format(toUtc(date)),
  };
}
