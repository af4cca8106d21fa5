import {
  CURRENCIES,
  EVENT_STATUSES,
  slugify,
  ZSaveEventRequest,
  type TEvent,
  type TSaveEventRequest,
} from '@clubtix/contract';
import {
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ImageDropzone } from '../../../components/image-dropzone';
import { applyServerErrors, focusFirstError } from '../../../components/form-errors';
import { CURRENCY_SIGNS, currencyCode } from '../../../lib/money-input';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { browserTimeZone, supportedTimeZones } from '../../../lib/zoned-time';
import {
  checkEventForm,
  EVENT_FIELD_OF,
  eventToFormValues,
  formValuesToRequest,
  type EventFormValues,
} from '../event-form-values';
import { EventBanner } from './event-banner';
import { EventScheduleFields } from './event-schedule-fields';
import { EVENT_STATUS_KEYS } from '../../event-admin/event-status-badge';
import { useSession } from '../../../session/session';
import { useClubSeriesChoices } from '../api';

// Section titles of a long form: as prominent as a heading, still the fieldset's accessible name.
const LEGEND_STYLES = { legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', marginBottom: 8 } };

interface EventFormProps {
  event?: TEvent;
  isSaving: boolean;
  onSave: (body: TSaveEventRequest) => Promise<unknown>;
}

/** Event fields for add (no event) and edit, checked with the contract's save schema first. */
export function EventForm({ event, isSaving, onSave }: EventFormProps) {
  const { t } = useTranslation('events');
  const form = useSchemaForm<EventFormValues>(
    ZSaveEventRequest,
    eventToFormValues(event, { timezone: browserTimeZone() }),
    { toRequest: (values) => formValuesToRequest(values, event?.id), fieldOf: EVENT_FIELD_OF, check: checkEventForm },
  );
  const timeZones = useMemo(() => supportedTimeZones(), []);
  const sessionClubId = useSession().user?.clubId;
  const series = useClubSeriesChoices(event?.clubId ?? sessionClubId);
  // The event's own series stays a choice while the list loads, so the field never shows "None" for it.
  const seriesChoices = [
    { value: '', label: t('form.noSeries') },
    ...(series.data ?? []).map((item) => ({ value: item.id, label: item.name })),
    ...(form.values.seriesId && !series.data?.some((item) => item.id === form.values.seriesId)
      ? [{ value: form.values.seriesId, label: t('form.seriesLoading') }]
      : []),
  ];
  const titleSlug = slugify(form.values.title);
  const typedSlug = slugify(form.values.slug);

  const submit = form.onSubmit(
    async (values) => {
      try {
        await onSave(formValuesToRequest(values, event?.id));
      } catch (error) {
        // A 409 on the slug comes back with the path "slug" and lands on that field.
        applyServerErrors(form, error, EVENT_FIELD_OF);
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  const slugHint = typedSlug
    ? t('form.slugHintTyped', { slug: typedSlug })
    : t('form.slugHintEmpty', { slug: titleSlug || '…' });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('form.about')} variant="unstyled" styles={LEGEND_STYLES}>
          <Stack gap="md">
            <TextInput label={t('form.title')} required {...form.getInputProps('title')} />
            <TextInput
              label={t('form.slug')}
              description={slugHint}
              placeholder={titleSlug || t('form.slugPlaceholder')}
              autoCapitalize="none"
              spellCheck={false}
              {...form.getInputProps('slug')}
            />
            <Textarea
              label={t('form.description')}
              description={t('form.optional')}
              autosize
              minRows={3}
              maxRows={12}
              {...form.getInputProps('description')}
            />
            <ImageDropzone
              label={t('form.banner')}
              idleText={t('form.bannerIdle')}
              touchText={t('form.bannerTouch')}
              clearText={t('form.bannerClear')}
              previewPosition="top"
              value={form.values.bannerUrl}
              onChange={(url) => form.setFieldValue('bannerUrl', url)}
              preview={<EventBanner title={form.values.title} bannerUrl={form.values.bannerUrl} />}
              error={form.errors.bannerUrl}
            />
            <NativeSelect
              label={t('form.series')}
              description={t('form.seriesHint')}
              data={seriesChoices}
              {...form.getInputProps('seriesId')}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('form.whereWhen')} variant="unstyled" styles={LEGEND_STYLES}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('form.venue')} description={t('form.optional')} {...form.getInputProps('venue')} />
              <TextInput
                label={t('form.address')}
                description={t('form.optional')}
                autoComplete="street-address"
                {...form.getInputProps('address')}
              />
            </SimpleGrid>
            <Select
              label={t('form.timezone')}
              description={t('form.timezoneHint')}
              required
              searchable
              allowDeselect={false}
              data={timeZones}
              limit={50}
              nothingFoundMessage={t('form.noTimezone')}
              {...form.getInputProps('timezone')}
            />
            <EventScheduleFields form={form} />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('form.sales')} variant="unstyled" styles={LEGEND_STYLES}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NativeSelect
                label={t('form.currency')}
                required
                data={CURRENCIES.map((currency) => ({
                  value: currency,
                  label: `${currencyCode(currency)} (${CURRENCY_SIGNS[currency]})`,
                }))}
                {...form.getInputProps('currency')}
              />
              <NumberInput
                label={t('form.capacity')}
                description={t('form.capacityHint')}
                min={1}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('capacity')}
              />
              <NumberInput
                label={t('form.maxPerOrder')}
                required
                min={1}
                max={100}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('maxTicketsPerOrder')}
              />
              <NumberInput
                label={t('form.reminder')}
                description={t('form.reminderHint')}
                min={1}
                max={720}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('reminderHoursBefore')}
              />
            </SimpleGrid>
            <Switch label={t('form.donations')} {...form.getInputProps('donationsEnabled', { type: 'checkbox' })} />
            <Switch
              label={t('form.sponsorships')}
              {...form.getInputProps('sponsorshipsEnabled', { type: 'checkbox' })}
            />
            <Switch
              label={t('form.confirmFree')}
              description={t('form.confirmFreeHint')}
              {...form.getInputProps('confirmFreeByEmail', { type: 'checkbox' })}
            />
            <Radio.Group label={t('form.status')} description={t('form.statusHint')} {...form.getInputProps('status')}>
              <Group gap="lg" mt={6}>
                {EVENT_STATUSES.map((status) => (
                  <Radio key={status} value={status} label={t(EVENT_STATUS_KEYS[status])} />
                ))}
              </Group>
            </Radio.Group>
          </Stack>
        </Fieldset>

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/dashboard/admin" variant="default">
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={isSaving}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
