import { type TCurrentUser, ZPassword } from '@clubtix/contract';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showToast } from '../../../toasts/toasts';
import { applyServerErrors } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateAccount } from '../api';
import { formFailure } from './form-failure';

function passwordFormSchema(currentPasswordMessage: string) {
  return z.object({
    currentPassword: z.string().min(1, currentPasswordMessage),
    newPassword: ZPassword,
    confirmPassword: z.string(),
  });
}

/**
 * A new password with the current one (docs/product.md section 18). Every other session of the account
 * ends; this browser stays signed in with the token the answer carries.
 */
export function PasswordForm({ account }: { account: TCurrentUser }) {
  const { t } = useTranslation('account');
  const update = useUpdateAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => passwordFormSchema(t('password.enterCurrent')), [t]);
  const form = useSchemaForm(
    schema,
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    {
      check: (values) => ({
        confirmPassword: !values.confirmPassword
          ? t('password.typeAgain')
          : values.confirmPassword !== values.newPassword
            ? t('password.noMatch')
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
      showToast('success', saved.msg ?? t('password.changed'));
    } catch (error) {
      applyServerErrors(form, error);
      setFailure(formFailure(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('password.explanation')}
        </Text>
        <PasswordInput
          label={t('password.current')}
          autoComplete="current-password"
          required
          {...passwordProps('currentPassword')}
        />
        <PasswordInput
          label={t('password.new')}
          description={t('password.newHint')}
          autoComplete="new-password"
          required
          {...passwordProps('newPassword')}
        />
        <PasswordInput
          label={t('password.confirm')}
          autoComplete="new-password"
          required
          {...passwordProps('confirmPassword')}
        />
        {failure ? (
          <Alert color="red" role="alert" title={t('password.notChanged')}>
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
