import { ZSignInRequest } from '@clubtix/contract';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useFormErrorToasts } from '../../../components/toasts';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSignIn } from '../api';
import { AuthCard } from './auth-card';

export default function SignInPage() {
  const navigate = useNavigate();
  const errorToasts = useFormErrorToasts();
  const signIn = useSignIn();
  const form = useSchemaForm(ZSignInRequest, { email: '', password: '' });

  const submit = form.onSubmit(async (values) => {
    try {
      const home = await signIn.mutateAsync(ZSignInRequest.parse(values));
      errorToasts.dismiss();
      await navigate(home, { replace: true });
    } catch (error) {
      // 401 (wrong e-mail or password) and 429 (too many attempts) arrive as the server's toast.
      errorToasts.track(error);
      applyServerErrors(form, error);
    }
  });

  return (
    <AuthCard title="Sign in" subtitle="Sign in to manage your club, its events and tickets.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={signIn.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        New to ClubTix?{' '}
        <Anchor component={Link} to="/register">
          Create an account
        </Anchor>
      </Text>
    </AuthCard>
  );
}
