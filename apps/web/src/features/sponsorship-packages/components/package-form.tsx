import { useTranslation } from 'react-i18next';
import {
  ZSavePackageRequest,
  type TEvent,
  type TSavePackageRequest,
  type TSponsorshipPackage,
} from '@clubtix/contract';
import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { MoneyField } from '../../../components/money-field';
import { applyServerErrors, focusFirstError } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  checkPackageForm,
  packageFormToRequest,
  packageToFormValues,
  type PackageFormValues,
} from '../package-form-values';
import { BenefitsField } from './benefits-field';

interface PackageFormProps {
  event: TEvent;
  item?: TSponsorshipPackage;
  isSaving: boolean;
  onSave: (body: TSavePackageRequest) => Promise<unknown>;
  onCancel: () => void;
}

/** A sponsorship package: what it costs, how many there are and what a sponsor gets. */
export function PackageForm({ event, item, isSaving, onSave, onCancel }: PackageFormProps) {
  const { t } = useTranslation('sponsorship-packages');
  const form = useSchemaForm<PackageFormValues>(ZSavePackageRequest, packageToFormValues(item), {
    toRequest: (values) => packageFormToRequest(values, event.id, item?.id),
    check: checkPackageForm,
  });

  const submit = form.onSubmit(
    async (values) => {
      try {
        await onSave(packageFormToRequest(values, event.id, item?.id));
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
          <MoneyField label={t('form.amount')} required currency={event.currency} {...form.getInputProps('amount')} />
          <NumberInput
            label={t('form.quantity')}
            description={t('form.quantityHint')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('quantity')}
          />
        </SimpleGrid>
        <BenefitsField form={form} />
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
