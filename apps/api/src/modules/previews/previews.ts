import { statSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PRODUCT_NAME, slugFromAddress, type TClub, type TLanguage } from '@clubtix/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../core/errors';
import type { Deps } from '../../core/deps';
import type { ClubRow, EventRow, SeriesRow } from '../../db/schema';
import { findClub } from '../clubs/clubs.service';
import { absoluteUrl, summarise, withPreview, type PreviewMeta } from './preview-html';
import { findEventPreview, findSeriesPreview } from './previews.repo';
import { withFirstPaint } from './first-paint';
import { toEventDto } from '../events/events.mapper';
import { eventWhen, oneLine } from '../mail/mail-format';

/** The SPA's index.html with a page's preview in its head, or null to serve it as it is. */
export type PreviewPage = (url: string, language: TLanguage) => Promise<string | null>;

const EVENT_PATH = /^\/([^/.?]+)$/;
const CLUB_PATH = /^\/club\/([^/.?]+)\/event$/;
/** The web's route /series/:slug (apps/web/src/routes.tsx), where a buyer picks a date of a series. */
const SERIES_PATH = /^\/series\/([^/.?]+)$/;

const clubPageUrl = (publicUrl: string, club: Pick<ClubRow, 'id' | 'slug'>) =>
  `${publicUrl}/club/${encodeURIComponent(club.slug ?? club.id)}/event`;

/** Minor units as schema.org reads a price: "12.50" (every currency here has two decimals: money.ts). */
const priceText = (minor: number) => (minor / 100).toFixed(2);

/**
 * An event's preview: its date (in its own zone, written in the page's language, as the page's first
 * paint writes it) and its venue lead the description, since a shared link is mostly read for when
 * and where; then the event's own words. og:site_name is the club's name: the club is the sender
 * (docs/decisions/0067-the-club-as-sender.md).
 */
function eventMeta(
  publicUrl: string,
  url: string,
  { event, club, lowestPrice }: { event: EventRow; club: ClubRow; lowestPrice: number | null },
  when: string,
): PreviewMeta {
  const summary = summarise(event.description);
  const image = absoluteUrl(publicUrl, event.bannerUrl);
  const place = event.venue || event.address;
  // One summary of the three, so the whole stays within the description's length.
  const description = summarise(
    [when, ...(place ? [oneLine(place)] : []), ...(event.description?.trim() ? [event.description] : [])].join(' · '),
  );
  return {
    title: event.title,
    description,
    url,
    image,
    largeImage: true,
    siteName: club.name,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: event.title,
      startDate: event.startDate.toISOString(),
      endDate: event.endDate.toISOString(),
      // Only published events get a preview; a cancelled one is not shown publicly (events.repo.ts).
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      url,
      ...(summary ? { description: summary } : {}),
      ...(image ? { image: [image] } : {}),
      ...(place
        ? { location: { '@type': 'Place', name: event.venue || event.address, address: event.address ?? undefined } }
        : {}),
      organizer: { '@type': 'Organization', name: club.name, url: clubPageUrl(publicUrl, club) },
      ...(lowestPrice !== null
        ? {
            offers: {
              '@type': 'AggregateOffer',
              lowPrice: priceText(lowestPrice),
              priceCurrency: event.currency.toUpperCase(),
              url,
            },
          }
        : {}),
    },
  };
}

function clubMeta(publicUrl: string, url: string, club: TClub): PreviewMeta {
  const description = summarise(club.description);
  const logo = absoluteUrl(publicUrl, club.logoUrl);
  return {
    title: club.name,
    description,
    url,
    image: logo,
    largeImage: false,
    siteName: club.name,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: club.name,
      url,
      ...(description ? { description } : {}),
      ...(logo ? { logo } : {}),
      ...(club.website ? { sameAs: [club.website] } : {}),
    },
  };
}

/** A series' preview: its name and its own words; the club is the sender, as for an event. */
function seriesMeta(
  publicUrl: string,
  url: string,
  { series, club }: { series: SeriesRow; club: ClubRow },
): PreviewMeta {
  const description = summarise(series.description);
  return {
    title: series.name,
    description,
    url,
    image: null,
    largeImage: false,
    siteName: club.name,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'EventSeries',
      name: series.name,
      url,
      ...(description ? { description } : {}),
      organizer: { '@type': 'Organization', name: club.name, url: clubPageUrl(publicUrl, club) },
    },
  };
}

async function clubOrNull(deps: Deps, idOrSlug: string): Promise<TClub | null> {
  try {
    return await findClub(deps, idOrSlug);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/** index.html read once and again only when the file changes (a new build), not per request. */
function indexCache(webDistDir: string): () => string {
  const file = path.join(webDistDir, 'index.html');
  let cached: { mtimeMs: number; size: number; html: string } | null = null;
  return () => {
    const stat = statSync(file);
    if (!cached || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      cached = { mtimeMs: stat.mtimeMs, size: stat.size, html: readFileSync(file, 'utf8') };
    }
    return cached.html;
  };
}

/**
 * Link previews for the event page /{slug}, the club page /club/{idOrSlug}/event and the series page
 * /series/{slug}
 * (docs/product.md section 21; docs/decisions/0041-link-previews-and-club-links.md), and the event
 * page's first paint (docs/decisions/0053-first-paint.md). Anything else,
 * a draft or an unknown address: null, and the SPA's index.html goes out unchanged.
 */
export function createPreviews(deps: Deps, webDistDir: string, log: FastifyBaseLogger): PreviewPage {
  const readIndex = indexCache(webDistDir);
  const { publicUrl } = deps.config;
  return async (rawUrl, language) => {
    const pathname = rawUrl.split(/[?#]/, 1)[0]!;
    const eventSlug = EVENT_PATH.exec(pathname)?.[1];
    const clubKey = CLUB_PATH.exec(pathname)?.[1];
    const seriesSlug = SERIES_PATH.exec(pathname)?.[1];
    if (!eventSlug && !clubKey && !seriesSlug) return null;
    const url = `${publicUrl}${pathname}`;
    try {
      if (eventSlug) {
        const slug = slugFromAddress(eventSlug);
        const found = await findEventPreview(deps.db, slug);
        if (!found) return null;
        const when = eventWhen(found.event, language);
        const html = withPreview(
          readIndex(),
          eventMeta(publicUrl, url, found, when),
          `${found.event.title} | ${PRODUCT_NAME}`,
        );
        const firstPaint = { event: toEventDto(found.event), slug, when };
        return withFirstPaint(html, firstPaint, language);
      }
      if (seriesSlug) {
        const found = await findSeriesPreview(deps.db, slugFromAddress(seriesSlug));
        if (!found) return null;
        return withPreview(readIndex(), seriesMeta(publicUrl, url, found), `${found.series.name} | ${PRODUCT_NAME}`);
      }
      const club = await clubOrNull(deps, clubKey!);
      if (!club) return null;
      return withPreview(readIndex(), clubMeta(publicUrl, url, club), `${club.name} | ${PRODUCT_NAME}`);
    } catch (error) {
      // A preview is an extra: the page itself still loads when it cannot be read.
      log.warn({ err: error }, 'link preview failed');
      return null;
    }
  };
}
