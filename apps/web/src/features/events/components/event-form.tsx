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
import { Link } from 'react-router';
import { ImageDropzone } from '../../../components/image-dropzone';
import { applyServerErrors, focusFirstError } from '../../../lib/form-errors';
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
import { EVENT_STATUS_LABELS } from './event-status-badge';

// Section titles of a long form: as prominent as a heading, still the fieldset's accessible name.
const LEGEND_STYLES = { legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', marginBottom: 8 } };

interface EventFormProps {
  event?: TEvent;
  isSaving: boolean;
  onSave: (body: TSaveEventRequest) => Promise<unknown>;
}

/** Event fields for add (no event) and edit, checked with the contract's save schema first. */
export function EventForm({ event, isSaving, onSave }: EventFormProps) {
  const form = useSchemaForm<EventFormValues>(
    ZSaveEventRequest,
    eventToFormValues(event, { timezone: browserTimeZone() }),
    { toRequest: (values) => formValuesToRequest(values, event?.id), fieldOf: EVENT_FIELD_OF, check: checkEventForm },
  );
  const timeZones = useMemo(() => supportedTimeZones(), []);
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
    ? `Optional. The event page will be /${typedSlug}`
    : `Optional. Leave empty to use the title: ${titleSlug || '…'}`;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend="About the event" variant="unstyled" styles={LEGEND_STYLES}>
          <Stack gap="md">
            <TextInput label="Title" required {...form.getInputProps('title')} />
            <TextInput
              label="Slug"
              description={slugHint}
              placeholder={titleSlug || 'summer-gala'}
              autoCapitalize="none"
              spellCheck={false}
              {...form.getInputProps('slug')}
            />
            <Textarea
              label="Description"
              description="Optional"
              autosize
              minRows={3}
              maxRows={12}
              {...form.getInputProps('description')}
            />
            <ImageDropzone
              label="Banner"
              idleText="Drag a banner image here"
              touchText="Choose a banner image"
              clearText="Clear banner"
              previewPosition="top"
              value={form.values.bannerUrl}
              onChange={(url) => form.setFieldValue('bannerUrl', url)}
              preview={<EventBanner title={form.values.title} bannerUrl={form.values.bannerUrl} />}
              error={form.errors.bannerUrl}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend="Where and when" variant="unstyled" styles={LEGEND_STYLES}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Venue" description="Optional" {...form.getInputProps('venue')} />
              <TextInput
                label="Address"
                description="Optional"
                autoComplete="street-address"
                {...form.getInputProps('address')}
              />
            </SimpleGrid>
            <Select
              label="Time zone"
              description="Dates and times below are in this zone"
              required
              searchable
              allowDeselect={false}
              data={timeZones}
              limit={50}
              nothingFoundMessage="No time zone matches"
              {...form.getInputProps('timezone')}
            />
            <EventScheduleFields form={form} />
          </Stack>
        </Fieldset>

        <Fieldset legend="Sales" variant="unstyled" styles={LEGEND_STYLES}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NativeSelect
                label="Currency"
                required
                data={CURRENCIES.map((currency) => ({
                  value: currency,
                  label: `${currencyCode(currency)} (${CURRENCY_SIGNS[currency]})`,
                }))}
                {...form.getInputProps('currency')}
              />
              <NumberInput
                label="Capacity"
                description="Optional. Leave empty for no limit"
                min={1}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('capacity')}
              />
              <NumberInput
                label="Max tickets per order"
                required
                min={1}
                max={100}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('maxTicketsPerOrder')}
              />
              <NumberInput
                label="Reminder, hours before the start"
                description="Optional. Each attendee gets one e-mail with their ticket this long before; leave empty for none"
                min={1}
                max={720}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('reminderHoursBefore')}
              />
            </SimpleGrid>
            <Switch label="Accept donations" {...form.getInputProps('donationsEnabled', { type: 'checkbox' })} />
            <Switch label="Accept sponsorships" {...form.getInputProps('sponsorshipsEnabled', { type: 'checkbox' })} />
            <Switch
              label="Confirm free bookings by e-mail"
              description="A free booking stays on hold until the buyer opens the link we e-mail them; if they do not before the hold ends, the places go back on sale. This stops free places being taken with made-up addresses."
              {...form.getInputProps('confirmFreeByEmail', { type: 'checkbox' })}
            />
            <Radio.Group
              label="Status"
              description="Only published events appear on public pages"
              {...form.getInputProps('status')}
            >
              <Group gap="lg" mt={6}>
                {EVENT_STATUSES.map((status) => (
                  <Radio key={status} value={status} label={EVENT_STATUS_LABELS[status]} />
                ))}
              </Group>
            </Radio.Group>
          </Stack>
        </Fieldset>

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/dashboard/admin" variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            Save event
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
