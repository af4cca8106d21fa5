import { ROLE_STAFF, ROLE_SUDO } from '@clubtix/contract';
import { Grid, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useAccount } from '../api';
import { DetailsForm } from '../components/details-form';
import { PasswordForm } from '../components/password-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} h="100%">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** My account, for every role (docs/product.md section 18): one's own name, e-mail and password. */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const account = useAccount();

  if (account.isPending) return <PageLoader label={t('loading')} />;
  if (account.isError) {
    return <QueryError error={account.error} onRetry={() => void account.refetch()} what={t('what')} />;
  }
  const me = account.data;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('signedInAs', {
          role: me.role === ROLE_SUDO ? 'sudo' : me.role === ROLE_STAFF ? 'staff' : 'admin',
          email: me.email,
        })}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title={t('details.title')}>
            {/* Keyed by what the server has, so a save elsewhere (another tab) shows here. */}
            <DetailsForm key={`${me.name}\n${me.email}`} account={me} />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title={t('password.title')}>
            <PasswordForm account={me} />
          </Section>
        </Grid.Col>
      </Grid>
    </>
  );
}
