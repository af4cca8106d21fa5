import { useTranslation } from 'react-i18next';
import { ZSaveExtrasRequest, type TEvent, type TExtras, type TSaveExtrasRequest } from '@clubtix/contract';
import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { MoneyField } from '../../../components/money-field';
import { applyServerErrors, focusFirstError } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { checkExtrasForm, extrasFormToRequest, extrasToFormValues, type ExtrasFormValues } from '../extras-form-values';

interface ExtrasFormProps {
  event: TEvent;
  extras?: TExtras;
  isSaving: boolean;
  onSave: (body: TSaveExtrasRequest) => Promise<unknown>;
  onCancel: () => void;
}

/** An extra sold beside the tickets (parking, a meal, a T-shirt). */
export function ExtrasForm({ event, extras, isSaving, onSave, onCancel }: ExtrasFormProps) {
  const { t } = useTranslation('extras');
  const form = useSchemaForm<ExtrasFormValues>(ZSaveExtrasRequest, extrasToFormValues(extras), {
    toRequest: (values) => extrasFormToRequest(values, event.id, extras?.id),
    check: checkExtrasForm,
  });

  const submit = form.onSubmit(
    async (values) => {
      try {
        await onSave(extrasFormToRequest(values, event.id, extras?.id));
      } catch (error) {
        applyServerErrors(form, error);
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
        </SimpleGrid>
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
