/**
 * What a link preview puts in the head of the SPA's index.html (docs/product.md section 21;
 * docs/decisions/0041-link-previews-and-club-links.md). Pure: text in, text out.
 */
export interface PreviewMeta {
  title: string;
  description: string | null;
  /** Absolute: PUBLIC_URL and the path asked for. */
  url: string;
  /** Absolute, or null for none. */
  image: string | null;
  /** The large card for a banner; a logo is small, and reads better as a summary card. */
  largeImage: boolean;
  /** og:site_name: the club's name (docs/decisions/0067-the-club-as-sender.md). */
  siteName: string;
  /** A schema.org object (Event, Organization), written as JSON-LD. */
  structuredData: Record<string, unknown>;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/**
 * JSON safe inside <script type="application/ld+json">: `<` as \u003c so no `</script>` (or `<!--`)
 * can end the element early; `>`, `&` and the two JavaScript line separators likewise, for parsers
 * that read the block as script. JSON readers decode them back to the same text.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const DESCRIPTION_LENGTH = 200;

/** Plain text on one line, cut at a word near `max` characters with an ellipsis; null when empty. */
export function summarise(text: string | null | undefined, max = DESCRIPTION_LENGTH): string | null {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!flat) return null;
  const chars = [...flat];
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length >= max / 2 ? atWord : cut).trimEnd()}…`;
}

/** An image path of this server (/api/media/...) made absolute; an http(s) address stays as it is. */
export function absoluteUrl(publicUrl: string, address: string | null | undefined): string | null {
  if (!address) return null;
  return address.startsWith('/') ? `${publicUrl}${address}` : address;
}

function metaTags(meta: PreviewMeta): string[] {
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const tags = [
    property('og:type', 'website'),
    property('og:title', meta.title),
    property('og:url', meta.url),
    property('og:site_name', meta.siteName),
    named('twitter:card', meta.image && meta.largeImage ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.title),
  ];
  if (meta.description) {
    tags.push(property('og:description', meta.description), named('twitter:description', meta.description));
  }
  if (meta.image) tags.push(property('og:image', meta.image), named('twitter:image', meta.image));
  tags.push(`<script type="application/ld+json">${jsonForScript(meta.structuredData)}</script>`);
  return tags;
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>/i;

/**
 * index.html with this page's title and description in place of the product's, and the preview
 * tags before </head>. Replacement functions, not strings, so a `$&` in a title stays text.
 */
export function withPreview(indexHtml: string, meta: PreviewMeta, fullTitle: string): string {
  const title = `<title>${escapeHtml(fullTitle)}</title>`;
  let html = TITLE.test(indexHtml) ? indexHtml.replace(TITLE, () => title) : indexHtml;
  const description = meta.description ? `<meta name="description" content="${escapeHtml(meta.description)}" />` : '';
  html = DESCRIPTION.test(html) ? html.replace(DESCRIPTION, () => description) : html;
  const extra = [...(TITLE.test(indexHtml) ? [] : [title]), ...(DESCRIPTION.test(indexHtml) ? [] : [description])];
  const head = [...extra.filter(Boolean), ...metaTags(meta)].join('\n    ');
  return html.includes('</head>') ? html.replace('</head>', () => `    ${head}\n  </head>`) : html;
}
