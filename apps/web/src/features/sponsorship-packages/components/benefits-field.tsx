import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import type { PackageFormValues } from '../package-form-values';

const MAX_BENEFITS = 30;

/** What a sponsor gets, one line each, with buttons to add and remove lines. */
export function BenefitsField({ form }: { form: UseFormReturnType<PackageFormValues> }) {
  const { t } = useTranslation('sponsorship-packages');
  const labelId = useId();
  const benefits = form.values.benefits;
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <div>
        <Input.Label id={labelId} component="div">
          {t('benefits.label')}
        </Input.Label>
        <Input.Description>{t('benefits.hint')}</Input.Description>
      </div>
      {benefits.map((_, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            style={{ flex: 1 }}
            aria-label={t('benefits.item', { number: index + 1 })}
            placeholder={t('benefits.placeholder')}
            {...form.getInputProps(`benefits.${index}`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('benefits.remove', { number: index + 1 })}
            onClick={() => form.removeListItem('benefits', index)}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {typeof form.errors.benefits === 'string' ? <Input.Error>{form.errors.benefits}</Input.Error> : null}
      <Group>
        <Button
          variant="light"
          size="compact-sm"
          disabled={benefits.length >= MAX_BENEFITS}
          onClick={() => form.insertListItem('benefits', '')}
        >
          {t('benefits.add')}
        </Button>
      </Group>
    </Stack>
  );
}
