import { ZResetPasswordRequest } from '@clubtix/contract';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { fieldErrors, isApiError } from '../../../api/api-error';
import { applyServerErrors } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useResetPassword } from '../api';
import { AuthCard } from './auth-card';

const ZNewPassword = ZResetPasswordRequest.pick({ password: true });

/**
 * The page a reset or invitation mail's link opens. The token rides in the address's fragment
 * (`#token=…`, `#invite=1&token=…`), which the browser never sends to a server.
 */
function linkOf(hash: string): { token: string; invite: boolean } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return { token: params.get('token') ?? '', invite: params.get('invite') === '1' };
}

export default function SetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { token, invite } = linkOf(useLocation().hash);
  const [failure, setFailure] = useState<string | null>(null);
  const reset = useResetPassword();
  const form = useSchemaForm(ZNewPassword, { password: '' });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const home = await reset.mutateAsync({ token, password: ZNewPassword.parse(values).password });
      await navigate(home, { replace: true });
    } catch (error) {
      applyServerErrors(form, error);
      if (!isApiError(error)) setFailure(t('setPassword.failed'));
      else if (!fieldErrors(error).password) setFailure(error.msg);
    }
  });

  const title = invite ? t('setPassword.inviteTitle') : t('setPassword.title');
  const subtitle = invite ? t('setPassword.inviteSubtitle') : t('setPassword.subtitle');
  return (
    <AuthCard title={title} subtitle={subtitle}>
      {token ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <PasswordInput
              label={t('setPassword.password')}
              description={t('register.passwordHint')}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            {failure ? (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            ) : null}
            <Button type="submit" fullWidth loading={reset.isPending}>
              {t('setPassword.submit')}
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert color="red" role="alert">
          {t('setPassword.incomplete')}
        </Alert>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/forgot-password">
          {t('setPassword.askAgain')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
