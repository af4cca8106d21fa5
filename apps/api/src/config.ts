import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error';
import { loadWalletSettings, type WalletSettings } from './wallet-config';
import { loadMediaS3Settings, type MediaS3Settings } from './media-s3-config';

export { ConfigError };
export type { MediaS3Settings };

/** Any letter case (`true`, `TRUE`, `False`), or 1/0; anything else stops the start. */
const booleanText = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false (or 1 or 0)' }))
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** One entry of a TRUST_PROXY list: an IPv4 or IPv6 address, with or without a CIDR prefix length. */
function isProxyRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || address.includes('%')) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `true` trusts the one proxy in front, whatever its address (it may name the client);
 * `false` trusts none; a comma-separated list of addresses and CIDR ranges trusts only peers in it,
 * so a client that reaches the server directly can never choose its own address
 * (docs/decisions/0065-sign-in-proxies-and-sign-out.md). Undefined for anything else.
 */
export function parseTrustProxy(text: string): boolean | string[] | undefined {
  const word = text.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(word)) return true;
  if (['false', '0', 'no'].includes(word)) return false;
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isProxyRange) ? entries : undefined;
}

const trustProxyText = z.string().transform((text, context) => {
  const trusted = parseTrustProxy(text);
  if (trusted !== undefined) return trusted;
  context.addIssue({
    code: 'custom',
    message:
      'must be true, false, or a comma-separated list of proxy addresses or CIDR ranges (such as 10.0.0.2,192.168.1.0/24,fd00::/8)',
  });
  return z.NEVER;
});

/** Whether HOST listens on this machine only (127.0.0.0/8, ::1, localhost), not on the network. */
export function isLoopback(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** Below this a signing key is guessable offline from any token it signed; docs/product.md sets no rule, so it warns. */
export const JWT_SECRET_ADVISED_LENGTH = 32;

const ZEnv = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_MIGRATION_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOLING: z
    .enum(['direct', 'transaction'], {
      error: 'must be direct or transaction (a pooler such as PgBouncer in transaction mode)',
    })
    .default('direct'),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a number of connections' })
    .int('must be a whole number of connections')
    .min(1, 'must be between 1 and 100 connections')
    .max(100, 'must be between 1 and 100 connections')
    .default(20),
  PUBLIC_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  JWT_SECRET: z.string().optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .min(1)
    .max(31_536_000)
    .default(43_200),
  SUDO_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address')
    .optional(),
  SUDO_PASSWORD: z.string().optional(),
  ALLOW_SIGNUP: booleanText.default(true),
  PAYMENT_PROVIDER: z.enum(['simulated', 'stripe'], { error: 'must be simulated or stripe' }).default('simulated'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:12111' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().optional(),
  MAIL_DAILY_LIMIT_PER_CLUB: z.coerce
    .number({ error: 'must be a number of mails (0 for no limit)' })
    .int({ error: 'must be a whole number of mails (0 for no limit)' })
    .min(0, { error: 'must be a number of mails (0 for no limit)' })
    .max(10_000_000)
    .default(2000),
  RESERVATION_MINUTES: z.coerce.number({ error: 'must be a number of minutes' }).int().min(1).max(1440).default(15),
  WAITLIST_OFFER_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be between 1 and 1440 minutes')
    .max(1440, 'must be between 1 and 1440 minutes')
    .default(60),
  TRUST_PROXY: trustProxyText.default(false),
  PUBLIC_WRITE_LIMIT: z.coerce
    .number({ error: 'must be a number of calls a minute (0: no limit)' })
    .int('must be a whole number (0: no limit)')
    .min(0, 'must be 0 (no limit) or more')
    .max(1_000_000)
    .default(60),
  HOLDS_PER_ADDRESS: z.coerce
    .number({ error: 'must be a number of pending registrations (0: no limit)' })
    .int('must be a whole number (0: no limit)')
    .min(0, 'must be 0 (no limit) or more')
    .max(1_000_000)
    .default(20),
  METRICS_TOKEN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  MEDIA_QUOTA_MB_PER_CLUB: z.coerce
    .number({ error: 'must be a number of megabytes (0 for no quota)' })
    .min(0, 'must be a number of megabytes (0 for no quota)')
    .max(1_000_000, 'must be at most 1000000 (megabytes)')
    .default(200),
});

/** Set when PAYMENT_PROVIDER=stripe. */
export interface StripeSettings {
  secretKey: string;
  /** Without it the checkout has no Stripe Elements key to mount the card form with. */
  publishableKey: string | undefined;
  /** Without it the webhook endpoint refuses every call; the buyer's browser still confirms. */
  webhookSecret: string | undefined;
  /** Another API host (a local stand-in in tests, a proxy in operations); unset: Stripe's own. */
  apiBase: string | undefined;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * How DATABASE_URL reaches PostgreSQL: `direct`, or `transaction` through a pooler in transaction
   * mode (PgBouncer), where each transaction may run on another server connection, so statements are
   * sent unnamed and nothing is prepared ahead (db/client.ts; docs/decisions/0078-through-pgbouncer.md).
   */
  databasePooling: 'direct' | 'transaction';
  /** Where migrations run: DATABASE_MIGRATION_URL (a direct connection), else the database's own URL. */
  databaseMigrationUrl: string | undefined;
  /** Connections this process keeps to PostgreSQL (an external server's limit is shared by every process). */
  databasePoolSize: number;
  publicUrl: string;
  jwtSecret: string;
  tokenTtlSeconds: number;
  sudoEmail: string | undefined;
  sudoPassword: string | undefined;
  allowSignup: boolean;
  paymentProvider: 'simulated' | 'stripe';
  stripe: StripeSettings | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Mails one club may queue in a UTC day (0: no limit); docs/decisions/0017-free-bookings-by-email-and-mail-quotas.md. */
  mailDailyLimitPerClub: number;
  reservationMinutes: number;
  /** How long a waiting-list offer keeps its tickets for the person offered them (docs/product.md section 19). */
  waitlistOfferMinutes: number;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  /** The bearer token GET /api/metrics asks for; unset, there is no such call (docs/deploy.md "Metrics"). */
  metricsToken: string | undefined;
  /**
   * Who may name the client address in X-Forwarded-For (the rate limits count by it): true, the one
   * proxy in front; false, nobody; a list, only peers at those addresses or in those CIDR ranges.
   */
  trustProxy: boolean | readonly string[];
  /** Public writes a client address may make a minute (docs/product.md section 18); 0: none of those limits. */
  publicWriteLimit: number;
  /** Pending registrations one client address may hold per event; 0: no limit. */
  holdsPerAddress: number;
  /** Where older versions kept uploaded images: moved into the media store on start (modules/media/move-disk-media.ts). */
  mediaDir: string;
  /** What one club's uploaded images may take in the media store, in bytes; null: no quota (docs/decisions/0020). */
  mediaQuotaBytes: number | null;
  /** The bucket images are kept in (MEDIA_S3_URL, media-s3-config.ts); undefined: in PostgreSQL. */
  mediaS3: MediaS3Settings | undefined;
  webDistDir: string;
  /** Apple and Google wallet passes, each undefined when not configured (wallet-config.ts). */
  wallet: WalletSettings;
  /** Values that start but deserve a look, one line each, naming the variable and never its value. */
  warnings: string[];
}

function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === '' ? undefined : value]));
}

/** The JWT key: JWT_SECRET, or one generated on first start and kept in DATA_DIR. */
function loadJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'secrets', 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Configuration error: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.PAYMENT_PROVIDER === 'stripe' && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError('Configuration error: STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe');
  }
  if (Boolean(e.SUDO_EMAIL) !== Boolean(e.SUDO_PASSWORD)) {
    throw new ConfigError('Configuration error: SUDO_EMAIL and SUDO_PASSWORD must be set together');
  }
  if (!e.DATABASE_URL && (e.DATABASE_MIGRATION_URL || e.DATABASE_POOLING === 'transaction')) {
    // The embedded server is reached directly and migrated on its own URL: the setting would mean nothing.
    throw new ConfigError(
      'Configuration error: DATABASE_MIGRATION_URL and DATABASE_POOLING=transaction need DATABASE_URL (the embedded PostgreSQL is reached directly)',
    );
  }
  const wallet = loadWalletSettings(emptyToUndefined(env));
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const here = path.dirname(new URL(import.meta.url).pathname);
  const warnings: string[] = [];
  if (e.JWT_SECRET && e.JWT_SECRET.length < JWT_SECRET_ADVISED_LENGTH) {
    warnings.push(
      `Configuration warning: JWT_SECRET is shorter than ${JWT_SECRET_ADVISED_LENGTH} characters, so session tokens are easier to forge; use a longer random value, or unset it to have one generated in DATA_DIR`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  if (!e.PUBLIC_URL && !isLoopback(e.HOST)) {
    // Served to the network, the mails' links and the link previews would still name localhost.
    warnings.push(
      `Configuration warning: HOST=${e.HOST} serves the network but PUBLIC_URL is unset, so links in mails and link previews name ${publicUrl}; set PUBLIC_URL to the address people open`,
    );
  }
  if (e.PAYMENT_PROVIDER === 'simulated' && new URL(publicUrl).protocol === 'https:') {
    // The default provider on what looks like a real site: card 4242 would buy real tickets.
    warnings.push(
      'Configuration warning: PAYMENT_PROVIDER is simulated (the default) while PUBLIC_URL is https, so anyone gets tickets with the test card 4242 4242 4242 4242 and no money is taken; set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY for real payments',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePooling: e.DATABASE_POOLING,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl,
    jwtSecret: loadJwtSecret(dataDir, e.JWT_SECRET),
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    sudoEmail: e.SUDO_EMAIL?.toLowerCase(),
    sudoPassword: e.SUDO_PASSWORD,
    allowSignup: e.ALLOW_SIGNUP,
    paymentProvider: e.PAYMENT_PROVIDER,
    stripe:
      e.PAYMENT_PROVIDER === 'stripe' && e.STRIPE_SECRET_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'ClubTix <no-reply@localhost>',
    mailDailyLimitPerClub: e.MAIL_DAILY_LIMIT_PER_CLUB,
    reservationMinutes: e.RESERVATION_MINUTES,
    waitlistOfferMinutes: e.WAITLIST_OFFER_MINUTES,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY,
    publicWriteLimit: e.PUBLIC_WRITE_LIMIT,
    holdsPerAddress: e.HOLDS_PER_ADDRESS,
    mediaDir: path.join(dataDir, 'media'),
    mediaQuotaBytes: e.MEDIA_QUOTA_MB_PER_CLUB === 0 ? null : Math.round(e.MEDIA_QUOTA_MB_PER_CLUB * 1024 * 1024),
    mediaS3: loadMediaS3Settings(emptyToUndefined(env)),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(here, '../../web/dist')),
    wallet,
    warnings,
  };
}
