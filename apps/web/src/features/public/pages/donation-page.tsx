import type { TEvent } from '@clubtix/contract';
import { Alert, Anchor, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isMissing, usePublicEvent, usePublicPackages } from '../api';
import { DonationForm } from '../components/donation-form';
import { EventHero } from '../components/event-hero';
import { ReturnedPayment } from '../components/returned-payment';
import { SponsorshipForm } from '../components/sponsorship-form';
import { SponsorshipSection } from '../components/sponsorship-section';
import { formatEventDateTime } from '../event-dates';
import { eventNotAvailable } from '../messages';
import { isSponsorshipFlow } from '../support-paths';

/**
 * Sponsorship on this page: the packages, each with "Sponsor with <name>"; choosing one puts its id
 * in the address (?packageId=), so the event page can link straight to a package's form.
 */
function Sponsoring({ event, columns }: { event: TEvent; columns: 1 | 2 }) {
  const { t } = useTranslation('public');
  const [searchParams, setSearchParams] = useSearchParams();
  const packageId = searchParams.get('packageId');
  const packages = usePublicPackages(event.id);
  const chosen = packageId ? packages.data?.find((item) => item.id === packageId) : undefined;
  // Choosing another package goes back to the list this visitor came from (packages alone, or both).
  const flow: Record<string, string> = searchParams.has('sponsor') ? { sponsor: '1' } : {};
  const choose = (id: string | null) => setSearchParams(id ? { ...flow, packageId: id } : flow, { replace: true });

  if (chosen)
    return <SponsorshipForm key={chosen.id} event={event} pkg={chosen} onChooseAnother={() => choose(null)} />;
  return (
    <Stack gap="md">
      {packageId && packages.isSuccess ? (
        <Alert color="orange" title={t('donationPage.packageGoneTitle')} data-testid="package-gone">
          {t('donationPage.packageGone')}
        </Alert>
      ) : null}
      <SponsorshipSection
        event={event}
        columns={columns}
        intro={<Text c="gray.7">{t('donationPage.sponsorIntro')}</Text>}
        packageAction={(item) => (
          <Button variant="light" mt="xs" onClick={() => choose(item.id)} style={{ alignSelf: 'flex-start' }}>
            {t('eventPage.sponsorWith', { name: item.name })}
          </Button>
        )}
      />
    </Stack>
  );
}

function SupportOptions({ event }: { event: TEvent }) {
  const { t } = useTranslation('public');
  const [searchParams] = useSearchParams();
  const { sponsorshipsEnabled } = event;
  // The sponsorship flow shows the packages alone; with sponsorships off it falls back to donating.
  const donationsEnabled = event.donationsEnabled && !(sponsorshipsEnabled && isSponsorshipFlow(searchParams));
  if (!donationsEnabled && !sponsorshipsEnabled) {
    return (
      <Paper withBorder radius="lg" p="xl" ta="center" data-testid="donations-closed">
        <Title order={2} fz="lg">
          {t('donationPage.closedTitle')}
        </Title>
        <Text c="gray.7" mt={4}>
          {t('donationPage.closed')}
        </Text>
      </Paper>
    );
  }
  const both = donationsEnabled && sponsorshipsEnabled;
  return (
    <Grid gap="xl">
      {donationsEnabled ? (
        <Grid.Col span={{ base: 12, md: both ? 5 : 8 }}>
          <DonationForm event={event} />
        </Grid.Col>
      ) : null}
      {sponsorshipsEnabled ? (
        <Grid.Col span={{ base: 12, md: both ? 7 : 12 }}>
          <Sponsoring event={event} columns={both ? 1 : 2} />
        </Grid.Col>
      ) : null}
    </Grid>
  );
}

/** /event/{eventId}/donation ("Support Event"): donate to one event, or sponsor it with a package. */
export default function DonationPage() {
  const { t } = useTranslation('public');
  const { eventId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const event = usePublicEvent(eventId);
  if (event.isPending) return <PageLoader label={t('eventPage.loading')} />;
  if (event.isError) {
    if (isMissing(event.error)) return <NotFoundView message={eventNotAvailable()} />;
    return <QueryError error={event.error} onRetry={() => void event.refetch()} what={t('eventPage.what')} />;
  }
  const data = event.data;
  // Back from a card payment that left the page (Stripe's 3-D Secure by redirect).
  const returnedIntent = searchParams.get('payment_intent');
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/${encodeURIComponent(data.slug)}`} c="purple.7" size="sm" fw={600}>
        ← {t('backToEvent')}
      </Anchor>
      <EventHero
        event={data}
        heading={t(
          data.sponsorshipsEnabled && isSponsorshipFlow(searchParams)
            ? 'donationPage.sponsorHeading'
            : 'donationPage.supportHeading',
          { title: data.title },
        )}
        compact
      />
      <Text fw={500} data-testid="event-dates">
        {formatEventDateTime(data.startDate, data.timezone)}
        {data.venue ? ` · ${data.venue}` : ''}
      </Text>
      {returnedIntent ? (
        <ReturnedPayment
          event={data}
          paymentIntentId={returnedIntent}
          failed={searchParams.get('redirect_status') === 'failed'}
        />
      ) : (
        <SupportOptions event={data} />
      )}
    </Stack>
  );
}
