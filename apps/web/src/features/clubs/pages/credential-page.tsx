import { useTranslation } from 'react-i18next';
import { generatePassword, ZSaveAppUserRequest } from '@clubtix/contract';
import { Alert, Button, Grid, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { applyServerErrors, formFailure } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAppUsers, useSaveAppUser } from '../../users/api';
import { AdminList } from '../../users/components/admin-list';
import { GeneratedCredentials } from '../../users/components/generated-credentials';
import { isApiError } from '../../../api/api-error';
import { useManagedClub } from '../api';

const NEW_ADMIN = 'new';
const ZCredentialForm = ZSaveAppUserRequest.pick({ name: true, email: true });

/** /club/{clubId}/credential: create an admin, or reset one's password, with a generated password. */
export default function CredentialPage() {
  // Every namespace the screen's parts read, loaded before it shows: no flash of a half-loaded page.
  const { t } = useTranslation(['clubs', 'users']);
  const { clubId = '' } = useParams();
  // Add club lands here with this state: its first admin is the next step (docs/decisions/0024).
  const justCreated = (useLocation().state as { created?: boolean } | null)?.created === true;
  const found = useManagedClub(clubId);
  const admins = useAppUsers(clubId);
  // The credentials box is the success message and errors show in the form: a toast would sit over
  // the box's Copy and Done buttons on a phone (docs/decisions/0024).
  const save = useSaveAppUser({ quiet: true });
  const [failure, setFailure] = useState<string | null>(null);
  const [adminId, setAdminId] = useState<string>(NEW_ADMIN);
  const [shown, setShown] = useState<{ email: string; password: string } | null>(null);
  const form = useSchemaForm(ZCredentialForm, { name: '', email: '' });

  if (found.isPending) return <PageLoader label={t('loading')} />;
  if (found.isError) {
    if (isApiError(found.error) && found.error.status === 404)
      return <NotFoundView status={404} message={t('notFound')} />;
    return <QueryError error={found.error} onRetry={() => void found.refetch()} what={t('clubWhat')} />;
  }
  const club = found.data;

  // An admin deleted from the list beside the form is no longer one to pick.
  const selectedId = admins.data?.some((admin) => admin.id === adminId) ? adminId : NEW_ADMIN;

  const pickAdmin = (value: string | null) => {
    const id = value ?? NEW_ADMIN;
    setAdminId(id);
    const admin = admins.data?.find((candidate) => candidate.id === id);
    form.setValues({ name: admin?.name ?? '', email: admin?.email ?? '' });
    form.clearErrors();
  };

  const submit = form.onSubmit(async (values) => {
    const { name, email } = ZCredentialForm.parse(values);
    // Generated here so that only this browser ever sees it in clear (docs/product.md section 3).
    const password = generatePassword();
    setFailure(null);
    try {
      await save.mutateAsync({ id: selectedId === NEW_ADMIN ? undefined : selectedId, name, email, password, clubId });
      setShown({ email, password });
      setAdminId(NEW_ADMIN);
      form.reset();
    } catch (error) {
      setFailure(formFailure(error));
      applyServerErrors(form, error);
    }
  });

  const adminOptions = [
    { value: NEW_ADMIN, label: t('credentials.newAdmin') },
    ...(admins.data ?? []).map((admin) => ({ value: admin.id, label: `${admin.name} (${admin.email})` })),
  ];

  return (
    <>
      <PageHeader title={t('credentials.title')} description={club.name} />
      {justCreated ? (
        <Alert color="teal" title={t('credentials.saved')} mb="md" data-testid="club-next-step">
          {t('credentials.nextStep')}
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <form onSubmit={submit} noValidate>
                <Stack gap="md">
                  <Text size="sm" c="dimmed">
                    {t('credentials.intro', { club: club.name })}
                  </Text>
                  <Select
                    label={t('credentials.admin')}
                    data={adminOptions}
                    value={selectedId}
                    onChange={pickAdmin}
                    allowDeselect={false}
                    disabled={!admins.data}
                  />
                  <TextInput
                    label={t('credentials.name')}
                    required
                    autoComplete="off"
                    {...form.getInputProps('name')}
                  />
                  <TextInput
                    label={t('credentials.email')}
                    type="email"
                    inputMode="email"
                    required
                    autoComplete="off"
                    {...form.getInputProps('email')}
                  />
                  {failure ? (
                    <Alert color="red" role="alert" title={t('credentials.failed')}>
                      {failure}
                    </Alert>
                  ) : null}
                  <Button type="submit" loading={save.isPending}>
                    {t('credentials.generate')}
                  </Button>
                </Stack>
              </form>
            </Paper>
            {shown ? (
              <GeneratedCredentials email={shown.email} password={shown.password} onDone={() => setShown(null)} />
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="sm">
              <Title order={2} fz="lg">
                {t('credentials.adminsOf', { club: club.name })}
              </Title>
              {admins.isPending ? <PageLoader label={t('credentials.loadingAdmins')} /> : null}
              {admins.isError ? (
                <QueryError
                  error={admins.error}
                  onRetry={() => void admins.refetch()}
                  what={t('credentials.adminsWhat')}
                />
              ) : null}
              {admins.data ? (
                <AdminList admins={admins.data} label={t('credentials.adminsOf', { club: club.name })} canDelete />
              ) : null}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
