import { PRODUCT_NAME } from '@clubtix/contract';
import { useEffect } from 'react';
import { useMatches } from 'react-router';

export interface RouteHandle {
  title: string;
  /** A page buyers walk through: the quiet header (components/quiet-header.tsx). */
  buyer?: boolean;
}

function hasTitle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string';
}

/** The deepest matched route's title, e.g. for headings of placeholder pages. */
export function useRouteTitle(): string | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (hasTitle(handle)) return handle.title;
  }
  return null;
}

/** Page title: the route title followed by the product name (docs/product.md section 2). */
export function DocumentTitle() {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  return null;
}
