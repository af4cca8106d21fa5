import type { TClubWithAdmins } from '@clubtix/contract';
import { Button, Center, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { modals } from '@mantine/modals';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useClubPages, useRemoveClub } from '../../clubs/api';
import { SudoClubCard } from '../components/sudo-club-card';
import { useAllClubSales } from '../../report/api';
import { totalsText } from '../../report/sales-figures';

export default function SudoDashboardPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const clubs = useClubPages(debounced);
  const list = clubs.data?.pages.flat();
  const remove = useRemoveClub();
  const sales = useAllClubSales();
  const takings = new Map(sales.data?.clubs.map((club) => [club.clubId, totalsText(club.totals)]));

  const confirmRemove = (club: TClubWithAdmins) =>
    modals.openConfirmModal({
      title: 'Remove club',
      children: (
        <Text size="sm">
          Remove <strong>{club.name}</strong> with its admins, events, tickets and registrations? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      // A failure is reported by the client's toast; the list stays as it was.
      onConfirm: () => remove.mutate(club.id),
    });

  return (
    <>
      <PageHeader
        title="Super user dashboard"
        description="Every club on this ClubTix, with its admins."
        actions={<Button onClick={() => void navigate('/club/add')}>Add club</Button>}
      />
      <TextInput
        label="Search clubs"
        placeholder="Part of a club's name"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={120}
        mb="md"
        maw={420}
      />
      {clubs.isPending ? <PageLoader label="Loading clubs" /> : null}
      {clubs.isError ? <QueryError error={clubs.error} onRetry={() => void clubs.refetch()} what="clubs" /> : null}
      {list?.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text c="dimmed">
            {debounced ? `No club's name contains "${debounced}".` : 'No clubs yet. Add the first one.'}
          </Text>
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
            Show more clubs
          </Button>
        </Center>
      ) : null}
    </>
  );
}
