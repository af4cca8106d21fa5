import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaSrcSet } from '@clubtix/contract';
import { createClubWithAdmin, createTestApp, uploadImage, type TestApp } from '../../../test/helpers';

/** A banner as a club uploads it from a camera: wider than any phone. */
const banner = () =>
  sharp({ create: { width: 3000, height: 1500, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

describe('phone-sized copies of an upload (docs/decisions/0053-first-paint.md)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { token } = (await createClubWithAdmin(t)).admin;
    const response = await uploadImage(t, token, [
      { filename: 'banner.jpg', contentType: 'image/jpeg', data: await banner() },
    ]);
    url = (response.body.payload as { url: string }).url;
  });
  afterAll(async () => t.close());

  const get = (address: string) => t.app.inject({ method: 'GET', url: address });

  it('serves each width of the srcset, smaller than the upload, the same on a second ask', async () => {
    const original = await get(url);
    expect((await sharp(original.rawPayload).metadata()).width).toBe(2000);
    const widths = mediaSrcSet(url)!
      .split(', ')
      .map((candidate) => candidate.split(' ') as [string, string]);
    expect(widths.map(([, descriptor]) => descriptor)).toEqual(['480w', '800w', '1200w', '2000w']);
    for (const [address, descriptor] of widths.slice(0, -1)) {
      const copy = await get(address);
      expect(copy.statusCode, address).toBe(200);
      expect(copy.headers['content-type']).toBe('image/jpeg');
      expect(copy.headers['cache-control']).toContain('immutable');
      const metadata = await sharp(copy.rawPayload).metadata();
      expect(`${metadata.width}w`).toBe(descriptor);
      expect(metadata.height).toBe(metadata.width / 2);
      expect(copy.rawPayload.length).toBeLessThan(original.rawPayload.length);
      // Made once: the second ask sends the same file.
      expect((await get(address)).rawPayload.equals(copy.rawPayload)).toBe(true);
    }
  });

  it('refuses any other width with 400, and an unknown image with 404, before any resizing', async () => {
    for (const width of ['481', '0', '-800', 'abc', '99999', '']) {
      const response = await get(`${url}?w=${width}`);
      expect(response.statusCode, width).toBe(400);
      expect(response.json<{ msg: string }>().msg).toBe('The width must be one of 480, 800, 1200');
    }
    expect((await get('/api/media/00000000-0000-0000-0000-000000000000.jpg?w=800')).statusCode).toBe(404);
  });

  it('gives no srcset to an image elsewhere', () => {
    expect(mediaSrcSet('https://images.example.org/banner.jpg')).toBeUndefined();
  });
});
