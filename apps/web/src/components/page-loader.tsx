import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader({ label }: { label?: string }) {
  // Never suspends: it is itself the fallback while words load, and the common ones are always there.
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Center py="xl" role="status" aria-label={label ?? t('loading')}>
      <Loader />
    </Center>
  );
}
