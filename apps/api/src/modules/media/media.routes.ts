import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { endpoints, MAX_IMAGE_BYTES, MEDIA_WIDTHS } from '@clubtix/contract';
import { AppError, badInput, notFound, say } from '../../core/errors';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import type { StoredMedia } from '../../core/media-store';
import { storeImage, storeSponsorLogo } from './media.service';
import { isMediaWidth, MEDIA_NAME, sizedCopy } from './sized-copies';

const tooLarge = () =>
  new AppError(
    'TOO_LARGE',
    say('The image is too large: the limit is {megabytes} MB', { megabytes: MAX_IMAGE_BYTES / 1024 / 1024 }),
  );

function hasClientErrorStatus(error: unknown): boolean {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * The bytes of the one file in the field "file". A body the multipart parser cannot read (no
 * boundary, cut short, garbage) is the sender's mistake: 400, never a 5xx.
 */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badInput('Send the image as multipart/form-data in the field "file"', 'file');
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw badInput('Choose an image file to upload', 'file');
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw tooLarge();
    return bytes;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (error instanceof AppError || hasClientErrorStatus(error)) throw error;
    throw badInput('The upload could not be read: send the image as multipart/form-data in the field "file"', 'file');
  }
}

export async function mediaRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });

  registerEndpoint(app, deps, endpoints.system.uploadImage, async ({ actor, request }) => {
    const bytes = await readUploadedFile(request);
    return { payload: { url: await storeImage(deps, actor, bytes) }, msg: 'Image uploaded' };
  });

  registerEndpoint(app, deps, endpoints.sponsorship.uploadLogo, async ({ query, request }) => {
    const bytes = await readUploadedFile(request);
    return { payload: { url: await storeSponsorLogo(deps, query.eventId, bytes) }, msg: 'Logo uploaded' };
  });

  app.get<{ Params: { name: string }; Querystring: { w?: string } }>(
    '/media/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      if (!MEDIA_NAME.test(name)) throw notFound('Image');
      const width = request.query.w === undefined ? null : Number(request.query.w);
      if (width !== null && !isMediaWidth(width)) {
        if (!(await deps.media.exists(name, null))) throw notFound('Image');
        throw badInput(say('The width must be one of {widths}', { widths: MEDIA_WIDTHS.join(', ') }), 'w');
      }
      const image = await findImage(deps, name, width);
      if (!image) throw notFound('Image');
      // A name is never given to other bytes (media.service.ts names each upload anew), so what a
      // browser or proxy keeps never goes stale; the ETag, the bytes' hash, answers a revalidation.
      const etag = `"${image.sha256}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(image.contentType).send(image.bytes);
    },
  );
}

/** The upload, or its copy of `width` (made on the first ask); undefined when there is no such upload. */
async function findImage(deps: Deps, name: string, width: number | null): Promise<StoredMedia | undefined> {
  if (width !== null) {
    const copy = await deps.media.get(name, width);
    if (copy) return copy;
  }
  const original = await deps.media.get(name, null);
  if (!original || width === null) return original;
  return sizedCopy(deps.media, name, width, original);
}

/** If-None-Match as RFC 9110 reads it for a GET: `*`, or a list of tags compared weakly. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
