import { type TCurrentUser, ZPassword } from '@clubtix/contract';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { showToast } from '../../../components/toasts';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateAccount } from '../api';
import { formFailure } from './form-failure';

const ZPasswordForm = z.object({
  currentPassword: z.string().min(1, 'Enter your current password'),
  newPassword: ZPassword,
  confirmPassword: z.string(),
});

const NO_MATCH = 'The two new passwords are not the same';

/**
 * A new password with the current one (docs/product.md section 18). Every other session of the account
 * ends; this browser stays signed in with the token the answer carries.
 */
export function PasswordForm({ account }: { account: TCurrentUser }) {
  const update = useUpdateAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(
    ZPasswordForm,
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    {
      check: (values) => ({
        confirmPassword: !values.confirmPassword
          ? 'Type the new password again'
          : values.confirmPassword !== values.newPassword
            ? NO_MATCH
            : null,
      }),
    },
  );

  // Mantine's PasswordInput marks its inner input with data-invalid only; screen readers need aria-invalid.
  const passwordProps = (field: keyof typeof form.values) => ({
    ...form.getInputProps(field),
    'aria-invalid': Boolean(form.errors[field]),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync({
        name: account.name,
        email: account.email,
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      form.reset();
      showToast('success', saved.msg ?? 'Password changed');
    } catch (error) {
      applyServerErrors(form, error);
      setFailure(formFailure(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Changing your password signs you out on every other device and browser. You stay signed in here.
        </Text>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...passwordProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          description="At least 8 characters, with at least one number."
          autoComplete="new-password"
          required
          {...passwordProps('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...passwordProps('confirmPassword')}
        />
        {failure ? (
          <Alert color="red" role="alert" title="Password not changed">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
