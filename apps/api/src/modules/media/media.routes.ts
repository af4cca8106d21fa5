import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { endpoints, MAX_IMAGE_BYTES, MEDIA_WIDTHS } from '@clubtix/contract';
import { AppError, badInput, notFound, say } from '../../core/errors';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { storeImage, storeSponsorLogo } from './media.service';
import { isMediaWidth, sizedCopy } from './sized-copies';

const MEDIA_NAME = /^[A-Za-z0-9-]+\.(jpg|png)$/;
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
      const original = path.join(deps.config.mediaDir, name);
      if (!MEDIA_NAME.test(name) || !existsSync(original)) throw notFound('Image');
      const width = request.query.w === undefined ? null : Number(request.query.w);
      if (width !== null && !isMediaWidth(width)) {
        throw badInput(say('The width must be one of {widths}', { widths: MEDIA_WIDTHS.join(', ') }), 'w');
      }
      const file = width === null ? original : await sizedCopy(deps.config.mediaDir, name, width);
      return reply
        .type(name.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file));
    },
  );
}
