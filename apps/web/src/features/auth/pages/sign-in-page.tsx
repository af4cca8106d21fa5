import { ZSignInRequest } from '@clubtix/contract';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { applyServerErrors, formFailure } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSignIn } from '../api';
import { signInReturn } from '../../../session/guards';
import { AuthCard } from './auth-card';

export default function SignInPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  // The page that asked for sign-in (a door volunteer's check-in link), same-origin only.
  const location = useLocation();
  const back = signInReturn(new URL(location.pathname + location.search, window.location.origin));
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = useSignIn();
  const form = useSchemaForm(ZSignInRequest, { email: '', password: '' });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const home = await signIn.mutateAsync(ZSignInRequest.parse(values));
      await navigate(back ?? home, { replace: true });
    } catch (error) {
      // 401 (wrong e-mail or password) and 429 (too many attempts, and when to try again) are said
      // once, in the form, in the server's words (docs/decisions/0024: one place per message).
      setFailure(formFailure(error, { signingIn: true }));
      applyServerErrors(form, error);
    }
  });

  return (
    <AuthCard title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
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
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Anchor component={Link} to="/forgot-password" size="sm" mt={-8} ta="end">
            {t('signIn.forgot')}
          </Anchor>
          {failure ? (
            <Alert color="red" role="alert" title={t('signIn.failed')}>
              {failure}
            </Alert>
          ) : null}
          <Button type="submit" fullWidth loading={signIn.isPending}>
            {t('signIn.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('signIn.newHere')}{' '}
        <Anchor component={Link} to="/register">
          {t('signIn.createAccount')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
