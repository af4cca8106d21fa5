import { Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

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
  return (
    <Stack gap="sm">
      <TextInput
        label="Name"
        description={nameDescription}
        required
        autoComplete="name"
        maxLength={120}
        {...form.getInputProps('name')}
      />
      <TextInput label="E-mail" type="email" required autoComplete="email" {...form.getInputProps('email')} />
      <Textarea
        label="Message"
        description="Optional"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={1000}
        {...form.getInputProps('message')}
      />
    </Stack>
  );
}
