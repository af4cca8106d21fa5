import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { TLanguage } from '@clubtix/contract';
import { pageLanguage } from '../core/i18n';

const REVALIDATED = new Set(['sw.js', 'manifest.webmanifest', 'index.html']);
/** The suffix of a precompressed copy, which is what setHeaders sees when one is sent. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/** An encoding the request accepts (no q=0), brotli first. */
function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !/^\s*q=0(?:\.0*)?\s*$/.test(quality ?? ''))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}

/**
 * A page made per request (an event's with its first paint is 7-10 KB) compressed here: the not-found
 * handler is no route, so the compression of plugins/compression.ts does not reach it.
 */
function sendCompressed(reply: FastifyReply, acceptEncoding: string | string[] | undefined, html: string) {
  // Its words and dates follow the language too (core/i18n.ts pageLanguage).
  reply.header('vary', 'Accept-Encoding, Accept-Language, Cookie');
  const encoding = acceptedEncoding(acceptEncoding);
  if (encoding === null) return reply.send(html);
  const body =
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(html);
  return reply.header('content-encoding', encoding).send(body);
}

/** index.html with a page's link preview in its head (and, for an event, its first paint), or null for the file as it is. */
export type PreviewHook = (url: string, language: TLanguage) => Promise<string | null>;

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
  const served: FastifyStaticOptions = {
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
  };
  // The build's hashed files under one route: a route per file made some 2,000 routes of its ~1,000
  // files (with their .br, .gz and .map), a second of the start-up (docs/performance.md, "Start-up").
  // A file that is not there goes to the not-found handler below, as it did.
  const assets = path.join(webDistDir, 'assets');
  if (existsSync(assets)) {
    await app.register(fastifyStatic, {
      ...served,
      root: assets,
      prefix: '/assets/',
      wildcard: true,
      decorateReply: false,
    });
  }
  await app.register(fastifyStatic, { ...served, root: webDistDir, wildcard: false, globIgnore: ['assets/**'] });
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ msg: 'Not found', code: 'NOT_FOUND' });
    }
    const html = preview ? await preview(request.url, pageLanguage(request)) : null;
    if (html !== null) {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      return sendCompressed(reply, request.headers['accept-encoding'], html);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
