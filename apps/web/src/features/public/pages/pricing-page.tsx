import type { TEvent } from '@clubtix/contract';
import { PRODUCT_NAME } from '@clubtix/contract';
import { Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { QueryError } from '../../../components/query-error';
import { isMissing, usePublicAllDonationEvents, usePublicClub, usePublicDonationEvents } from '../api';
import { formatEventDateTime } from '../event-dates';
import { CLUB_NOT_AVAILABLE } from '../messages';

function DonationEventRow({ event }: { event: TEvent }) {
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
        <Button component={Link} to={`/event/${event.id}/donation`} aria-label={`Donate to ${event.title}`}>
          Donate
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
  if (events.isError)
    return <QueryError error={events.error} onRetry={() => void events.refetch()} what="the events" />;
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
          Show more events
        </Button>
      ) : null}
    </Stack>
  );
}

/** The club's events that take donations, a page of reads at a time. */
function ClubDonationEvents({ clubId }: { clubId: string }) {
  const club = usePublicClub(clubId);
  const events = usePublicDonationEvents(clubId);
  if (club.isError) return <QueryError error={club.error} onRetry={() => void club.refetch()} what="the club" />;
  if (club.isPending) return <Skeleton height={96} radius="lg" aria-hidden="true" />;
  return (
    <DonationEventList
      events={events}
      heading={`Give to ${club.data.name}`}
      empty={`No event of ${club.data.name} takes donations right now`}
    />
  );
}

/** Every club's events that take donations (getDonationEvents), soonest first. */
function AllDonationEvents() {
  const events = usePublicAllDonationEvents();
  return (
    <DonationEventList events={events} heading="Events taking donations" empty="No event takes donations right now" />
  );
}

/**
 * /pricing ("Donation Page"): the donation-taking events of the club named by `?clubId=` (the club
 * page links here with it), else of every club (docs/decisions/0023-buyer-pages.md).
 */
export default function PricingPage() {
  const [searchParams] = useSearchParams();
  const clubId = searchParams.get('clubId') ?? '';
  // The same query DonationEvents reads: an unknown club is one clear not-found, not a page around it.
  const club = usePublicClub(clubId);
  if (club.isError && isMissing(club.error)) return <NotFoundView message={CLUB_NOT_AVAILABLE} />;
  return (
    <Stack gap="xl" maw={720} mx="auto">
      <Stack gap="sm">
        <Title order={1} fz={{ base: 28, sm: 40 }}>
          Support a club&apos;s events
        </Title>
        <Text size="lg" c="gray.8">
          Clubs on {PRODUCT_NAME} can take donations and offer sponsorship packages for their events. What you give goes
          to the club that runs the event.
        </Text>
      </Stack>

      {clubId ? <ClubDonationEvents clubId={clubId} /> : <AllDonationEvents />}

      <Paper component="section" aria-labelledby="how-to-give" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm">
          <Title order={2} fz="xl" id="how-to-give">
            How to give
          </Title>
          <List type="ordered" spacing="xs">
            <List.Item>
              Choose Donate next to an event above, or open the event&apos;s page and choose Donate.
            </List.Item>
            <List.Item>
              Give an amount of your choice, or look at the sponsorship packages and what each one offers.
            </List.Item>
            <List.Item>Amounts are shown in the event&apos;s own currency; you pay by card.</List.Item>
          </List>
          <Text c="gray.7">Not every event takes donations: the club decides.</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
