import { MAX_SERIES_DATES, type TEvent } from '@clubtix/contract';
import { Alert, Box, Button, Group, List, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, isApiError } from '../../../api/api-error';
import { DateInput } from '../../../components/date-input/date-input';
import { DateTimeFields } from '../../../components/date-input/date-time-fields';
import { TimeInput } from '../../../components/date-input/time-input';
import { parseTime, todayIn, type CalendarDate } from '../../../lib/date-parsing';
import { toWallClock } from '../../../lib/zoned-time';
import { showToast } from '../../../toasts/toasts';
import { formatEventDateTime } from '../../public/event-dates';
import { useAddDates } from '../api';
import { addDays, listedStarts, repeatedStarts, type PlannedStarts, type Repeat } from '../series-dates';

type Mode = Repeat | 'list';

const NOTHING: PlannedStarts = { starts: [], pastCount: 0, isTooMany: false };

/** What the server said of a refused batch: its message, then what it said of single dates. */
function refusalLines(error: unknown, fallback: string): string[] {
  if (!isApiError(error)) return [fallback];
  return [...new Set([error.msg, ...Object.values(fieldErrors(error))])];
}

/**
 * "Add dates": copies of one of the series' events at many starts (POST /series/addDates), worked
 * out and shown as a list before anything is saved. Weekly and fortnightly repeats keep the time on
 * the event's clock; at most MAX_SERIES_DATES at once, none in the past.
 */
export function AddDatesForm({ events, onClose }: { events: TEvent[]; onClose: () => void }) {
  const { t } = useTranslation('series');
  const modeLabelId = useId();
  const previewId = useId();
  const addDates = useAddDates();
  // The latest date is the usual one to copy: the newest settings of the season.
  const [sourceId, setSourceId] = useState(events[events.length - 1]?.id ?? '');
  const source = events.find((event) => event.id === sourceId);
  const timeZone = source?.timezone ?? 'UTC';
  const sourceStart = source ? toWallClock(source.startDate, timeZone) : null;
  const [mode, setMode] = useState<Mode>('weekly');
  const [first, setFirst] = useState<CalendarDate | null>(sourceStart ? addDays(sourceStart.date, 7) : null);
  const [time, setTime] = useState(sourceStart?.time ?? '');
  const [until, setUntil] = useState<CalendarDate | null>(null);
  const [days, setDays] = useState<CalendarDate[]>([]);
  const [isTimeLeft, setTimeLeft] = useState(false);
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const parsedTime = parseTime(time);
  const today = todayIn(new Date(), timeZone);

  const plan = useMemo(() => {
    if (!parsedTime) return NOTHING;
    if (mode === 'list') return listedStarts({ days, time: parsedTime, timeZone });
    if (!first || !until) return NOTHING;
    return repeatedStarts({ first, time: parsedTime, until, repeat: mode, timeZone });
  }, [mode, days, first, until, parsedTime, timeZone]);
  const canAdd = Boolean(source) && plan.starts.length > 0 && !plan.isTooMany;
  const timeError = isTimeLeft && time.trim() !== '' && !parsedTime ? t('common:time.invalid') : undefined;

  const submit = () => {
    if (!source || !canAdd) return;
    setRefusal(null);
    addDates.mutate(
      { eventId: source.id, startDates: plan.starts },
      {
        onSuccess: (copies) => {
          showToast('success', t('dates.added', { count: copies.length }));
          onClose();
        },
        onError: (error) => setRefusal(refusalLines(error, t('dates.failedText'))),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('dates.intro')}</Text>
      <NativeSelect
        label={t('dates.source')}
        required
        data={events.map((event) => ({
          value: event.id,
          label: `${event.title} · ${formatEventDateTime(event.startDate, event.timezone)}`,
        }))}
        value={sourceId}
        onChange={(event) => setSourceId(event.currentTarget.value)}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id={modeLabelId}>
          {t('dates.how')}
        </Text>
        <SegmentedControl
          aria-labelledby={modeLabelId}
          value={mode}
          onChange={setMode}
          fullWidth
          data={[
            { value: 'weekly', label: t('dates.weekly') },
            { value: 'fortnightly', label: t('dates.fortnightly') },
            { value: 'list', label: t('dates.list') },
          ]}
        />
      </Stack>
      {mode === 'list' ? (
        <>
          <DateInput
            mode="multiple"
            label={t('dates.days')}
            description={t('dates.daysHint')}
            required
            min={today}
            value={days}
            onChange={setDays}
          />
          <TimeInput
            label={t('dates.time')}
            required
            value={time}
            onChange={setTime}
            onBlur={() => setTimeLeft(true)}
            error={timeError}
          />
        </>
      ) : (
        <>
          <DateTimeFields
            label={t('dates.first')}
            required
            date={first}
            time={time}
            onDateChange={setFirst}
            onTimeChange={setTime}
            onTimeBlur={() => setTimeLeft(true)}
            timeError={timeError}
          />
          <DateInput label={t('dates.until')} required min={first ?? today} value={until} onChange={setUntil} />
        </>
      )}
      <Text size="sm" c="dimmed">
        {t('dates.zone', { zone: timeZone })}
      </Text>

      <Stack gap={6}>
        <Text fw={600} id={previewId} role="status" data-testid="dates-count">
          {plan.starts.length === 0 ? t('dates.none') : t('dates.preview', { count: plan.starts.length })}
        </Text>
        {plan.pastCount > 0 ? (
          <Text size="sm" c="dimmed" data-testid="dates-past">
            {t('dates.past', { count: plan.pastCount })}
          </Text>
        ) : null}
        {plan.isTooMany ? (
          <Alert color="orange" role="alert" title={t('dates.tooManyTitle')}>
            {t('dates.tooMany', { count: plan.starts.length, max: MAX_SERIES_DATES })}
          </Alert>
        ) : plan.starts.length > 0 ? (
          // Focusable, so a keyboard can scroll a long list (axe: scrollable-region-focusable).
          <Box
            component="section"
            aria-labelledby={previewId}
            tabIndex={0}
            mah={240}
            style={{ overflowY: 'auto' }}
            bd="1px solid var(--mantine-color-gray-3)"
            p="xs"
            data-testid="dates-preview"
          >
            <List size="sm" spacing={2}>
              {plan.starts.map((start) => (
                <List.Item key={start}>{formatEventDateTime(start, timeZone)}</List.Item>
              ))}
            </List>
          </Box>
        ) : null}
      </Stack>

      {refusal ? (
        <Alert color="red" role="alert" title={t('dates.failed')}>
          <Stack gap={4}>
            {refusal.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('dates.cancel')}
        </Button>
        <Button onClick={submit} disabled={!canAdd} loading={addDates.isPending}>
          {plan.starts.length > 0 && !plan.isTooMany
            ? t('dates.submit', { count: plan.starts.length })
            : t('dates.submitNone')}
        </Button>
      </Group>
    </Stack>
  );
}
