import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Certificates made for one test file with the openssl CLI, shaped as Apple's are: a root CA, a
 * WWDR-like intermediate it signs, and a pass type certificate the intermediate signs, whose key
 * has a passphrase. Plus an RSA key standing for a Google service account's.
 */
export interface WalletCertificates {
  dir: string;
  caFile: string;
  wwdrFile: string;
  cert: string;
  key: string;
  keyPassphrase: string;
  googlePrivateKey: string;
  googlePublicKey: string;
  remove(): void;
}

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

export function makeWalletCertificates(): WalletCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'clubtix-wallet-'));
  writeFileSync(
    path.join(dir, 'ext.cnf'),
    [
      '[ca]',
      'basicConstraints = critical, CA:TRUE',
      'keyUsage = critical, keyCertSign, cRLSign',
      '[signer]',
      'basicConstraints = critical, CA:FALSE',
      'keyUsage = critical, digitalSignature',
      '',
    ].join('\n'),
  );
  openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Test Root CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  openssl(dir, [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'wwdr.key',
    '-out',
    'wwdr.csr',
    '-subj',
    '/CN=Test WWDR',
  ]);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    'wwdr.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'wwdr.pem',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
    '-extensions',
    'ca',
  ]);
  const keyPassphrase = 'pass-key-secret';
  openssl(dir, [
    'genpkey',
    '-algorithm',
    'RSA',
    '-pkeyopt',
    'rsa_keygen_bits:2048',
    '-aes-256-cbc',
    '-pass',
    `pass:${keyPassphrase}`,
    '-out',
    'signer.key',
  ]);
  openssl(dir, [
    'req',
    '-new',
    '-key',
    'signer.key',
    '-passin',
    `pass:${keyPassphrase}`,
    '-out',
    'signer.csr',
    '-subj',
    '/UID=pass.org.clubtix.test/CN=Pass Type ID: pass.org.clubtix.test/OU=TEAM123456',
  ]);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    'signer.csr',
    '-CA',
    'wwdr.pem',
    '-CAkey',
    'wwdr.key',
    '-CAcreateserial',
    '-out',
    'signer.pem',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
    '-extensions',
    'signer',
  ]);
  const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  return {
    dir,
    caFile: path.join(dir, 'ca.pem'),
    wwdrFile: path.join(dir, 'wwdr.pem'),
    cert: read('signer.pem'),
    key: read('signer.key'),
    keyPassphrase,
    googlePrivateKey: google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    googlePublicKey: google.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The pass type and team the signer certificate names (its subject, above). */
export const TEST_PASS_TYPE_ID = 'pass.org.clubtix.test';
export const TEST_TEAM_ID = 'TEAM123456';
export const TEST_GOOGLE_ISSUER_ID = '3388000000012345678';
export const TEST_GOOGLE_SERVICE_ACCOUNT = 'clubtix-wallet@clubtix-test.iam.gserviceaccount.com';

/** Apple Wallet's settings (APPLE_PASS_*, apps/api/src/wallet-config.ts) for these certificates. */
export function appleWalletEnv(certs: WalletCertificates): Record<string, string> {
  return {
    APPLE_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
    APPLE_PASS_TEAM_ID: TEST_TEAM_ID,
    // PEM text for some settings, a file path for another: both forms are read.
    APPLE_PASS_CERT: certs.cert,
    APPLE_PASS_KEY: certs.key,
    APPLE_PASS_KEY_PASSPHRASE: certs.keyPassphrase,
    APPLE_PASS_WWDR: certs.wwdrFile,
  };
}

/** Google Wallet's settings (GOOGLE_WALLET_*) for these certificates' service account key. */
export function googleWalletEnv(certs: WalletCertificates): Record<string, string> {
  return {
    GOOGLE_WALLET_ISSUER_ID: TEST_GOOGLE_ISSUER_ID,
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: TEST_GOOGLE_SERVICE_ACCOUNT,
    GOOGLE_WALLET_PRIVATE_KEY: certs.googlePrivateKey,
  };
}

/**
 * Whether openssl verifies a detached PKCS #7 signature of `content` up to the CA: its exit code
 * (smime -verify, as Apple's own check of a pass's signature does in substance).
 */
export function opensslVerifies(certs: WalletCertificates, signature: Buffer, content: Buffer): boolean {
  const name = `check-${Math.random().toString(36).slice(2)}`;
  writeFileSync(path.join(certs.dir, `${name}.sig`), signature);
  writeFileSync(path.join(certs.dir, `${name}.txt`), content);
  try {
    openssl(certs.dir, [
      'smime',
      '-verify',
      '-inform',
      'DER',
      '-in',
      `${name}.sig`,
      '-content',
      `${name}.txt`,
      '-CAfile',
      certs.caFile,
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ]);
    return true;
  } catch {
    return false;
  }
}
