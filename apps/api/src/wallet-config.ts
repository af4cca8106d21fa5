import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error';

/**
 * Wallet passes (docs/product.md section 22, docs/decisions/0045-wallet-passes.md): Apple's pass
 * certificate and Google Wallet's service account. Each wallet is on only when all its settings are
 * set; some but not all is a start-up error naming the first missing one. Certificates and keys are
 * PEM text or the path of a PEM file, and are parsed at start so a wrong one stops the start.
 */
export interface ApplePassSettings {
  passTypeId: string;
  teamId: string;
  /** The pass type certificate, its private key (PEM) and the key's passphrase, if any. */
  cert: string;
  key: string;
  keyPassphrase: string | undefined;
  /** Apple's WWDR intermediate certificate (PEM), which the signature carries beside the signer's. */
  wwdr: string;
}

export interface GoogleWalletSettings {
  issuerId: string;
  serviceAccountEmail: string;
  /** The service account's RSA private key (PEM), which signs the "Save to Google Wallet" JWTs. */
  privateKey: string;
}

export interface WalletSettings {
  apple: ApplePassSettings | undefined;
  google: GoogleWalletSettings | undefined;
}

type Env = Record<string, string | undefined>;

const APPLE = [
  'APPLE_PASS_TYPE_ID',
  'APPLE_PASS_TEAM_ID',
  'APPLE_PASS_CERT',
  'APPLE_PASS_KEY',
  'APPLE_PASS_WWDR',
] as const;
const GOOGLE = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL', 'GOOGLE_WALLET_PRIVATE_KEY'] as const;

/** The settings of one wallet, all or none; the passphrase alone does not switch Apple on. */
function allOrNone<K extends string>(env: Env, names: readonly K[], wallet: string): Record<K, string> | undefined {
  const given = names.filter((name) => env[name] !== undefined);
  if (given.length === 0) return undefined;
  const missing = names.find((name) => env[name] === undefined);
  if (missing) {
    throw new ConfigError(`Configuration error: ${missing} is required when ${given[0]} is set (${wallet})`);
  }
  return Object.fromEntries(names.map((name) => [name, env[name]!])) as Record<K, string>;
}

/**
 * PEM text as it is, or the file a path names. A PEM pasted into one line of an .env file, or a
 * service account's JSON value, carries its line breaks as `\n`: they are restored.
 */
function pemOf(name: string, value: string): string {
  const text = value.includes('-----BEGIN') ? value : readPemFile(name, value);
  return text.replace(/\\n/g, '\n').trim() + '\n';
}

function readPemFile(name: string, file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`Configuration error: ${name} is neither PEM text nor a readable file`);
  }
  if (!text.includes('-----BEGIN'))
    throw new ConfigError(`Configuration error: ${name} names a file with no PEM in it`);
  return text;
}

function checkCertificate(name: string, pem: string): void {
  try {
    new X509Certificate(pem);
  } catch {
    throw new ConfigError(`Configuration error: ${name} is not a PEM certificate`);
  }
}

/** Both wallets sign with RSA: Apple's pass certificates are RSA keys, and Google's JWTs RS256. */
function checkRsaKey(name: string, pem: string, passphrase?: string): void {
  let type: string | undefined;
  try {
    type = createPrivateKey(passphrase === undefined ? pem : { key: pem, passphrase }).asymmetricKeyType;
  } catch {
    throw new ConfigError(`Configuration error: ${name} is not a PEM private key (or its passphrase is wrong)`);
  }
  if (type !== 'rsa') throw new ConfigError(`Configuration error: ${name} must be an RSA private key`);
}

function appleSettings(env: Env): ApplePassSettings | undefined {
  const set = allOrNone(env, APPLE, 'Apple Wallet');
  if (!set) {
    if (env.APPLE_PASS_KEY_PASSPHRASE !== undefined) {
      throw new ConfigError('Configuration error: APPLE_PASS_KEY_PASSPHRASE is set without APPLE_PASS_KEY');
    }
    return undefined;
  }
  const cert = pemOf('APPLE_PASS_CERT', set.APPLE_PASS_CERT);
  const key = pemOf('APPLE_PASS_KEY', set.APPLE_PASS_KEY);
  const wwdr = pemOf('APPLE_PASS_WWDR', set.APPLE_PASS_WWDR);
  const keyPassphrase = env.APPLE_PASS_KEY_PASSPHRASE;
  checkCertificate('APPLE_PASS_CERT', cert);
  checkCertificate('APPLE_PASS_WWDR', wwdr);
  checkRsaKey('APPLE_PASS_KEY', key, keyPassphrase);
  return {
    passTypeId: set.APPLE_PASS_TYPE_ID,
    teamId: set.APPLE_PASS_TEAM_ID,
    cert,
    key,
    keyPassphrase,
    wwdr,
  };
}

function googleSettings(env: Env): GoogleWalletSettings | undefined {
  const set = allOrNone(env, GOOGLE, 'Google Wallet');
  if (!set) return undefined;
  if (!/^\d+$/.test(set.GOOGLE_WALLET_ISSUER_ID)) {
    throw new ConfigError(
      'Configuration error: GOOGLE_WALLET_ISSUER_ID must be the issuer number of the Google Pay console',
    );
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(set.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL)) {
    throw new ConfigError('Configuration error: GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL must be an e-mail address');
  }
  const privateKey = pemOf('GOOGLE_WALLET_PRIVATE_KEY', set.GOOGLE_WALLET_PRIVATE_KEY);
  checkRsaKey('GOOGLE_WALLET_PRIVATE_KEY', privateKey);
  return {
    issuerId: set.GOOGLE_WALLET_ISSUER_ID,
    serviceAccountEmail: set.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL,
    privateKey,
  };
}

/** Reads the wallet settings from an environment whose empty values are already undefined. */
export function loadWalletSettings(env: Env): WalletSettings {
  return { apple: appleSettings(env), google: googleSettings(env) };
}
