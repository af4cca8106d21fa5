import { PRODUCT_NAME } from '@clubtix/contract';
import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { LanguagePicker } from '../../../components/language-picker';
import { usePageTitle } from '../../../components/document-title';
import { NotFoundView } from '../../../components/not-found-view';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isMissing, usePublicActiveEvents, usePublicClub, usePublicClubSeries } from '../api';
import { ClubProfile } from '../components/club-profile';
import { EventCard } from '../components/event-card';
import { clubNotAvailable } from '../messages';
import { seriesPublicPath } from '../series-path';

function UpcomingEvents({ clubId, clubName }: { clubId: string; clubName: string }) {
  const { t } = useTranslation('public');
  const events = usePublicActiveEvents(clubId);
  return (
    <Stack component="section" aria-labelledby="club-events" gap="md">
      <Title order={2} fz={{ base: 'xl', sm: 26 }} id="club-events">
        {t('clubPage.upcoming')}
      </Title>
      {events.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-hidden="true">
          <Skeleton height={260} radius="lg" />
          <Skeleton height={260} radius="lg" />
        </SimpleGrid>
      ) : events.isError ? (
        <QueryError error={events.error} onRetry={() => void events.refetch()} what={t('clubPage.eventsWhat')} />
      ) : events.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center" data-testid="club-events-empty">
          <Text fw={600} fz="lg">
            {t('clubPage.emptyTitle')}
          </Text>
          <Text c="gray.7" mt={4}>
            {t('clubPage.empty', { club: clubName })}
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {events.data.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </SimpleGrid>
      )}
      {events.data?.some((event) => event.donationsEnabled) ? (
        <Button
          component={Link}
          to={`/pricing?clubId=${encodeURIComponent(clubId)}`}
          variant="outline"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('clubPage.give')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The club's series, each to its page of dates and season passes; nothing while it has none. */
function ClubSeries({ clubId }: { clubId: string }) {
  const { t } = useTranslation('public');
  const series = usePublicClubSeries(clubId);
  // A failed read leaves the page as it was before series existed: the events above still sell.
  if (!series.data || series.data.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="club-series" gap="md">
      <Title order={2} fz={{ base: 'xl', sm: 26 }} id="club-series">
        {t('clubPage.series')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {series.data.map((item) => (
          <Paper key={item.id} component="article" withBorder radius="lg" p="md" data-testid="club-series-card">
            <Stack gap={6}>
              <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={seriesPublicPath(item.slug)} inherit>
                  {item.name}
                </Anchor>
              </Title>
              {item.description ? (
                <Text size="sm" c="gray.7" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
                  {item.description}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /club/{clubId}/event: a club's public page, in the layout without header (docs/product.md section 2);
 * /club/{slug}/event too, the friendly link (docs/product.md section 21): the API reads either.
 */
export default function ClubPage() {
  const { clubId: idOrSlug = '' } = useParams();
  const { t } = useTranslation('public');
  const club = usePublicClub(idOrSlug);
  usePageTitle(club.data?.name);
  if (club.isPending) return <PageLoader label={t('clubPage.loading')} />;
  if (club.isError) {
    if (isMissing(club.error)) return <NotFoundView message={clubNotAvailable()} />;
    return <QueryError error={club.error} onRetry={() => void club.refetch()} what={t('clubPage.what')} />;
  }
  return (
    <Stack gap={40}>
      {/* The bare layout has no header: the language picker every other header has sits here. */}
      <Group justify="flex-end" mb={-24} data-testid="club-page-language">
        <LanguagePicker />
      </Group>
      <ClubProfile club={club.data} />
      <UpcomingEvents clubId={club.data.id} clubName={club.data.name} />
      <ClubSeries clubId={club.data.id} />
      {/* No header on this layout: a small mark says where the page lives and leads home. */}
      <Anchor
        component={Link}
        to="/"
        c="gray.7"
        size="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, alignSelf: 'center' }}
      >
        <BrandMark size={18} />
        {t('clubPage.ticketsBy', { product: PRODUCT_NAME })}
      </Anchor>
    </Stack>
  );
}
