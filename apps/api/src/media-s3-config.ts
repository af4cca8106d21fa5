import { ConfigError } from './config-error';

/**
 * MEDIA_S3_URL: images in an S3-compatible bucket instead of PostgreSQL
 * (docs/decisions/0077-media-in-the-database.md). Its form is
 * `https://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[?region=eu-west-1&forcePathStyle=false]`:
 * the scheme, host and port are the endpoint (http only for a server on a private network), the first
 * path segment the bucket, the user and password the key pair (percent-encoded where needed). The region
 * defaults to us-east-1; path-style addressing (host/bucket/key) is the default, as every S3-compatible
 * server takes it, and forcePathStyle=false asks for bucket.host/key. An error names the variable and
 * never echoes its value, which holds the secret.
 */
export interface MediaS3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

const FORM = 'https://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[?region=...&forcePathStyle=true|false]';

function invalid(reason: string): ConfigError {
  return new ConfigError(`Configuration error: MEDIA_S3_URL ${reason}; its form is ${FORM}`);
}

export function loadMediaS3Settings(env: Record<string, string | undefined>): MediaS3Settings | undefined {
  const text = env.MEDIA_S3_URL;
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid('must start with https:// or http://');
  if (!url.username || !url.password) throw invalid('must name the access key and the secret key');
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!bucket || bucket.includes('/')) throw invalid('must name one bucket as its path');
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'true';
  if (pathStyle !== 'true' && pathStyle !== 'false') throw invalid('forcePathStyle must be true or false');
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    region: url.searchParams.get('region') || 'us-east-1',
    forcePathStyle: pathStyle === 'true',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}
