import type { TEvent } from '@clubtix/contract';
import { PRODUCT_NAME } from '@clubtix/contract';
import { Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { QueryError } from '../../../components/query-error';
import { isMissing, usePublicAllDonationEvents, usePublicClub, usePublicDonationEvents } from '../api';
import { formatEventDateTime } from '../event-dates';
import { clubNotAvailable } from '../messages';

function DonationEventRow({ event }: { event: TEvent }) {
  const { t } = useTranslation('public');
  return (
    <Paper withBorder radius="lg" p="md" data-testid="donation-event">
      <Group justify="space-between" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {event.title}
          </Title>
          <Text size="sm" fw={500}>
            {formatEventDateTime(event.startDate, event.timezone)}
            {event.venue ? ` · ${event.venue}` : ''}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={`/event/${event.id}/donation`}
          aria-label={t('pricing.donateTo', { title: event.title })}
        >
          {t('ticketPanel.donate')}
        </Button>
      </Group>
    </Paper>
  );
}

type DonationEventsQuery = ReturnType<typeof usePublicDonationEvents>;

/** A list of events that take donations, each with its Donate button, and "Show more" while more are left. */
function DonationEventList({
  events,
  heading,
  empty,
}: {
  events: DonationEventsQuery;
  heading: string;
  empty: string;
}) {
  const { t } = useTranslation('public');
  if (events.isError)
    return <QueryError error={events.error} onRetry={() => void events.refetch()} what={t('clubPage.eventsWhat')} />;
  if (events.isPending) return <Skeleton height={96} radius="lg" aria-hidden="true" />;
  const list = events.data.pages.flatMap((page) => page.events);
  return (
    <Stack component="section" aria-labelledby="donation-events" gap="sm">
      <Title order={2} fz="xl" id="donation-events">
        {heading}
      </Title>
      {list.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center" data-testid="donation-events-empty">
          <Text fw={600}>{empty}</Text>
        </Paper>
      ) : (
        list.map((event) => <DonationEventRow key={event.id} event={event} />)
      )}
      {events.hasNextPage ? (
        <Button
          variant="default"
          loading={events.isFetchingNextPage}
          onClick={() => void events.fetchNextPage()}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('pricing.more')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The club's events that take donations, a page of reads at a time. */
function ClubDonationEvents({ clubId }: { clubId: string }) {
  const { t } = useTranslation('public');
  const club = usePublicClub(clubId);
  const events = usePublicDonationEvents(clubId);
  if (club.isError)
    return <QueryError error={club.error} onRetry={() => void club.refetch()} what={t('pricing.clubWhat')} />;
  if (club.isPending) return <Skeleton height={96} radius="lg" aria-hidden="true" />;
  return (
    <DonationEventList
      events={events}
      heading={t('pricing.giveTo', { club: club.data.name })}
      empty={t('pricing.clubEmpty', { club: club.data.name })}
    />
  );
}

/** Every club's events that take donations (getDonationEvents), soonest first. */
function AllDonationEvents() {
  const { t } = useTranslation('public');
  const events = usePublicAllDonationEvents();
  return <DonationEventList events={events} heading={t('pricing.allHeading')} empty={t('pricing.allEmpty')} />;
}

/**
 * /pricing ("Donation Page"): the donation-taking events of the club named by `?clubId=` (the club
 * page links here with it), else of every club (docs/decisions/0023-buyer-pages.md).
 */
export default function PricingPage() {
  const { t } = useTranslation('public');
  const [searchParams] = useSearchParams();
  const clubId = searchParams.get('clubId') ?? '';
  // The same query DonationEvents reads: an unknown club is one clear not-found, not a page around it.
  const club = usePublicClub(clubId);
  if (club.isError && isMissing(club.error)) return <NotFoundView message={clubNotAvailable()} />;
  return (
    <Stack gap="xl" maw={720} mx="auto">
      <Stack gap="sm">
        <Title order={1} fz={{ base: 28, sm: 40 }}>
          {t('pricing.title')}
        </Title>
        <Text size="lg" c="gray.8">
          {t('pricing.intro', { product: PRODUCT_NAME })}
        </Text>
      </Stack>

      {clubId ? <ClubDonationEvents clubId={clubId} /> : <AllDonationEvents />}

      <Paper component="section" aria-labelledby="how-to-give" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm">
          <Title order={2} fz="xl" id="how-to-give">
            {t('pricing.howTitle')}
          </Title>
          <List type="ordered" spacing="xs">
            <List.Item>{t('pricing.how1')}</List.Item>
            <List.Item>{t('pricing.how2')}</List.Item>
            <List.Item>{t('pricing.how3')}</List.Item>
          </List>
          <Text c="gray.7">{t('pricing.howNote')}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
