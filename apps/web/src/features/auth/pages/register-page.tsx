import { ZRegisterRequest } from '@clubtix/contract';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { applyServerErrors, useFormErrorToasts } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useInstallationInfo, useRegister } from '../api';
import { AuthCard } from './auth-card';

function SignInInstead() {
  const { t } = useTranslation('auth');
  return (
    <Text size="sm" ta="center">
      {t('register.alreadyRegistered')}{' '}
      <Anchor component={Link} to="/signin">
        {t('register.useExisting')}
      </Anchor>
    </Text>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation('auth');
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
      <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
        <Alert color="gray" title={t('register.closedTitle')}>
          {t('register.closedText')}
        </Alert>
        <SignInInstead />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('fields.name')} autoComplete="name" required {...form.getInputProps('name')} />
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
            description={t('register.passwordHint')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <TextInput
            label={t('register.clubName')}
            autoComplete="organization"
            required
            {...form.getInputProps('clubName')}
          />
          <Button type="submit" fullWidth loading={register.isPending}>
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
      <SignInInstead />
    </AuthCard>
  );
}
