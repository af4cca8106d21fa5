import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * What Stripe.js needs, from Stripe's own integration security guide: its script, the frames of
 * its card form and 3-D Secure, and its API. The server's STRIPE_API_BASE (a stand-in in tests) is
 * never called by the browser, so it has no place here.
 */
const STRIPE = {
  scripts: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frames: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

type SecurityConfig = Pick<Config, 'paymentProvider' | 'publicUrl'>;

export const isHttps = (config: Pick<Config, 'publicUrl'>) => new URL(config.publicUrl).protocol === 'https:';

/**
 * The Content-Security-Policy of every response (docs/product.md section 18;
 * docs/decisions/0018-headers-redirects-and-clean-logs.md): scripts from this origin and from the
 * configured payment provider only, nothing inline for scripts, no framing by anyone.
 */
export function contentSecurityPolicy(config: SecurityConfig): Record<string, string[]> {
  const stripe = config.paymentProvider === 'stripe';
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...(stripe ? STRIPE.scripts : [])],
    'script-src-attr': ["'none'"],
    // Mantine writes its CSS variables into <style> elements and style attributes at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Logos and banners may be any http(s) image (ZMediaUrl); QR codes are data: URLs, previews blob:.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(isHttps(config) ? [] : ['http:'])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(stripe ? STRIPE.connect : [])],
    'frame-src': stripe ? STRIPE.frames : ["'none'"],
    // The door's service worker and web app manifest (docs/decisions/0037-installable-offline-door.md):
    // this origin's only, said outright rather than left to the default-src fallback.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(isHttps(config) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The route that serves uploaded images, which other sites (a club's own) may show. */
const MEDIA_ROUTE = '/api/media/:name';

/**
 * Helmet's headers for these options, worked out once at start: none depends on the request, and
 * building them per request (as @fastify/helmet does, parsing the policy each time) was 7 % of the
 * API's busy time at the door (docs/decisions/0054-a-lighter-request.md).
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  // helmet() itself throws on options it cannot use, so a bad policy stops the start.
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string | number) => headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Security headers on every response: API, errors, the SPA, its assets, media and downloads. */
export function registerSecurityHeaders(app: FastifyInstance, config: SecurityConfig): void {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Never the path (a QR viewer's ends with the qrUuid) to another site; the origin alone, which
    // payment frames check their parent by.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttps(config) ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
    // Payment methods that open a window of their own (wallets) keep talking to the page.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // On the raw response, as helmet itself sets them: kept by error answers, files and streams alike.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (request.routeOptions.url === MEDIA_ROUTE) reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });
}
