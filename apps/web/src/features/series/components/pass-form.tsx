import { ZSavePassRequest, type TCurrency, type TPass, type TSavePassRequest } from '@clubtix/contract';
import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, focusFirstError } from '../../../components/form-errors';
import { MoneyField } from '../../../components/money-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { checkPassForm, passFormToRequest, passToFormValues, type PassFormValues } from '../pass-form-values';

interface PassFormProps {
  seriesId: string;
  currency: TCurrency;
  pass?: TPass | undefined;
  isSaving: boolean;
  onSave: (body: TSavePassRequest) => Promise<unknown>;
  onCancel: () => void;
}

/** A season pass of a series: its name, price, how many and whether it is on sale. */
export function PassForm({ seriesId, currency, pass, isSaving, onSave, onCancel }: PassFormProps) {
  const { t } = useTranslation('series');
  const form = useSchemaForm<PassFormValues>(ZSavePassRequest, passToFormValues(pass), {
    toRequest: (values) => passFormToRequest(values, seriesId, pass?.id),
    check: checkPassForm,
  });

  const submit = form.onSubmit(
    async (values) => {
      try {
        await onSave(passFormToRequest(values, seriesId, pass?.id));
      } catch (error) {
        applyServerErrors(form, error);
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('passForm.name')} required data-autofocus maxLength={120} {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <MoneyField label={t('passForm.price')} required currency={currency} {...form.getInputProps('price')} />
          <NumberInput
            label={t('passForm.quantity')}
            description={t('passForm.quantityHint')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('quantity')}
          />
        </SimpleGrid>
        <Switch label={t('passForm.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('passForm.cancel')}
          </Button>
          <Button type="submit" loading={isSaving}>
            {t('passForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
