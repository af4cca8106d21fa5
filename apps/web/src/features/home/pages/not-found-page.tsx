import { useParams } from 'react-router';
import { DEFAULT_NOT_FOUND_MESSAGE, NotFoundView } from '../../../components/not-found-view';

/** /not-found/{status?}/{message?}: defaults 404 and "Looks like you're lost!" (docs/product.md section 2). */
export default function NotFoundPage() {
  const { status, message } = useParams();
  return <NotFoundView status={status || 404} message={message || DEFAULT_NOT_FOUND_MESSAGE} />;
}
