import { CURRENCIES, formatMoney, type TPass, type TSeries, type TSeriesDate } from '@clubtix/contract';
import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/document-title';
import { NotFoundView } from '../../../components/not-found-view';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { currentLanguage } from '../../../i18n/i18n';
import { isMissing, usePublicPasses, usePublicSeries } from '../api';
import { PassPurchaseForm } from '../components/pass-purchase-form';
import { PlainText } from '../components/plain-text';
import { formatEventRange } from '../event-dates';
import { seriesNotAvailable } from '../messages';
import { placesLeftText } from '../places-left';
import { useSlugParam } from '../slug-param';

/**
 * One date of the series, linking to its event page where its tickets are sold. The series' dates
 * carry no zone of their own, so they are shown on the visitor's clock.
 */
function SeriesDateCard({ date }: { date: TSeriesDate }) {
  const { t } = useTranslation('public');
  const titleId = useId();
  const whenId = useId();
  const when = formatEventRange(date.startDate, date.endDate, date.timezone);
  const isSoldOut = date.available !== null && date.available <= 0;
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-labelledby={titleId} data-testid="series-date">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Title order={3} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {date.title}
          </Title>
          <Text size="sm" fw={500} id={whenId}>
            {when}
          </Text>
          {date.available === null ? null : (
            <Text size="sm" fw={600} c={isSoldOut ? 'red.9' : 'gray.8'} data-testid="series-date-places">
              {placesLeftText(date.available)}
            </Text>
          )}
        </Stack>
        <Button
          component={Link}
          to={`/${encodeURIComponent(date.slug)}`}
          variant={isSoldOut ? 'default' : 'filled'}
          // Said with the date's title and time, so each row's link tells which date it is for.
          aria-describedby={`${titleId} ${whenId}`}
        >
          {t('series.tickets')}
        </Button>
      </Group>
    </Card>
  );
}

function PassCard({ pass, series }: { pass: TPass; series: TSeries }) {
  const { t } = useTranslation('public');
  const titleId = useId();
  const [isBuying, setBuying] = useState(false);
  const currency = CURRENCIES.find((code) => code === pass.currency);
  // A pass of a series with no date yet has nothing to admit to, nor a currency: not offered.
  if (!currency) return null;
  const isSoldOut = pass.available !== null && pass.available <= 0;
  return (
    <Paper component="article" aria-labelledby={titleId} withBorder radius="lg" p="md" data-testid="pass-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {pass.name}
          </Title>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {pass.price === 0 ? t('offer.free') : formatMoney(pass.price, currency, currentLanguage())}
          </Text>
        </Group>
        {isSoldOut ? (
          <Badge color="red" variant="light" size="lg" tt="none">
            {t('offer.soldOut')}
          </Badge>
        ) : pass.available === null ? null : (
          <Text size="sm" c="gray.8">
            {t('series.passesLeft', { count: pass.available })}
          </Text>
        )}
        {isSoldOut ? null : isBuying ? (
          <PassPurchaseForm
            pass={pass}
            currency={currency}
            seriesName={series.name}
            seriesSlug={series.slug}
            onClose={() => setBuying(false)}
          />
        ) : (
          <Button onClick={() => setBuying(true)} style={{ alignSelf: 'flex-start' }}>
            {t('series.buyPass')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function SeasonPasses({ series }: { series: TSeries }) {
  const { t } = useTranslation('public');
  const passes = usePublicPasses(series.id);
  const offered = passes.data?.filter((pass) => pass.currency !== null) ?? [];
  if (passes.isPending) return <PageLoader label={t('series.loadingPasses')} />;
  if (passes.isError)
    return <QueryError error={passes.error} onRetry={() => void passes.refetch()} what={t('series.passesWhat')} />;
  if (offered.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="series-passes" gap="sm">
      <Title order={2} fz={{ base: 'xl', sm: 26 }} id="series-passes">
        {t('series.passes')}
      </Title>
      <Text c="gray.7">{t('series.passesIntro')}</Text>
      {offered.map((pass) => (
        <PassCard key={pass.id} pass={pass} series={series} />
      ))}
    </Stack>
  );
}

/** /series/{slug}: a club's season, its dates soonest first (each to its event page) and its season passes. */
export default function SeriesPage() {
  const { t } = useTranslation('public');
  const slug = useSlugParam();
  const found = usePublicSeries(slug);
  usePageTitle(found.data?.series.name);
  if (found.isPending) return <PageLoader label={t('series.loading')} />;
  if (found.isError) {
    if (isMissing(found.error)) return <NotFoundView message={seriesNotAvailable()} />;
    return <QueryError error={found.error} onRetry={() => void found.refetch()} what={t('series.what')} />;
  }
  const { series, events } = found.data;
  return (
    <Stack gap={32} maw={820} mx="auto">
      <Stack gap="xs">
        <Title order={1} fz={{ base: 28, sm: 36 }} style={{ overflowWrap: 'anywhere' }}>
          {series.name}
        </Title>
        {series.description ? <PlainText c="gray.8">{series.description}</PlainText> : null}
      </Stack>
      <Stack component="section" aria-labelledby="series-dates" gap="sm">
        <Title order={2} fz={{ base: 'xl', sm: 26 }} id="series-dates">
          {t('series.dates')}
        </Title>
        {events.length === 0 ? (
          <Text c="gray.7" data-testid="series-no-dates">
            {t('series.noDates')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="series-dates">
            {events.map((date) => (
              <SeriesDateCard key={date.id} date={date} />
            ))}
          </Stack>
        )}
      </Stack>
      <SeasonPasses series={series} />
    </Stack>
  );
}
