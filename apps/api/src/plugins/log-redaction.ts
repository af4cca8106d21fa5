import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a buyer's secret or personal data: the registration's qrUuid (it
 * opens the tickets), e-mail addresses, and what Stripe puts in the address a buyer comes back to.
 */
const SECRET_PARAMETERS = new Set([
  'qruuid',
  'email',
  'paymentintentid',
  'payment_intent',
  'payment_intent_client_secret',
]);
const REDACTED = '[redacted]';
/** The QR viewer's address ends with the qrUuid: /event/{eventId}/qr/{registrationId}/{attendeeId}/{qrUuid}. */
const QR_VIEWER = /^(\/event\/[^/]+\/qr\/[^/]+\/[^/]+\/)[^/?#]+/;

/** A request's address as the log may keep it: the path and query with buyers' secrets taken out. */
export function redactUrl(url: string): string {
  const [path = '', query] = splitOnce(url, '?');
  const safePath = path.replace(QR_VIEWER, `$1${REDACTED}`);
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [key = ''] = splitOnce(pair, '=');
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // a malformed escape: judge the name as sent
      }
      return SECRET_PARAMETERS.has(name.toLowerCase()) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** Fastify's own request serializer, with the address redacted (secrets are never logged). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
