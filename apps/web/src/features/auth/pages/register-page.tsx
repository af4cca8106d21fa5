import { ZRegisterRequest } from '@clubtix/contract';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useFormErrorToasts } from '../../../components/toasts';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useInstallationInfo, useRegister } from '../api';
import { AuthCard } from './auth-card';

function SignInInstead() {
  return (
    <Text size="sm" ta="center">
      Already registered?{' '}
      <Anchor component={Link} to="/signin">
        Use your existing account
      </Anchor>
    </Text>
  );
}

export default function RegisterPage() {
  const navigate = useNavigate();
  const errorToasts = useFormErrorToasts();
  const register = useRegister();
  const info = useInstallationInfo();
  const form = useSchemaForm(ZRegisterRequest, { name: '', email: '', password: '', clubName: '' });

  const submit = form.onSubmit(async (values) => {
    try {
      const home = await register.mutateAsync(ZRegisterRequest.parse(values));
      errorToasts.dismiss();
      await navigate(home, { replace: true });
    } catch (error) {
      errorToasts.track(error);
      applyServerErrors(form, error);
    }
  });

  // ALLOW_SIGNUP=false: the server refuses registering; say so instead of offering a form that fails.
  if (info.data?.signupAllowed === false) {
    return (
      <AuthCard title="Register" subtitle="Create your club and its first administrator account.">
        <Alert color="gray" title="Sign-up is closed">
          New clubs are not taken on this installation. Ask its super user for an account.
        </Alert>
        <SignInInstead />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Register" subtitle="Create your club and its first administrator account.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
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
            description="At least 8 characters, including a number."
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <TextInput label="Club name" autoComplete="organization" required {...form.getInputProps('clubName')} />
          <Button type="submit" fullWidth loading={register.isPending}>
            Register
          </Button>
        </Stack>
      </form>
      <SignInInstead />
    </AuthCard>
  );
}
