import { mediaSrcSet, PRODUCT_NAME, placeholderGradient, type TEvent } from '@clubtix/contract';
import { escapeHtml, jsonForScript } from './preview-html';

/**
 * The event page's first paint (docs/decisions/0053-first-paint.md): the top of /{slug} written into
 * index.html by the server, so a buyer on a slow phone sees the event before the app's JavaScript has
 * arrived, and the event itself, as getEventBySlug answers it, so the app does not ask for it again.
 * Pure: text in, text out. Styles are inline (the app's stylesheet styles the app, not this), sized as
 * the app lays the page out (components/layouts.tsx, features/public/components/event-hero.tsx).
 */
export interface FirstPaint {
  event: TEvent;
  /** The slug as the app reads it from the address: the key it looks the event up by. */
  slug: string;
  /** When, in the event's zone and the request's language (mail-format.ts's eventWhen). */
  when: string;
}

const FONT =
  "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif,'Apple Color Emoji','Segoe UI Emoji'";
const MARK =
  '<svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" fill="#7d28dc"/><path d="M14 22a4 4 0 0 0 4-4h28a4 4 0 0 0 4 4v6a4 4 0 0 0 0 8v6a4 4 0 0 0-4 4H18a4 4 0 0 0-4-4v-6a4 4 0 0 0 0-8z" fill="#ffb01b"/><path d="M26 26v12M38 26v12" stroke="#7d28dc" stroke-width="3" stroke-linecap="round"/></svg>';

const STYLE = `<style>
body{margin:0}
#first-paint{font-family:${FONT};color:#000;-webkit-font-smoothing:antialiased}
#first-paint + #root{display:none}
.fp-head{height:60px;border-bottom:1px solid #dee2e6;display:flex;align-items:center;gap:8px;padding:0 12px}
.fp-name{font-weight:700;font-size:18px;color:#6f1fc4}
.fp-main{max-width:1140px;margin:0 auto;padding:16px 12px;display:flex;flex-direction:column;gap:20px}
.fp-hero{position:relative;display:flex;align-items:flex-end;aspect-ratio:2/1;max-height:22rem;border-radius:16px;overflow:hidden;padding:16px;color:#fff}
.fp-hero::before{content:'';position:absolute;inset:0;background:radial-gradient(circle at 85% 15%,rgba(0,0,0,0) 0 18%,rgba(0,0,0,.08) 18.5% 30%,rgba(0,0,0,0) 30.5%),linear-gradient(to top,rgba(0,0,0,.25),rgba(0,0,0,0) 60%)}
.fp-hero h1{position:relative;margin:0;font-size:28px;font-weight:800;line-height:1.15;overflow-wrap:anywhere;text-shadow:0 1px 3px rgba(0,0,0,.35)}
.fp-banner{display:block;width:100%;aspect-ratio:2/1;max-height:22rem;object-fit:cover;border-radius:16px}
.fp-title{margin:16px 0 0;font-size:28px;font-weight:700;line-height:1.3;overflow-wrap:anywhere}
.fp-facts{border:1px solid #dee2e6;border-radius:16px;padding:16px;display:flex;flex-direction:column;gap:12px}
.fp-facts p{margin:0;font-size:16px;line-height:1.55;overflow-wrap:anywhere}
.fp-when{font-weight:600}
.fp-place{white-space:pre-line}
@media (min-width:48em){.fp-head,.fp-main{padding-left:16px;padding-right:16px}.fp-main{padding-top:32px}.fp-hero{padding:32px}.fp-hero h1{font-size:42px}.fp-title{font-size:40px}.fp-facts{padding:20px}}
</style>`;

function hero(event: TEvent): string {
  const title = escapeHtml(event.title);
  if (!event.bannerUrl) {
    return `<div class="fp-hero" style="background-image:${placeholderGradient(event.id)}"><h1>${title}</h1></div>`;
  }
  // The uploaded banner is the page's largest picture; alt left empty here: the heading below says it.
  const srcset = mediaSrcSet(event.bannerUrl);
  const sized = srcset ? ` srcset="${escapeHtml(srcset)}" sizes="(min-width: 71.25em) 1108px, 100vw"` : '';
  return `<div><img class="fp-banner" src="${escapeHtml(event.bannerUrl)}"${sized} alt="" fetchpriority="high"><h1 class="fp-title">${title}</h1></div>`;
}

/** The markup put before the app's root, and the event for the app's query cache. */
export function firstPaintHtml({ event, slug, when }: FirstPaint): string {
  const place = [event.venue, event.address].filter((text): text is string => !!text);
  const facts = [
    `<p class="fp-when">${escapeHtml(when)}</p>`,
    ...place.map((text) => `<p class="fp-place">${escapeHtml(text)}</p>`),
  ];
  return [
    STYLE,
    '<div id="first-paint">',
    `<header class="fp-head">${MARK}<span class="fp-name">${PRODUCT_NAME}</span></header>`,
    `<main class="fp-main">${hero(event)}<section class="fp-facts">${facts.join('')}</section></main>`,
    '</div>',
    `<script type="application/json" id="first-data">${jsonForScript({ slug, event })}</script>`,
  ].join('');
}

const ROOT = /<div id="root"><\/div>/;
const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;

/**
 * index.html with the first paint before the app's root and the page's language on <html>. The app's
 * stylesheet moves from the head to after the first paint: in the head it would hold the first paint
 * back until its 35 KB have come, and the app, shown only once it runs, needs it no sooner.
 */
export function withFirstPaint(indexHtml: string, firstPaint: FirstPaint, language: string): string {
  if (!ROOT.test(indexHtml)) return indexHtml;
  const stylesheets = indexHtml.match(STYLESHEET)?.map((tag) => tag.trim()) ?? [];
  return indexHtml
    .replace(STYLESHEET, '')
    .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(language)}"`)
    .replace(ROOT, () => `${firstPaintHtml(firstPaint)}${stylesheets.join('')}<div id="root"></div>`);
}
