import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const ZUploadedImage = z.object({ url: z.string() });

export const systemEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Liveness: 200 when the database answers, 503 when it does not',
    response: z.object({ status: z.literal('ok') }),
  }),
  uploadImage: defineEndpoint({
    method: 'POST',
    path: '/media/uploadImage',
    access: 'admin',
    summary: 'Upload a JPEG or PNG image (multipart field "file"); answers its media URL',
    multipart: true,
    response: ZUploadedImage,
  }),
};

/** Largest accepted image upload, in bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPE_MESSAGE = 'Only JPEG or PNG images (.jpeg, .jpg, .png) can be uploaded';
