import { slugFromAddress } from '@clubtix/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../api/query-client';
import { takeFirstEvent } from '../../first-paint';
import { publicEventBySlugQuery } from './api';

/**
 * The event of /{slug} is asked for as the route starts, beside the page's code, instead of once the
 * page has loaded and rendered (docs/decisions/0046-fast-first-load.md); the page's query finds it.
 */
export function askForEventBySlug({ params }: LoaderFunctionArgs): null {
  const slug = slugFromAddress(params.slug ?? '');
  if (slug === '') return null;
  // Served with the page (docs/decisions/0053-first-paint.md): no second ask.
  const served = takeFirstEvent(slug);
  if (served) queryClient.setQueryData(publicEventBySlugQuery(slug).queryKey, served);
  else void queryClient.prefetchQuery(publicEventBySlugQuery(slug));
  return null;
}
