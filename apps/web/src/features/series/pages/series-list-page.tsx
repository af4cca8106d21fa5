import type { TSeries } from '@clubtix/contract';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormModal } from '../../../components/form-modal';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useSession } from '../../../session/session';
import { showToast } from '../../../toasts/toasts';
import { useClubEvents } from '../../events/api';
import { useClubSeries } from '../api';
import { SeriesForm } from '../components/series-form';
import { seriesPublicPath } from '../../public/series-path';
import { seriesAdminPath } from '../paths';

function SeriesCard({ series, dateCount }: { series: TSeries; dateCount: number | undefined }) {
  const { t } = useTranslation('series');
  const titleId = useId();
  return (
    <Card component="article" aria-labelledby={titleId} withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Title order={2} id={titleId} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={seriesAdminPath(series.id)} inherit>
            {series.name}
          </Anchor>
        </Title>
        {series.description ? (
          <Text size="sm" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
            {series.description}
          </Text>
        ) : null}
        {dateCount === undefined ? null : (
          <Text size="sm" data-testid="series-date-count">
            {t('list.dates', { count: dateCount })}
          </Text>
        )}
        <Group gap={6}>
          <Button component={Link} to={seriesAdminPath(series.id)} size="compact-sm" variant="light">
            {t('list.open')}
          </Button>
          <Button component={Link} to={seriesPublicPath(series.slug)} size="compact-sm" variant="outline">
            {t('list.public')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /series: the club's series (seasons of dated events), and a new one. */
export default function SeriesListPage() {
  const { t } = useTranslation(['series', 'events']);
  const navigate = useNavigate();
  const clubId = useSession().user?.clubId;
  const series = useClubSeries(clubId);
  const events = useClubEvents(clubId);
  const [opened, { open, close }] = useDisclosure(false);

  const dateCount = (seriesId: string) => events.data?.filter((event) => event.seriesId === seriesId).length;

  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.intro')}
        actions={<Button onClick={open}>{t('list.new')}</Button>}
      />
      {series.isPending ? <PageLoader label={t('list.loading')} /> : null}
      {series.isError ? (
        <QueryError error={series.error} onRetry={() => void series.refetch()} what={t('list.what')} />
      ) : null}
      {series.data?.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="series-empty">
          {t('list.empty')}
        </Text>
      ) : null}
      <Stack gap="sm" maw={820}>
        {series.data?.map((item) => (
          <SeriesCard key={item.id} series={item} dateCount={dateCount(item.id)} />
        ))}
      </Stack>
      <FormModal title={t('form.newTitle')} opened={opened} onClose={close}>
        {opened ? (
          <SeriesForm
            onCancel={close}
            onSaved={(saved) => {
              showToast('success', t('form.created', { name: saved.name }));
              close();
              void navigate(seriesAdminPath(saved.id));
            }}
          />
        ) : null}
      </FormModal>
    </>
  );
}
