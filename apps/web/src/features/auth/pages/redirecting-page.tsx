import { PageLoader } from '../../../components/page-loader';

/** Rendered only for an instant: /signout and /dashboard redirect from their loaders. */
export default function RedirectingPage() {
  return <PageLoader label="Redirecting" />;
}
