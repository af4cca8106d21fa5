import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';

/** Rendered only for an instant: /signout and /dashboard redirect from their loaders. */
export default function RedirectingPage() {
  const { t } = useTranslation('auth');
  return <PageLoader label={t('redirecting')} />;
}
