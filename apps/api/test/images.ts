import sharp from 'sharp';

/** A PNG of noise: it does not compress, so its stored size is known before a test counts on it. */
export const noisePng = (side: number, seed = 128) =>
  sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: seed, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
