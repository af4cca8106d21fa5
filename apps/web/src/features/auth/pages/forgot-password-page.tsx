import { ZRequestPasswordResetRequest } from '@clubtix/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerErrors, formFailure } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRequestPasswordReset } from '../api';
import { AuthCard } from './auth-card';

/** "Forgot password?": asks the e-mail; the server's answer is the same whether it has an account or not. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const form = useSchemaForm(ZRequestPasswordResetRequest, { email: '' });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      setSent(await request.mutateAsync(ZRequestPasswordResetRequest.parse(values)));
    } catch (error) {
      setFailure(formFailure(error, { signingIn: true }));
      applyServerErrors(form, error);
    }
  });

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      {sent ? (
        <Alert color="green" role="status" title={t('forgot.sentTitle')}>
          {sent}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              {...form.getInputProps('email')}
            />
            {failure ? (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            ) : null}
            <Button type="submit" fullWidth loading={request.isPending}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/signin">
          {t('forgot.backToSignIn')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
