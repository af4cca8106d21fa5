import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { loadMediaS3Settings } from './media-s3-config';

describe('MEDIA_S3_URL', () => {
  it('is unset or empty: images stay in PostgreSQL', () => {
    expect(loadMediaS3Settings({})).toBeUndefined();
    expect(loadMediaS3Settings({ MEDIA_S3_URL: '' })).toBeUndefined();
  });

  it('names the endpoint, bucket, key pair, region and addressing', () => {
    expect(
      loadMediaS3Settings({
        MEDIA_S3_URL: 'https://AKIA123:se%2Fcr%2Bet@s3.eu-west-1.amazonaws.com/club-images?region=eu-west-1',
      }),
    ).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'club-images',
      region: 'eu-west-1',
      forcePathStyle: true,
      accessKeyId: 'AKIA123',
      secretAccessKey: 'se/cr+et',
    });
    expect(
      loadMediaS3Settings({ MEDIA_S3_URL: 'http://minio:minio-secret@10.0.0.5:9000/media/?forcePathStyle=false' }),
    ).toMatchObject({ endpoint: 'http://10.0.0.5:9000', bucket: 'media', region: 'us-east-1', forcePathStyle: false });
  });

  it.each([
    ['not a URL', 'my-bucket', /is not a URL/],
    ['another scheme', 's3://key:topsecret@host/bucket', /must start with https:\/\/ or http:\/\//],
    ['no key pair', 'https://host/bucket', /must name the access key and the secret key/],
    ['no secret', 'https://key@host/bucket', /must name the access key and the secret key/],
    ['no bucket', 'https://key:topsecret@host/', /must name one bucket/],
    ['a path under the bucket', 'https://key:topsecret@host/bucket/images', /must name one bucket/],
    ['a wrong forcePathStyle', 'https://key:topsecret@host/bucket?forcePathStyle=maybe', /forcePathStyle must be/],
  ])('stops the start for %s, naming the form and never the secret', (_case, value, reason) => {
    const error = (() => {
      try {
        loadMediaS3Settings({ MEDIA_S3_URL: value });
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Configuration error: MEDIA_S3_URL /);
    expect(message).toMatch(reason);
    expect(message).not.toContain('topsecret');
  });
});
