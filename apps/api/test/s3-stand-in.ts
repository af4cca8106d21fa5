import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An object as the stand-in keeps it. */
export interface StandInObject {
  bytes: Buffer;
  contentType: string | undefined;
  /** The x-amz-meta-* headers it was put with, without the prefix. */
  metadata: Record<string, string>;
}

export interface S3StandIn {
  /** For MEDIA_S3_URL, with this key pair and bucket: http://KEY:SECRET@127.0.0.1:port/bucket. */
  url: string;
  /** The bucket's objects by key. */
  objects: Map<string, StandInObject>;
  /** Every request, as `METHOD key`, in order. */
  requests: string[];
  close(): Promise<void>;
}

const ACCESS_KEY = 'STANDINACCESSKEY';
const SECRET_KEY = 'stand/in+secret';
export const S3_STAND_IN_BUCKET = 'clubtix-media';

function xmlError(response: ServerResponse, status: number, code: string): void {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A local stand-in for an S3-compatible bucket, speaking the calls of
 * src/modules/media/s3-media-store.ts in path style (PUT, GET, HEAD and DELETE of an object): only
 * the npm registry and Debian's packages are reachable from CI, and neither has a maintained S3
 * server. A request must carry a SigV4 Authorization naming the stand-in's access key (the
 * signature itself is the SDK's business, not checked here); one bucket, kept in memory.
 */
export async function startS3StandIn(): Promise<S3StandIn> {
  const objects = new Map<string, StandInObject>();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const [bucket, ...rest] = url.pathname.slice(1).split('/');
      const key = decodeURIComponent(rest.join('/'));
      requests.push(`${request.method} ${key}`);
      const authorization = request.headers.authorization ?? '';
      if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/`)) {
        return xmlError(response, 403, 'InvalidAccessKeyId');
      }
      if (decodeURIComponent(bucket ?? '') !== S3_STAND_IN_BUCKET) return xmlError(response, 404, 'NoSuchBucket');
      if (!key) return xmlError(response, 400, 'InvalidRequest');
      switch (request.method ?? '') {
        case 'PUT': {
          const metadata = Object.fromEntries(
            Object.entries(request.headers)
              .filter(([name]) => name.startsWith('x-amz-meta-'))
              .map(([name, value]) => [name.slice('x-amz-meta-'.length), String(value)]),
          );
          objects.set(key, { bytes: await bodyOf(request), contentType: request.headers['content-type'], metadata });
          response.writeHead(200, { etag: '"stand-in"' });
          return response.end();
        }
        case 'GET':
        case 'HEAD': {
          const object = objects.get(key);
          if (!object) {
            if (request.method === 'HEAD') return response.writeHead(404).end();
            return xmlError(response, 404, 'NoSuchKey');
          }
          response.writeHead(200, {
            'content-type': object.contentType ?? 'application/octet-stream',
            'content-length': object.bytes.length,
            ...Object.fromEntries(
              Object.entries(object.metadata).map(([name, value]) => [`x-amz-meta-${name}`, value]),
            ),
          });
          return response.end(request.method === 'GET' ? object.bytes : undefined);
        }
        case 'DELETE':
          objects.delete(key);
          return response.writeHead(204).end();
        default:
          return xmlError(response, 405, 'MethodNotAllowed');
      }
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${ACCESS_KEY}:${encodeURIComponent(SECRET_KEY)}@127.0.0.1:${port}/${S3_STAND_IN_BUCKET}?region=eu-west-1`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
