import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** loadConfig as the server calls it, with a DATA_DIR of its own. */
function load(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-config-'));
  dirs.push(dataDir);
  return { config: loadConfig({ DATA_DIR: dataDir, ...env }), dataDir };
}

function refusal(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('the configuration was accepted');
}

describe('JWT_SECRET', () => {
  it('accepts a short value and signs with it, warning by name without showing it', () => {
    const { config } = load({ JWT_SECRET: 'testsecret' });
    expect(config.jwtSecret).toBe('testsecret');
    expect(config.warnings).toHaveLength(1);
    expect(config.warnings[0]).toMatch(/^Configuration warning: JWT_SECRET is shorter than 32 characters/);
    expect(config.warnings.join('\n')).not.toContain('testsecret');
  });

  it('accepts a one-character value', () => {
    expect(load({ JWT_SECRET: 'x' }).config.jwtSecret).toBe('x');
  });

  it('gives no warning for 32 characters or more', () => {
    const secret = 'a'.repeat(32);
    const { config } = load({ JWT_SECRET: secret });
    expect(config.jwtSecret).toBe(secret);
    expect(config.warnings).toEqual([]);
  });

  it('treats an empty value as unset: a key is generated once, kept in DATA_DIR, and no warning', () => {
    const { config, dataDir } = load({ JWT_SECRET: '' });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'secrets', 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(config.warnings).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });
});

describe('HOST serving the network without PUBLIC_URL', () => {
  it('warns in one line naming both when HOST is not loopback and PUBLIC_URL is unset', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      const { config } = load({ HOST: host, JWT_SECRET: 'a'.repeat(32) });
      expect(config.warnings).toHaveLength(1);
      expect(config.warnings[0]).toMatch(/^Configuration warning: HOST=\S+ serves the network but PUBLIC_URL is unset/);
      expect(config.warnings[0]).not.toContain('\n');
    }
  });

  it('says nothing on loopback, or once PUBLIC_URL is set', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.1.1']) {
      expect(load({ HOST: host, JWT_SECRET: 'a'.repeat(32) }).config.warnings).toEqual([]);
    }
    const { config } = load({ HOST: '0.0.0.0', PUBLIC_URL: 'http://tickets.example.org', JWT_SECRET: 'a'.repeat(32) });
    expect(config.warnings).toEqual([]);
  });
});

describe.each([
  ['ALLOW_SIGNUP', 'allowSignup', true, 'must be true or false (or 1 or 0)'],
  [
    'TRUST_PROXY',
    'trustProxy',
    false,
    'must be true, false, or a comma-separated list of proxy addresses or CIDR ranges (such as 10.0.0.2,192.168.1.0/24,fd00::/8)',
  ],
] as const)('%s', (variable, setting, byDefault, refusalText) => {
  it(`is ${byDefault} when unset or empty`, () => {
    expect(load({}).config[setting]).toBe(byDefault);
    expect(load({ [variable]: '' }).config[setting]).toBe(byDefault);
  });

  it.each(['true', 'TRUE', 'True', 'tRuE', '1'])('reads %s as true', (value) => {
    expect(load({ [variable]: value }).config[setting]).toBe(true);
  });

  it.each(['false', 'FALSE', 'False', '0'])('reads %s as false', (value) => {
    expect(load({ [variable]: value }).config[setting]).toBe(false);
  });

  it.each(['maybe', 'on', '2', 'truee', 'ja'])('stops the start on %s with one line naming the variable', (value) => {
    const message = refusal({ [variable]: value });
    expect(message).toBe(`Configuration error: ${variable} ${refusalText}`);
  });
});

describe('TRUST_PROXY as a list of proxies', () => {
  it.each([
    ['10.0.0.2', ['10.0.0.2']],
    ['10.0.0.2,192.168.1.0/24', ['10.0.0.2', '192.168.1.0/24']],
    [' 10.0.0.0/8 , fd00::/8 ', ['10.0.0.0/8', 'fd00::/8']],
    ['::1,2001:db8::/32,0.0.0.0/0,::/0', ['::1', '2001:db8::/32', '0.0.0.0/0', '::/0']],
    ['::ffff:10.0.0.1,172.16.0.0/12', ['::ffff:10.0.0.1', '172.16.0.0/12']],
  ])('reads %j as the proxies %j', (value, proxies) => {
    expect(load({ TRUST_PROXY: value }).config.trustProxy).toEqual(proxies);
  });

  it.each([
    'enabled',
    '10.0.0.2,',
    '10.0.0.256',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.0/8/8',
    '10.0.0.0/-1',
    '10.0.0.0/255.0.0.0',
    'fe80::1%eth0',
    'proxy.example.org',
    'true,10.0.0.2',
    'loopback',
  ])('stops the start on %j with one line naming the variable, not the value', (value) => {
    const message = refusal({ TRUST_PROXY: value });
    expect(message).toMatch(/^Configuration error: TRUST_PROXY must be true, false, or a comma-separated list/);
    expect(message).not.toContain('\n');
  });
});

describe.each([
  ['PUBLIC_WRITE_LIMIT', 'publicWriteLimit', 60, 'must be a number of calls a minute (0: no limit)'],
  ['HOLDS_PER_ADDRESS', 'holdsPerAddress', 20, 'must be a number of pending registrations (0: no limit)'],
] as const)('%s', (variable, setting, byDefault, refusalText) => {
  it(`is ${byDefault} when unset or empty, and takes 0 (off) or any whole number`, () => {
    expect(load({}).config[setting]).toBe(byDefault);
    expect(load({ [variable]: '' }).config[setting]).toBe(byDefault);
    expect(load({ [variable]: '0' }).config[setting]).toBe(0);
    expect(load({ [variable]: '5' }).config[setting]).toBe(5);
  });

  it('stops the start on a word with one line naming the variable', () => {
    expect(refusal({ [variable]: 'lots' })).toBe(`Configuration error: ${variable} ${refusalText}`);
  });

  it.each([
    ['-1', 'must be 0 (no limit) or more'],
    ['2.5', 'must be a whole number (0: no limit)'],
  ])('stops the start on %s', (value, text) => {
    expect(refusal({ [variable]: value })).toBe(`Configuration error: ${variable} ${text}`);
  });
});

describe('WAITLIST_OFFER_MINUTES', () => {
  it('is 60 when unset or empty, and takes any whole number of minutes from 1 to 1440', () => {
    expect(load({}).config.waitlistOfferMinutes).toBe(60);
    expect(load({ WAITLIST_OFFER_MINUTES: '' }).config.waitlistOfferMinutes).toBe(60);
    expect(load({ WAITLIST_OFFER_MINUTES: '1' }).config.waitlistOfferMinutes).toBe(1);
    expect(load({ WAITLIST_OFFER_MINUTES: '1440' }).config.waitlistOfferMinutes).toBe(1440);
  });

  it.each([
    ['soon', 'must be a number of minutes'],
    ['0', 'must be between 1 and 1440 minutes'],
    ['1441', 'must be between 1 and 1440 minutes'],
    ['2.5', 'must be a whole number of minutes'],
  ])('stops the start on %s with one line naming the variable', (value, text) => {
    expect(refusal({ WAITLIST_OFFER_MINUTES: value })).toBe(`Configuration error: WAITLIST_OFFER_MINUTES ${text}`);
  });
});

describe('PAYMENT_PROVIDER=simulated on an https PUBLIC_URL', () => {
  const WARNING =
    /^Configuration warning: PAYMENT_PROVIDER is simulated \(the default\) while PUBLIC_URL is https, .*test card 4242/;

  it('warns in one line naming both variables, whether simulated is set or left as the default', () => {
    const envs: Record<string, string>[] = [
      { PUBLIC_URL: 'https://tickets.example.org' },
      { PUBLIC_URL: 'https://tickets.example.org/', PAYMENT_PROVIDER: 'simulated' },
      { PUBLIC_URL: 'HTTPS://tickets.example.org' },
    ];
    for (const env of envs) {
      const { warnings } = load(env).config;
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(WARNING);
      expect(warnings[0]).not.toContain('\n');
    }
  });

  it('is quiet over http (a laptop, a test install) and with Stripe', () => {
    expect(load({}).config.warnings).toEqual([]);
    expect(load({ PUBLIC_URL: 'http://tickets.example.org' }).config.warnings).toEqual([]);
    expect(
      load({ PUBLIC_URL: 'https://tickets.example.org', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' })
        .config.warnings,
    ).toEqual([]);
  });
});

describe('MAIL_DAILY_LIMIT_PER_CLUB', () => {
  it('is 2000 when unset or empty, and 0 turns the daily limit off', () => {
    expect(load({}).config.mailDailyLimitPerClub).toBe(2000);
    expect(load({ MAIL_DAILY_LIMIT_PER_CLUB: '' }).config.mailDailyLimitPerClub).toBe(2000);
    expect(load({ MAIL_DAILY_LIMIT_PER_CLUB: '0' }).config.mailDailyLimitPerClub).toBe(0);
    expect(load({ MAIL_DAILY_LIMIT_PER_CLUB: '50000' }).config.mailDailyLimitPerClub).toBe(50_000);
  });

  it.each(['-1', '2.5', 'lots'])('stops the start on %s with one line naming the variable', (value) => {
    expect(refusal({ MAIL_DAILY_LIMIT_PER_CLUB: value })).toMatch(
      /^Configuration error: MAIL_DAILY_LIMIT_PER_CLUB must be a (whole )?number of mails \(0 for no limit\)$/,
    );
  });
});

describe('MEDIA_QUOTA_MB_PER_CLUB', () => {
  it('is 200 MB per club when unset or empty, and 0 means no quota', () => {
    expect(load({}).config.mediaQuotaBytes).toBe(200 * 1024 * 1024);
    expect(load({ MEDIA_QUOTA_MB_PER_CLUB: '' }).config.mediaQuotaBytes).toBe(200 * 1024 * 1024);
    expect(load({ MEDIA_QUOTA_MB_PER_CLUB: '0.5' }).config.mediaQuotaBytes).toBe(512 * 1024);
    expect(load({ MEDIA_QUOTA_MB_PER_CLUB: '0' }).config.mediaQuotaBytes).toBeNull();
  });

  it.each(['lots', '-1', '200MB'])('stops the start on %s with one line naming the variable', (value) => {
    expect(refusal({ MEDIA_QUOTA_MB_PER_CLUB: value })).toMatch(
      /^Configuration error: MEDIA_QUOTA_MB_PER_CLUB must be/,
    );
  });
});

describe('DATABASE_POOLING and DATABASE_MIGRATION_URL', () => {
  const pooler = 'postgres://clubtix@pgbouncer.example.org:6432/clubtix';
  const direct = 'postgres://clubtix@db.example.org:5432/clubtix';

  it('is a direct connection, migrated on DATABASE_URL, when unset or empty', () => {
    const unset: Record<string, string>[] = [
      {},
      { DATABASE_URL: direct, DATABASE_POOLING: '', DATABASE_MIGRATION_URL: '' },
    ];
    for (const env of unset) {
      const { config } = load(env);
      expect(config.databasePooling).toBe('direct');
      expect(config.databaseMigrationUrl).toBeUndefined();
    }
  });

  it('takes a transaction pooler, with or without a direct URL for the migrations', () => {
    const through = load({ DATABASE_URL: pooler, DATABASE_POOLING: 'transaction', DATABASE_MIGRATION_URL: direct });
    expect(through.config).toMatchObject({
      databaseUrl: pooler,
      databasePooling: 'transaction',
      databaseMigrationUrl: direct,
    });
    expect(load({ DATABASE_URL: pooler, DATABASE_POOLING: 'transaction' }).config.databaseMigrationUrl).toBeUndefined();
  });

  it('stops the start on another mode, a URL that is not PostgreSQL, or either without DATABASE_URL', () => {
    expect(refusal({ DATABASE_URL: pooler, DATABASE_POOLING: 'session' })).toMatch(
      /^Configuration error: DATABASE_POOLING must be direct or transaction/,
    );
    expect(refusal({ DATABASE_URL: pooler, DATABASE_MIGRATION_URL: 'mysql://db' })).toMatch(
      /^Configuration error: DATABASE_MIGRATION_URL must start with postgres:\/\//,
    );
    expect(refusal({ DATABASE_POOLING: 'transaction' })).toMatch(/need DATABASE_URL/);
    expect(refusal({ DATABASE_MIGRATION_URL: direct })).toMatch(/need DATABASE_URL/);
  });
});
