// Test helpers for the pages the server writes (previews.int.test.ts, first-paint.int.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app's own index.html (apps/web/index.html), as the built one carries the same head. */
export const INDEX_HTML = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/index.html'),
  'utf8',
);

/** A title that tries to end the page's scripts and attributes early. */
export const HOSTILE = `Quiz "night" & 'fun' </script><script>alert(1)</script>`;

/** Text as a browser reads it back from escaped HTML. */
export const decodeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
