import type { TClubWithAdmins } from '@clubtix/contract';
import { Button, Center, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useClubPages, useRemoveClub } from '../../clubs/api';
import { SudoClubCard } from '../components/sudo-club-card';
import { useAllClubSales } from '../../report/api';
import { totalsText } from '../../report/sales-figures';

/** Marks where the club's name goes in the translated question. */
const SLOT = '\u0000';

export default function SudoDashboardPage() {
  // Every namespace the screen's parts read, loaded before it shows: no flash of a half-loaded page.
  const { t } = useTranslation(['dashboard', 'report', 'users', 'clubs']);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const clubs = useClubPages(debounced);
  const list = clubs.data?.pages.flat();
  const remove = useRemoveClub();
  const sales = useAllClubSales();
  const takings = new Map(sales.data?.clubs.map((club) => [club.clubId, totalsText(club.totals)]));

  const confirmRemove = (club: TClubWithAdmins) => {
    // The club's name in bold wherever the language puts it in the question.
    const [before = '', after = ''] = t('sudo.removeText', { club: SLOT }).split(SLOT);
    modals.openConfirmModal({
      title: t('sudo.removeTitle'),
      children: (
        <Text size="sm">
          {before}
          <strong>{club.name}</strong>
          {after}
        </Text>
      ),
      labels: { confirm: t('sudo.remove'), cancel: t('sudo.cancel') },
      confirmProps: { color: 'red.9' },
      // A failure is reported by the client's toast; the list stays as it was.
      onConfirm: () => remove.mutate(club.id),
    });
  };

  return (
    <>
      <PageHeader
        title={t('sudo.title')}
        description={t('sudo.description')}
        actions={<Button onClick={() => void navigate('/club/add')}>{t('sudo.addClub')}</Button>}
      />
      <TextInput
        label={t('sudo.search')}
        placeholder={t('sudo.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={120}
        mb="md"
        maw={420}
      />
      {clubs.isPending ? <PageLoader label={t('sudo.loading')} /> : null}
      {clubs.isError ? (
        <QueryError error={clubs.error} onRetry={() => void clubs.refetch()} what={t('sudo.clubsWhat')} />
      ) : null}
      {list?.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text c="dimmed">{debounced ? t('sudo.noMatch', { search: debounced }) : t('sudo.empty')}</Text>
        </Paper>
      ) : null}
      {list && list.length > 0 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {list.map((club) => (
            <SudoClubCard
              key={club.id}
              club={club}
              takings={takings.get(club.id)}
              isRemoving={remove.isPending && remove.variables === club.id}
              onRemove={confirmRemove}
            />
          ))}
        </SimpleGrid>
      ) : null}
      {clubs.hasNextPage ? (
        <Center mt="lg">
          <Button variant="light" loading={clubs.isFetchingNextPage} onClick={() => void clubs.fetchNextPage()}>
            {t('sudo.more')}
          </Button>
        </Center>
      ) : null}
    </>
  );
}
