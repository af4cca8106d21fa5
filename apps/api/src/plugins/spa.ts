import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const REVALIDATED = new Set(['sw.js', 'manifest.webmanifest', 'index.html']);
/** The suffix of a precompressed copy, which is what setHeaders sees when one is sent. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/** index.html with a page's link preview in its head, or null for the file as it is. */
export type PreviewHook = (url: string) => Promise<string | null>;

/**
 * Serves the built single-page app; every path outside /api gets index.html and the SPA router decides.
 * `preview` may put an event's or a club's title and tags in it first (modules/previews/previews.ts).
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string, preview?: PreviewHook): Promise<void> {
  const index = path.join(webDistDir, 'index.html');
  if (!existsSync(index)) {
    app.setNotFoundHandler((_request, reply) =>
      reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`, then start again.'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies beside each text file (apps/web/precompress.ts): sent by the
    // request's Accept-Encoding, with Vary: Accept-Encoding (docs/decisions/0046-fast-first-load.md).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      // The door's service worker and manifest keep their names across builds: always asked again,
      // so a deploy reaches installed doors (docs/decisions/0037-installable-offline-door.md).
      else if (REVALIDATED.has(path.basename(filePath).replace(COMPRESSED_COPY, ''))) {
        res.header('cache-control', 'no-cache');
      }
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ msg: 'Not found', code: 'NOT_FOUND' });
    }
    const html = preview ? await preview(request.url) : null;
    // Made per request, and sent as it is: a couple of KB, and the not-found handler is no route, so
    // the compression of plugins/compression.ts does not reach it.
    if (html !== null) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
