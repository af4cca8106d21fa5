import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/**
 * What is worth compressing on the fly: the JSON answers, the SPA's page (with or without a link
 * preview) and text files without a precompressed copy. Files are left alone (PDF tickets, wallet
 * passes, images, spreadsheet and CSV exports keep streaming as they are), and so is any event stream.
 */
const COMPRESSIBLE =
  /^(?:application\/(?:json|javascript|manifest\+json)|text\/(?:html|css|javascript|plain)|image\/svg\+xml)(?:;|$)/;

/**
 * Answers compressed by Accept-Encoding, brotli first, then gzip (docs/product.md section 22,
 * docs/decisions/0046-fast-first-load.md). Small answers (a scan's verdict) are not worth the CPU the
 * door's rate needs; brotli runs at quality 4, fast enough for every answer. The SPA's built files
 * arrive already compressed from disk (plugins/spa.ts), so this only sees what is made per request.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
    // Clients send plain JSON; a compressed request body would only be a way round the body limit.
    globalDecompression: false,
  });
}
