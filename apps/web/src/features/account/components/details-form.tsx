import { type TCurrentUser, ZUpdateAccountRequest } from '@clubtix/contract';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toasts';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateAccount } from '../api';
import { formFailure } from './form-failure';

const ZDetailsForm = ZUpdateAccountRequest.pick({ name: true, email: true });

/** Name and e-mail: the e-mail is what this user signs in with. */
export function DetailsForm({ account }: { account: TCurrentUser }) {
  const { t } = useTranslation('account');
  const update = useUpdateAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(ZDetailsForm, { name: account.name, email: account.email });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      // The page shows the saved account afresh (it keys this form by it), normalised as the server keeps it.
      const saved = await update.mutateAsync(ZDetailsForm.parse(values));
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
