import type { TEvent } from '@clubtix/contract';
import { Anchor, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isMissing, usePublicEvent } from '../api';
import { DonationForm } from '../components/donation-form';
import { EventHero } from '../components/event-hero';
import { SponsorshipSection } from '../components/sponsorship-section';
import { formatEventDateTime } from '../event-dates';
import { EVENT_NOT_AVAILABLE } from '../messages';

function SupportOptions({ event }: { event: TEvent }) {
  const { donationsEnabled, sponsorshipsEnabled } = event;
  if (!donationsEnabled && !sponsorshipsEnabled) {
    return (
      <Paper withBorder radius="lg" p="xl" ta="center" data-testid="donations-closed">
        <Title order={2} fz="lg">
          Donations are not open for this event
        </Title>
        <Text c="gray.7" mt={4}>
          The club is not taking donations or sponsorships for it at the moment.
        </Text>
      </Paper>
    );
  }
  const both = donationsEnabled && sponsorshipsEnabled;
  return (
    <Grid gap="xl">
      {donationsEnabled ? (
        <Grid.Col span={{ base: 12, md: both ? 5 : 8 }}>
          <DonationForm currency={event.currency} />
        </Grid.Col>
      ) : null}
      {sponsorshipsEnabled ? (
        <Grid.Col span={{ base: 12, md: both ? 7 : 12 }}>
          <SponsorshipSection
            event={event}
            columns={both ? 1 : 2}
            intro={
              <Text c="gray.7">
                Sponsors give a set amount and receive the benefits listed. Online payment opens soon.
              </Text>
            }
          />
        </Grid.Col>
      ) : null}
    </Grid>
  );
}

/** /event/{eventId}/donation ("Support Event"): what a supporter can give to one event. */
export default function DonationPage() {
  const { eventId = '' } = useParams();
  const event = usePublicEvent(eventId);
  if (event.isPending) return <PageLoader label="Loading the event" />;
  if (event.isError) {
    if (isMissing(event.error)) return <NotFoundView message={EVENT_NOT_AVAILABLE} />;
    return <QueryError error={event.error} onRetry={() => void event.refetch()} what="this event" />;
  }
  const data = event.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/${encodeURIComponent(data.slug)}`} c="purple.7" size="sm" fw={600}>
        ← Back to the event page
      </Anchor>
      <EventHero event={data} heading={`Support ${data.title}`} compact />
      <Text fw={500} data-testid="event-dates">
        {formatEventDateTime(data.startDate, data.timezone)}
        {data.venue ? ` · ${data.venue}` : ''}
      </Text>
      <SupportOptions event={data} />
    </Stack>
  );
}
