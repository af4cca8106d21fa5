import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, IMAGE_TYPE_MESSAGE } from '@clubtix/contract';
import {
  type ApiResponse,
  call,
  createAdminApp,
  createClubWithAdmin,
  createSudo,
  expectError,
  type MultipartFile,
  type TestApp,
  tokenFor,
  uploadImage,
} from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

const MEDIA_URL = /^\/api\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

const file = (data: Buffer, filename: string, contentType: string) => ({ filename, contentType, data });

describe('POST /api/media/uploadImage and GET /api/media/:name', () => {
  let t: TestApp;
  let token: string;
  let png: Buffer;
  let jpeg: Buffer;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    png = await picture(64, 48).png().toBuffer();
    jpeg = await picture(40, 30).jpeg().toBuffer();
  });
  afterAll(async () => t.close());

  const urlOf = (response: ApiResponse) => (response.body.payload as { url: string }).url;
  const fetchMedia = (url: string) => t.app.inject({ method: 'GET', url });

  it.each([
    ['PNG', () => png, 'logo.png', 'image/png', 'png', 'image/png', 64, 48],
    ['JPEG', () => jpeg, 'photo.jpeg', 'image/jpeg', 'jpg', 'image/jpeg', 40, 30],
  ])(
    'stores a %s and serves it back as an image',
    async (_kind, bytes, filename, declared, extension, served, width, height) => {
      const response = await uploadImage(t, token, [file(bytes(), filename, declared)]);
      expect(response.status).toBe(200);
      expect(response.body.msg).toBe('Image uploaded');
      const url = urlOf(response);
      expect(url).toMatch(MEDIA_URL);
      expect(url.endsWith(`.${extension}`)).toBe(true);

      const image = await fetchMedia(url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe(served);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(image.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: extension === 'jpg' ? 'jpeg' : 'png', width, height });
    },
  );

  it('takes the type from the bytes, not from the name or the declared type', async () => {
    const response = await uploadImage(t, token, [file(png, 'looks-like.jpg', 'image/jpeg')]);
    expect(urlOf(response)).toMatch(/\.png$/);
    expect((await fetchMedia(urlOf(response))).headers['content-type']).toBe('image/png');
  });

  it('gives every upload a new name, so no upload replaces another', async () => {
    const first = urlOf(await uploadImage(t, token, [file(png, 'same.png', 'image/png')]));
    const before = (await fetchMedia(first)).rawPayload;
    const other = await picture(10, 10).png().toBuffer();
    const second = urlOf(await uploadImage(t, token, [file(other, first.split('/').pop()!, 'image/png')]));
    expect(second).not.toBe(first);
    expect((await fetchMedia(first)).rawPayload.equals(before)).toBe(true);
  });

  it('stores an image that can become a club logo', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const logoUrl = urlOf(await uploadImage(t, admin.token, [file(png, 'logo.png', 'image/png')]));
    const saved = await callEndpoint(t, endpoints.club.save, {
      token: admin.token,
      body: { id: club.id, name: club.name, logoUrl },
    });
    expect(saved.body.payload!.logoUrl).toBe(logoUrl);
  });

  it.each([
    ['a text file renamed .png', () => file(Buffer.from('just some words, not a picture\n'), 'notes.png', 'image/png')],
    [
      'an SVG',
      () =>
        file(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'x.svg',
          'image/svg+xml',
        ),
    ],
    ['an SVG renamed .png', () => file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png', 'image/png')],
    ['a GIF', async () => file(await picture(8, 8).gif().toBuffer(), 'anim.gif', 'image/gif')],
    ['a GIF renamed .jpg', async () => file(await picture(8, 8).gif().toBuffer(), 'anim.jpg', 'image/jpeg')],
    ['a WebP', async () => file(await picture(8, 8).webp().toBuffer(), 'x.webp', 'image/webp')],
    ['an empty file', () => file(Buffer.alloc(0), 'empty.png', 'image/png')],
  ] as [string, () => MultipartFile | Promise<MultipartFile>][])(
    'refuses %s with a 400 naming the allowed types',
    async (_case, makeFile) => {
      const response = await uploadImage(t, token, [await makeFile()]);
      expectError(response, 400, 'BAD_INPUT', IMAGE_TYPE_MESSAGE);
      expect(response.body.errors).toEqual([{ path: 'file', message: IMAGE_TYPE_MESSAGE }]);
    },
  );

  it('refuses a file that starts like a PNG but is not one', async () => {
    const fake = Buffer.concat([png.subarray(0, 16), Buffer.from('broken broken broken')]);
    expectError(
      await uploadImage(t, token, [file(fake, 'fake.png', 'image/png')]),
      400,
      'BAD_INPUT',
      /not a readable JPEG or PNG/,
    );
  });

  it.each([
    ['6 MB', 6],
    ['50 MB', 50],
  ])('refuses a %s upload with 413 and a clear message', async (_size, megabytes) => {
    const big = Buffer.concat([png, Buffer.alloc(megabytes * 1024 * 1024, 1)]);
    const response = await uploadImage(t, token, [file(big, 'huge.png', 'image/png')]);
    expectError(response, 413, 'TOO_LARGE', 'The image is too large: the limit is 5 MB');
  });

  it.each([
    ['no part at all', [] as Parameters<typeof uploadImage>[2]],
    ['a text field only', [{ field: 'file', value: 'hello' }]],
    [
      'the file in another field',
      [{ field: 'image', filename: 'a.png', contentType: 'image/png', data: Buffer.from('x') }],
    ],
  ])('answers 400 for a form with %s', async (_case, parts) => {
    expectError(await uploadImage(t, token, parts), 400, 'BAD_INPUT', 'Choose an image file to upload');
  });

  it.each([
    ['JSON', 'application/json', '{"file":"x"}', 'Send the image as multipart/form-data in the field "file"'],
    ['multipart without a boundary', 'multipart/form-data', 'abc', /The upload could not be read/],
    ['multipart garbage', 'multipart/form-data; boundary=xyz', 'garbage', /The upload could not be read/],
    [
      'multipart cut short',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      /The upload could not be read/,
    ],
  ])('answers 400, not a 5xx, for a body of %s', async (_case, contentType, body, msg) => {
    const response = await call(t, 'POST', '/media/uploadImage', {
      token,
      body,
      headers: { 'content-type': contentType },
    });
    expectError(response, 400, 'BAD_INPUT', msg);
  });

  it('needs a valid token of an admin', async () => {
    const { admin } = await createClubWithAdmin(t);
    expectError(await uploadImage(t, undefined, [file(png, 'a.png', 'image/png')]), 401, 'UNAUTHENTICATED');
    expectError(
      await uploadImage(t, await tokenFor(admin.row, -10), [file(png, 'a.png', 'image/png')]),
      440,
      'TOKEN_EXPIRED',
    );
    const sudo = await createSudo(t);
    expect((await uploadImage(t, sudo.token, [file(png, 'a.png', 'image/png')])).status).toBe(200);
  });

  it.each([
    '/api/media/..%2F..%2Fetc%2Fpasswd',
    '/api/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/api/media/..%5C..%5Cetc%5Cpasswd',
    '/api/media/%2e%2e',
    '/api/media/x.png%00.svg',
    '/api/media/00000000-0000-0000-0000-000000000000.png',
    '/api/media/something.svg',
  ])('answers a JSON 404 for GET %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    const body = response.json<{ code: string; msg: string }>();
    expect(body.code).toBe('NOT_FOUND');
    expect(body.msg.length).toBeGreaterThan(0);
  });

  it('answers 404 for a raw ../ path that no browser would have cleaned up', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, path: '/api/media/../../../../etc/passwd' },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('root:');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'NOT_FOUND' });
  });
});
