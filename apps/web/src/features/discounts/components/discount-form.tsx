import {
  ZSaveDiscountRequest,
  type TDiscount,
  type TEvent,
  type TSaveDiscountRequest,
  type TTicket,
} from '@clubtix/contract';
import { Button, Checkbox, Group, NumberInput, Radio, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DateTimeFields } from '../../../components/date-input/date-time-fields';
import { MoneyField } from '../../../components/money-field';
import { applyServerErrors, focusFirstError } from '../../../lib/form-errors';
import { useSchemaForm, validateIfChanged } from '../../../lib/use-schema-form';
import {
  checkDiscountForm,
  DISCOUNT_FIELD_OF,
  discountFormToRequest,
  discountToFormValues,
  type DiscountFormValues,
} from '../discount-form-values';

interface DiscountFormProps {
  event: TEvent;
  tickets: TTicket[];
  discount?: TDiscount;
  isSaving: boolean;
  onSave: (body: TSaveDiscountRequest) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A discount or access code: percent or an amount off each ticket, the tickets it applies to (a
 * hidden ticket named here is offered only with the code), a use limit and a validity window.
 */
export function DiscountForm({ event, tickets, discount, isSaving, onSave, onCancel }: DiscountFormProps) {
  const context = { eventId: event.id, timezone: event.timezone, discount };
  const form = useSchemaForm<DiscountFormValues>(ZSaveDiscountRequest, discountToFormValues(discount, event.timezone), {
    toRequest: (values) => discountFormToRequest(values, context),
    fieldOf: DISCOUNT_FIELD_OF,
    check: checkDiscountForm,
  });

  const submit = form.onSubmit(
    async (values) => {
      try {
        await onSave(discountFormToRequest(values, context));
      } catch (error) {
        applyServerErrors(form, error, DISCOUNT_FIELD_OF);
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  const valueProps = form.getInputProps('value');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Code"
          description="Letters, digits, - and _; buyers may type it in any case"
          required
          data-autofocus
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('code')}
        />
        <Radio.Group label="Discount" {...form.getInputProps('kind')}>
          <Group gap="lg" mt={6}>
            <Radio value="percent" label="Percent off" />
            <Radio value="amount" label="Amount off each ticket" />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {form.values.kind === 'percent' ? (
            <NumberInput
              key="percent"
              label="Percent"
              description="1 to 100; 100 makes the tickets free"
              required
              min={1}
              max={100}
              suffix="%"
              allowDecimal={false}
              allowNegative={false}
              {...valueProps}
            />
          ) : (
            <MoneyField key="amount" label="Amount" required currency={event.currency} {...valueProps} />
          )}
          <NumberInput
            label="Use limit"
            description="Optional. Orders that may use it; empty for no limit"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('maxUses')}
          />
        </SimpleGrid>
        <Checkbox.Group
          label="Tickets"
          description={
            tickets.length === 0
              ? 'This event has no ticket types yet: the code will apply to all of them.'
              : 'None ticked: every ticket type. A hidden ticket ticked here is offered only with this code.'
          }
          {...form.getInputProps('ticketIds')}
        >
          <Stack gap={6} mt={6}>
            {tickets.map((ticket) => (
              <Checkbox
                key={ticket.id}
                value={ticket.id}
                label={ticket.hidden ? `${ticket.name} (hidden)` : ticket.name}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text size="sm" c="dimmed">
          Valid, in {event.timezone}. Leave empty for any time.
        </Text>
        <DateTimeFields
          label="Valid from"
          description="Optional"
          date={form.values.validFromDate}
          time={form.values.validFromTime}
          onDateChange={(date) => form.setFieldValue('validFromDate', date)}
          onTimeChange={(time) => form.setFieldValue('validFromTime', time)}
          onDateBlur={() => validateIfChanged(form, 'validFromDate')}
          onTimeBlur={() => validateIfChanged(form, 'validFromTime')}
          datePath="validFromDate"
          timePath="validFromTime"
          dateError={form.errors.validFromDate}
          timeError={form.errors.validFromTime}
        />
        <DateTimeFields
          label="Valid until"
          description="Optional"
          date={form.values.validUntilDate}
          time={form.values.validUntilTime}
          onDateChange={(date) => form.setFieldValue('validUntilDate', date)}
          onTimeChange={(time) => form.setFieldValue('validUntilTime', time)}
          onDateBlur={() => validateIfChanged(form, 'validUntilDate')}
          onTimeBlur={() => validateIfChanged(form, 'validUntilTime')}
          datePath="validUntilDate"
          timePath="validUntilTime"
          dateError={form.errors.validUntilDate}
          timeError={form.errors.validUntilTime}
        />
        <Switch label="Active (buyers can use it)" {...form.getInputProps('isActive', { type: 'checkbox' })} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            Save code
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
