import { PRODUCT_NAME } from '@clubtix/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

export interface RouteHandle {
  /** The key of the route's title under `routes` in the common catalogue (docs/product.md section 22). */
  titleKey: string;
  /** A page buyers walk through: the quiet header (components/quiet-header.tsx). */
  buyer?: boolean;
}

function hasTitle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle && typeof handle.titleKey === 'string';
}

/** The deepest matched route's title in the language shown, e.g. for headings of placeholder pages. */
export function useRouteTitle(): string | null {
  const { t } = useTranslation('common');
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (hasTitle(handle)) return t(`routes.${handle.titleKey}`);
  }
  return null;
}

/**
 * A page's own title in place of its route's, once its data is loaded: the public event page reads
 * the event's title, as its link preview does (docs/product.md section 21). One at a time; cleared
 * when the page goes.
 */
let pageTitle: string | null = null;
const listeners = new Set<() => void>();
function setPageTitle(title: string | null) {
  pageTitle = title;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The tab reads `title | ClubTix` while the calling page shows; null keeps the route's title. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    setPageTitle(title);
    return () => setPageTitle(null);
  }, [title]);
}

/** Page title: the page's or the route's title followed by the product name (docs/product.md section 2). */
export function DocumentTitle() {
  const own = useSyncExternalStore(subscribe, () => pageTitle);
  const route = useRouteTitle();
  const title = own ?? route;
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  return null;
}
