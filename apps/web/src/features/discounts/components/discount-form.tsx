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
import { useTranslation } from 'react-i18next';
import { applyServerErrors, focusFirstError } from '../../../components/form-errors';
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
  const { t } = useTranslation('discounts');
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
          label={t('form.code')}
          description={t('form.codeHint')}
          required
          data-autofocus
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('code')}
        />
        <Radio.Group label={t('form.discount')} {...form.getInputProps('kind')}>
          <Group gap="lg" mt={6}>
            <Radio value="percent" label={t('form.percentOff')} />
            <Radio value="amount" label={t('form.amountOff')} />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {form.values.kind === 'percent' ? (
            <NumberInput
              key="percent"
              label={t('form.percent')}
              description={t('form.percentHint')}
              required
              min={0}
              max={100}
              suffix="%"
              allowDecimal={false}
              allowNegative={false}
              {...valueProps}
            />
          ) : (
            <MoneyField key="amount" label={t('form.amount')} required currency={event.currency} {...valueProps} />
          )}
          <NumberInput
            label={t('form.limit')}
            description={t('form.limitHint')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('maxUses')}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('form.tickets')}
          description={tickets.length === 0 ? t('form.noTickets') : t('form.ticketsHint')}
          {...form.getInputProps('ticketIds')}
        >
          <Stack gap={6} mt={6}>
            {tickets.map((ticket) => (
              <Checkbox
                key={ticket.id}
                value={ticket.id}
                label={ticket.hidden ? t('text.hidden', { name: ticket.name }) : ticket.name}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text size="sm" c="dimmed">
          {t('form.valid', { timezone: event.timezone })}
        </Text>
        <DateTimeFields
          label={t('form.validFrom')}
          description={t('form.optional')}
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
          label={t('form.validUntil')}
          description={t('form.optional')}
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
        <Switch label={t('form.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
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
