import { type TCurrentUser, ZUpdateAccountRequest } from '@clubtix/contract';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../toasts/toasts';
import { applyServerErrors } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateAccount } from '../api';
import { formFailure } from './form-failure';

const ZDetailsForm = ZUpdateAccountRequest.pick({ name: true, email: true, currentPassword: true });

/** Whether the typed e-mail is another than the account's, as the server compares them (trimmed, any case). */
export function isNewEmail(typed: string, account: TCurrentUser): boolean {
  return typed.trim().toLowerCase() !== account.email.toLowerCase();
}

/**
 * Name and e-mail: the e-mail is what this user signs in with, so a new one needs the current
 * password (docs/decisions/0065-sign-in-proxies-and-sign-out.md); its field appears once the e-mail
 * is changed.
 */
export function DetailsForm({ account }: { account: TCurrentUser }) {
  const { t } = useTranslation('account');
  const update = useUpdateAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(
    ZDetailsForm,
    { name: account.name, email: account.email, currentPassword: '' },
    {
      check: (values) => ({
        currentPassword:
          isNewEmail(values.email, account) && !values.currentPassword ? t('details.enterCurrent') : null,
      }),
    },
  );
  const emailChanges = isNewEmail(form.values.email, account);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const { name, email } = ZDetailsForm.parse(values);
      // The page shows the saved account afresh (it keys this form by it), normalised as the server keeps it.
      const saved = await update.mutateAsync(
        emailChanges ? { name, email, currentPassword: values.currentPassword } : { name, email },
      );
      showToast('success', saved.msg ?? t('details.saved'));
    } catch (error) {
      applyServerErrors(form, error);
      setFailure(formFailure(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('details.name')} autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput
          label={t('details.email')}
          description={t('details.emailHint')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        {emailChanges ? (
          <PasswordInput
            label={t('details.currentPassword')}
            description={t('details.currentPasswordHint')}
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
            // Mantine's PasswordInput marks its inner input with data-invalid only; screen readers need aria-invalid.
            aria-invalid={Boolean(form.errors.currentPassword)}
          />
        ) : null}
        {failure ? (
          <Alert color="red" role="alert" title={t('details.notSaved')}>
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('details.save')}
        </Button>
      </Stack>
    </form>
  );
}
