import type { TEvent, TSponsorshipPackage } from '@clubtix/contract';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';
import { usePublicPackages } from '../api';
import { PackageList } from './package-list';

/** The event's active sponsorship packages under an h2; the caller decides whether sponsoring is on. */
export function SponsorshipSection({
  event,
  columns,
  intro,
  footer,
  packageAction,
}: {
  event: Pick<TEvent, 'id' | 'currency'>;
  columns?: 1 | 2 | 3;
  intro?: ReactNode;
  footer?: ReactNode;
  packageAction?: (item: TSponsorshipPackage) => ReactNode;
}) {
  const { t } = useTranslation('public');
  const packages = usePublicPackages(event.id);
  return (
    <Stack component="section" aria-labelledby="event-sponsorship" gap="md">
      <Title order={2} fz={{ base: 'xl', sm: 24 }} id="event-sponsorship">
        {t('packages.title')}
      </Title>
      {intro}
      {packages.isPending ? (
        <Skeleton height={120} radius="lg" />
      ) : packages.isError ? (
        <QueryError error={packages.error} onRetry={() => void packages.refetch()} what={t('packages.what')} />
      ) : packages.data.length === 0 ? (
        <Text c="gray.7">{t('packages.none')}</Text>
      ) : (
        <>
          <PackageList packages={packages.data} currency={event.currency} columns={columns} action={packageAction} />
          {footer}
        </>
      )}
    </Stack>
  );
}
