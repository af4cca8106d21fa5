import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { endpoints, MAX_IMAGE_BYTES } from '@clubtix/contract';
import { AppError, badInput, notFound } from '../../plugins/errors';
import { registerEndpoint, type Deps } from '../../plugins/routes';
import { storeImage } from './media.service';

const MEDIA_NAME = /^[A-Za-z0-9-]+\.(jpg|png)$/;
const tooLarge = () =>
  new AppError('TOO_LARGE', 413, `The image is too large: the limit is ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);

export async function mediaRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });

  registerEndpoint(app, deps, endpoints.system.uploadImage, async ({ request }) => {
    if (!request.isMultipart()) throw badInput('Send the image as multipart/form-data in the field "file"', 'file');
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw badInput('Choose an image file to upload', 'file');
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge();
      throw error;
    }
    if (file.file.truncated) throw tooLarge();
    return { payload: { url: await storeImage(deps.config.mediaDir, bytes) }, msg: 'Image uploaded' };
  });

  app.get<{ Params: { name: string } }>('/media/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const file = path.join(deps.config.mediaDir, name);
    if (!MEDIA_NAME.test(name) || !existsSync(file)) throw notFound('Image');
    return reply
      .type(name.endsWith('.png') ? 'image/png' : 'image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(file));
  });
}
