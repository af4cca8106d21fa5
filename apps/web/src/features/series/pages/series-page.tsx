import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormModal } from '../../../components/form-modal';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useSession } from '../../../session/session';
import { showToast } from '../../../toasts/toasts';
import { seriesPublicPath } from '../../public/series-path';
import { useClubSeries } from '../api';
import { SeriesEvents } from '../components/series-events';
import { SeriesForm } from '../components/series-form';
import { SeriesPassSales } from '../components/series-pass-sales';
import { SeriesPasses } from '../components/series-passes';

/**
 * /series/edit/{seriesId}: one series, its dates and its season passes. There is no read of one
 * series for its admin: the club's list holds it (and another club's is not in it: not found).
 */
export default function SeriesPage() {
  // Every namespace the screen's parts read, loaded before it shows: no flash of a half-loaded page.
  const { t } = useTranslation(['series', 'events', 'attendees']);
  const { seriesId = '' } = useParams();
  const clubId = useSession().user?.clubId;
  const list = useClubSeries(clubId);
  const [editing, { open, close }] = useDisclosure(false);

  if (list.isPending) return <PageLoader label={t('page.loading')} />;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} what={t('page.what')} />;
  const series = list.data.find((item) => item.id === seriesId);
  if (!series) return <NotFoundView status={404} message={t('page.notFound')} />;

  return (
    <>
      <PageHeader
        title={series.name}
        description={t('page.kind')}
        actions={
          <>
            <Button component={Link} to="/series" variant="subtle">
              {t('page.all')}
            </Button>
            <Button variant="default" onClick={open}>
              {t('page.edit')}
            </Button>
            <Button component={Link} to={seriesPublicPath(series.slug)} variant="outline">
              {t('page.public')}
            </Button>
          </>
        }
      />
      {series.description ? (
        <Text maw={820} style={{ whiteSpace: 'pre-line' }} data-testid="series-description">
          {series.description}
        </Text>
      ) : null}
      <SeriesEvents series={series} />
      <SeriesPasses series={series} />
      <SeriesPassSales series={series} />
      <FormModal title={t('form.editTitle')} opened={editing} onClose={close}>
        {editing ? (
          <SeriesForm
            series={series}
            onCancel={close}
            onSaved={() => {
              showToast('success', t('form.saved'));
              close();
            }}
          />
        ) : null}
      </FormModal>
    </>
  );
}
