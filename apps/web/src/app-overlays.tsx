import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { useTranslation } from 'react-i18next';

/**
 * What the app shows over its pages: the progress bar and toasts. Each is driven through its store
 * (nprogress, notifications), so these can mount after the first page without losing what was asked
 * before (confirm dialogs cannot: modals.open* is an event heard only by a mounted provider, so
 * ModalsProvider is in main.tsx); main.tsx loads them once that page is up
 * (docs/decisions/0046-fast-first-load.md).
 */
export default function AppOverlays() {
  const { t } = useTranslation('common');
  return (
    <>
      <NavigationProgress size={3} aria-label={t('loading')} />
      <Notifications position="bottom-left" limit={3} zIndex={1000} pauseResetOnHover="notification" />
    </>
  );
}
