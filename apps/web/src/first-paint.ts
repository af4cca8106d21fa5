import type { TEvent } from '@clubtix/contract';

/**
 * The event page's first paint (docs/decisions/0053-first-paint.md): for /{slug} the server writes the
 * top of the page into index.html (#first-paint, the app's root hidden behind it) and the event as
 * getEventBySlug answers it (#first-data). The app takes the event once, instead of asking again, and
 * takes the first paint away as soon as it shows a page of its own.
 */
let firstData: { slug: string; event: TEvent } | null | undefined;

function readFirstData(): { slug: string; event: TEvent } | null {
  const text = document.getElementById('first-data')?.textContent;
  if (!text) return null;
  try {
    // Written by the server from the same mapper as getEventBySlug's answer, which the client trusts too.
    const data = JSON.parse(text) as { slug?: unknown; event?: Partial<TEvent> | null };
    const { slug, event } = data;
    return typeof slug === 'string' && typeof event?.id === 'string' ? { slug, event: event as TEvent } : null;
  } catch {
    return null;
  }
}

/** The event the page was served with, if it is the one of `slug`; once (a later visit asks the API). */
export function takeFirstEvent(slug: string): TEvent | null {
  if (firstData === undefined) firstData = readFirstData();
  if (!firstData || firstData.slug !== slug) return null;
  const { event } = firstData;
  firstData = null;
  return event;
}

/** Shows the app: the server's first paint goes (idempotent). */
export function removeFirstPaint(): void {
  document.getElementById('first-paint')?.remove();
}
