import { Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

export interface SupporterValues extends Record<string, unknown> {
  name: string;
  email: string;
  message: string;
}

/** Who gives: name, e-mail and an optional message to the club, for donations and sponsorships alike. */
export function SupporterFields<V extends SupporterValues>({
  form,
  nameDescription,
}: {
  form: UseFormReturnType<V>;
  nameDescription?: string;
}) {
  const { t } = useTranslation('public');
  return (
    <Stack gap="sm">
      <TextInput
        label={t('supporter.name')}
        description={nameDescription}
        required
        autoComplete="name"
        maxLength={120}
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('lookup.email')}
        type="email"
        required
        autoComplete="email"
        {...form.getInputProps('email')}
      />
      <Textarea
        label={t('supporter.message')}
        description={t('supporter.optional')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={1000}
        {...form.getInputProps('message')}
      />
    </Stack>
  );
}
