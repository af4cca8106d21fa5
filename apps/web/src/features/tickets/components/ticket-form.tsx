import { ZSaveTicketRequest, type TEvent, type TSaveTicketRequest, type TTicket } from '@clubtix/contract';
import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTimeFields } from '../../../components/date-input/date-time-fields';
import { MoneyField } from '../../../components/money-field';
import { applyServerErrors, focusFirstError } from '../../../components/form-errors';
import { useSchemaForm, validateIfChanged } from '../../../lib/use-schema-form';
import {
  checkTicketForm,
  TICKET_FIELD_OF,
  ticketFormToRequest,
  ticketToFormValues,
  type TicketFormValues,
} from '../ticket-form-values';

interface TicketFormProps {
  event: TEvent;
  ticket?: TTicket;
  isSaving: boolean;
  onSave: (body: TSaveTicketRequest) => Promise<unknown>;
  onCancel: () => void;
}

/** A ticket type: name, price in the event's currency, how many, per-order limit and sales window. */
export function TicketForm({ event, ticket, isSaving, onSave, onCancel }: TicketFormProps) {
  const { t } = useTranslation('tickets');
  const context = { eventId: event.id, timezone: event.timezone, ticket };
  const form = useSchemaForm<TicketFormValues>(ZSaveTicketRequest, ticketToFormValues(ticket, event.timezone), {
    toRequest: (values) => ticketFormToRequest(values, context),
    fieldOf: TICKET_FIELD_OF,
    check: checkTicketForm,
  });

  const submit = form.onSubmit(
    async (values) => {
      try {
        await onSave(ticketFormToRequest(values, context));
      } catch (error) {
        applyServerErrors(form, error, TICKET_FIELD_OF);
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('form.name')} required data-autofocus {...form.getInputProps('name')} />
        <Textarea
          label={t('form.description')}
          description={t('form.optional')}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <MoneyField label={t('form.price')} required currency={event.currency} {...form.getInputProps('price')} />
          <NumberInput
            label={t('form.quantity')}
            description={t('form.quantityHint')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('quantity')}
          />
          <NumberInput
            label={t('form.perOrder')}
            description={t('form.perOrderHint')}
            required
            min={1}
            max={100}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('maxPerOrder')}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('form.window', { zone: event.timezone })}
        </Text>
        <DateTimeFields
          label={t('form.salesStart')}
          description={t('form.optional')}
          date={form.values.salesStartDate}
          time={form.values.salesStartTime}
          onDateChange={(date) => form.setFieldValue('salesStartDate', date)}
          onTimeChange={(time) => form.setFieldValue('salesStartTime', time)}
          onDateBlur={() => validateIfChanged(form, 'salesStartDate')}
          onTimeBlur={() => validateIfChanged(form, 'salesStartTime')}
          datePath="salesStartDate"
          timePath="salesStartTime"
          dateError={form.errors.salesStartDate}
          timeError={form.errors.salesStartTime}
        />
        <DateTimeFields
          label={t('form.salesEnd')}
          description={t('form.optional')}
          date={form.values.salesEndDate}
          time={form.values.salesEndTime}
          onDateChange={(date) => form.setFieldValue('salesEndDate', date)}
          onTimeChange={(time) => form.setFieldValue('salesEndTime', time)}
          onDateBlur={() => validateIfChanged(form, 'salesEndDate')}
          onTimeBlur={() => validateIfChanged(form, 'salesEndTime')}
          datePath="salesEndDate"
          timePath="salesEndTime"
          dateError={form.errors.salesEndDate}
          timeError={form.errors.salesEndTime}
        />
        <Switch label={t('form.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        <Switch
          label={t('form.hidden')}
          description={t('form.hiddenHint')}
          {...form.getInputProps('hidden', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
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
