import type { FastifyRequest } from 'fastify';
import { stdSerializers, type SerializedError } from 'pino';
import { ZErrorCode } from '@clubtix/contract';

/**
 * Query parameters that carry a buyer's secret or personal data: the registration's qrUuid (it
 * opens the tickets), e-mail addresses, what Stripe puts in the address a buyer comes back to, a
 * waiting-list offer's token (the link of its mail, docs/decisions/0029-waiting-lists.md), and a
 * discount or access code (`?code=` of ticket lists, checkCode and event pages: an access code
 * opens hidden tickets, docs/decisions/0065-sign-in-proxies-and-sign-out.md).
 */
const SECRET_PARAMETERS = new Set([
  'qruuid',
  'offer',
  'email',
  'paymentintentid',
  'payment_intent',
  'payment_intent_client_secret',
  'code',
  'discountcode',
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

const REDACTED_PARAMS = `params: ${REDACTED}`;

/**
 * Fields whose value is a secret whatever it looks like (a qrUuid is a UUID like any id), by name
 * in any letter case, with `_` and `-` ignored: `qrUuid`, `qr_uuid`, `password_hash`, ...
 */
const SECRET_KEYS = new Set([
  'qruuid',
  'password',
  'passwordhash',
  'currentpassword',
  'newpassword',
  'token',
  'confirmtoken',
  // METRICS_TOKEN (config.ts), should a call site ever log settings.
  'metricstoken',
  'offer',
  'offertoken',
  'authorization',
  'cookie',
  'setcookie',
  'secret',
  'clientsecret',
  'paymentintentid',
  'paymentintent',
  'params',
  'parameters',
  'email',
  // A discount or access code as a body carries it (a hold's, an order's); `code` alone is judged by
  // isAccessCode, since errors carry a `code` of their own.
  'discountcode',
  'accesscode',
  // The wallets' signing keys (wallet-config.ts), should a call site ever log settings.
  'privatekey',
  'passphrase',
  'keypassphrase',
]);

/**
 * Secrets recognisable by their shape, in any text a log line carries (messages, stacks, driver
 * errors, URLs), each replaced by [redacted] and what it is still shown around it.
 */
const SECRET_SHAPES: [RegExp, string][] = [
  // A failed query's parameters (Drizzle: "Failed query: ...\nparams: a,b"): to the end of the line.
  [/\bparams: (?!\[redacted\]).*/g, REDACTED_PARAMS],
  // PostgreSQL's details name the values of a violated key or the whole failing row.
  [/(\bKey \(.*?\))=\(.*\)/g, `$1=(${REDACTED})`],
  [/\bFailing row contains \(.*\)/g, `Failing row contains (${REDACTED})`],
  [/(\binvalid input (?:syntax|value) for [^:\n]*: )".*?"/g, `$1"${REDACTED}"`],
  // Payment intent ids and client secrets (Stripe's pi_..., pi_..._secret_...; the simulated sim_pi_...).
  [/(?<![A-Za-z0-9])(?:sim_)?(?:pi|seti)_[A-Za-z0-9]{8,}(?:_secret(?:_[A-Za-z0-9]+)?)?/g, REDACTED],
  [/(?<![A-Za-z0-9])(?:(?:sk|rk)_(?:live|test)|whsec)_[A-Za-z0-9_]+/g, REDACTED],
  // Session tokens: JWTs, and whatever follows "Bearer".
  [/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  [/\bBearer\s+[^\s"',;]+/gi, `Bearer ${REDACTED}`],
  // Password hashes as core/passwords.ts writes them.
  [/\bscrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+/g, REDACTED],
  // The qrUuid at the end of a QR viewer address, and secrets in a query string, in free text.
  [/(\/event\/[^/\s"?#]+\/qr\/[^/\s"?#]+\/[^/\s"?#]+\/)(?!\[redacted\])[^/\s"?#]+/g, `$1${REDACTED}`],
  [
    /([?&#](?:qrUuid|email|paymentIntentId|payment_intent|payment_intent_client_secret|token|offer|code|discountCode)=)(?!\[redacted\])[^&\s"#]+/gi,
    `$1${REDACTED}`,
  ],
  // A PEM private key (the wallets' signing keys), to its end or the end of the text.
  [/-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----[\s\S]*?(?:-----END (?:[A-Z]+ )*PRIVATE KEY-----|$)/g, REDACTED],
  // E-mail addresses, also percent-encoded (%40); a domain starts with a letter (not "pkg@1.2.3").
  [/[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z][A-Za-z0-9-]*(?:\.[A-Za-z0-9-]+)*/g, REDACTED],
];

/**
 * What every shape above needs somewhere in the text (in any case): most log text has none of it
 * and is passed on after one native scan instead of fourteen.
 */
const MAY_HOLD_SHAPE =
  /params: |key \(|private key-----|failing row|invalid input|pi_|seti_|k_live|k_test|whsec_|eyj|bearer|scrypt\$|\/qr\/|(?:qruuid|email|paymentintentid|payment_intent|token|offer|code)=(?!\[redacted\])|@|%40/i;
/** A JSON key of SECRET_KEYS, or `code`, looked for in a line once `-` and `_` are taken out. */
const MAY_HOLD_KEY = new RegExp(`"(?:${[...SECRET_KEYS, 'code'].join('|')})":`, 'i');

/** Text as a log may keep it: every secret of a recognisable shape replaced by [redacted]. */
export function scrubText(text: string): string {
  if (!MAY_HOLD_SHAPE.test(text)) return text;
  let safe = text;
  for (const [shape, replacement] of SECRET_SHAPES) safe = safe.replace(shape, replacement);
  return safe;
}

const isSecretKey = (key: string) => SECRET_KEYS.has(key.replace(/[-_]/g, '').toLowerCase());

const ERROR_CODES = new Set<string>(ZErrorCode.options);

/**
 * A field named `code` is a discount or access code (a request body, a discount logged whole)
 * unless it is an error's: one of the API's error codes, or the code of an error record (pino's
 * serialized errors carry `type` and `stack`: a driver's `23505`, Node's `ECONNRESET`).
 */
function isAccessCode(key: string, value: unknown, holder: Record<string, unknown>): boolean {
  if (key.toLowerCase() !== 'code' || typeof value !== 'string') return false;
  if (ERROR_CODES.has(value)) return false;
  return !(typeof holder.stack === 'string' || typeof holder.type === 'string');
}
const MAX_DEPTH = 20;

/** A parsed log record with secret fields and secret-shaped text redacted, at any depth. */
function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const holder = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(holder).map(([key, item]) => [
      key,
      (isSecretKey(key) && item !== null && item !== undefined) || isAccessCode(key, item, holder)
        ? REDACTED
        : scrubValue(item, depth + 1),
    ]),
  );
}

/**
 * The last step of every log line, whichever call site wrote it and at whatever level: a line that
 * may hold a secret is read back, scrubbed field by field and written again (tens of microseconds);
 * the others, most request lines, pass after two scans (about a microsecond).
 */
export function scrubLogLine(line: string): string {
  if (!MAY_HOLD_SHAPE.test(line) && !MAY_HOLD_KEY.test(line.replace(/[-_]/g, ''))) return line;
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return scrubText(line);
  }
  return `${JSON.stringify(scrubValue(record, 0))}\n`;
}

/** The `params` of a failed query and of the queries among its causes. */
function queryParameters(error: unknown): unknown[][] {
  const found: unknown[][] = [];
  for (let cause = error, depth = 0; cause instanceof Error && depth < 10; cause = cause.cause, depth += 1) {
    const params = (cause as { params?: unknown }).params;
    if (Array.isArray(params)) found.push(params);
  }
  return found;
}

/**
 * pino's error serializer, without the parameters of a failed query: Drizzle writes them into the
 * message and the stack (`params: <qrUuid>,<password hash>`), where they are cut out exactly, even
 * when a parameter holds a line break that the line-by-line shape above would miss.
 */
export function serializeError(error: Error): SerializedError {
  // Call sites also log a bare message as `err`: pino hands it back as it is, a string scrubbed later.
  const serialized = stdSerializers.err(error);
  const cut = (text: unknown, written: string) =>
    typeof text === 'string' ? text.split(written).join(REDACTED_PARAMS) : text;
  for (const params of queryParameters(error)) {
    const written = `params: ${String(params)}`;
    serialized.message = cut(serialized.message, written) as string;
    serialized.stack = cut(serialized.stack, written) as string;
  }
  if ('params' in serialized) serialized.params = REDACTED;
  return serialized;
}

/** Where log lines go instead of stdout (tests read them back). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * The logger of the whole product (docs/decisions/0018-headers-redirects-and-clean-logs.md): no
 * qrUuid, payment intent id, client secret, token, password hash, SQL parameter, e-mail address or
 * discount and access code at any level, nor a password link's token (its fragment `#token=`,
 * docs/decisions/0068-password-reset-and-invitations.md) (docs/product.md section 18), whatever a call site passes it.
 */
export function loggerOptions(level: string, destination?: LogDestination) {
  return {
    level,
    serializers: { req: serializeRequest, err: serializeError },
    hooks: { streamWrite: scrubLogLine },
    ...(destination ? { stream: destination } : {}),
  };
}
