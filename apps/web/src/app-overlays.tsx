import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { useTranslation } from 'react-i18next';

/**
 * What the app shows over its pages: the progress bar, toasts and confirm dialogs. Each is driven
 * through its store (nprogress, notifications, modals), so these can mount after the first page
 * without losing what was asked before; main.tsx loads them once that page is up
 * (docs/decisions/0046-fast-first-load.md).
 */
export default function AppOverlays() {
  const { t } = useTranslation('common');
  return (
    <>
      <NavigationProgress size={3} aria-label={t('loading')} />
      <Notifications position="bottom-left" limit={3} zIndex={1000} pauseResetOnHover="notification" />
      <ModalsProvider labels={{ confirm: t('actions.confirm'), cancel: t('actions.cancel') }} />
    </>
  );
}
