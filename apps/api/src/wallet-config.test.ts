import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appleWalletEnv,
  googleWalletEnv,
  makeWalletCertificates,
  type WalletCertificates,
} from '../test/wallet-certificates';
import { ConfigError, loadConfig } from './config';
import { loadWalletSettings } from './wallet-config';

// Wallet settings (docs/decisions/0045-wallet-passes.md): all of a wallet's or none, checked at start.

let certs: WalletCertificates;
beforeAll(() => {
  certs = makeWalletCertificates();
});
afterAll(() => certs.remove());

const apple = () => appleWalletEnv(certs);
const google = () => googleWalletEnv(certs);

function refusal(env: Record<string, string | undefined>): string {
  try {
    loadWalletSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('the configuration was accepted');
}

describe('wallet settings', () => {
  it('leaves both wallets off when nothing is set', () => {
    expect(loadWalletSettings({})).toEqual({ apple: undefined, google: undefined });
  });

  it('reads PEM text and PEM files alike, and \\n written for line breaks', () => {
    const settings = loadWalletSettings({
      ...apple(),
      APPLE_PASS_CERT: certs.cert.replace(/\n/g, '\\n'),
      ...google(),
    });
    expect(settings.apple).toMatchObject({ passTypeId: 'pass.org.clubtix.test', teamId: 'TEAM123456' });
    expect(settings.apple?.cert).toBe(certs.cert);
    expect(settings.apple?.wwdr).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(settings.google).toMatchObject({ issuerId: '3388000000012345678' });
  });

  it.each([
    [
      { APPLE_PASS_TYPE_ID: 'pass.org.clubtix.test' },
      'APPLE_PASS_TEAM_ID is required when APPLE_PASS_TYPE_ID is set (Apple Wallet)',
    ],
    [{ APPLE_PASS_WWDR: '/etc/wwdr.pem' }, 'APPLE_PASS_TYPE_ID is required when APPLE_PASS_WWDR is set (Apple Wallet)'],
    [{ APPLE_PASS_KEY_PASSPHRASE: 'x' }, 'APPLE_PASS_KEY_PASSPHRASE is set without APPLE_PASS_KEY'],
    [
      { GOOGLE_WALLET_ISSUER_ID: '123' },
      'GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL is required when GOOGLE_WALLET_ISSUER_ID is set (Google Wallet)',
    ],
  ])('names the missing setting of a half-configured wallet (%o)', (env, message) => {
    expect(refusal(env)).toBe(`Configuration error: ${message}`);
  });

  it('names the first missing one when all but one are set', () => {
    const env: Record<string, string | undefined> = { ...apple(), APPLE_PASS_WWDR: undefined };
    expect(refusal(env)).toMatch(/^Configuration error: APPLE_PASS_WWDR is required/);
  });

  it('refuses what is not a certificate or a key, without showing the value', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clubtix-wallet-config-'));
    try {
      expect(refusal({ ...apple(), APPLE_PASS_CERT: path.join(dir, 'absent.pem') })).toBe(
        'Configuration error: APPLE_PASS_CERT is neither PEM text nor a readable file',
      );
      expect(refusal({ ...apple(), APPLE_PASS_WWDR: certs.key })).toBe(
        'Configuration error: APPLE_PASS_WWDR is not a PEM certificate',
      );
      const wrongPassphrase = refusal({ ...apple(), APPLE_PASS_KEY_PASSPHRASE: 'not-the-passphrase' });
      expect(wrongPassphrase).toBe(
        'Configuration error: APPLE_PASS_KEY is not a PEM private key (or its passphrase is wrong)',
      );
      expect(wrongPassphrase).not.toContain('not-the-passphrase');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a Google key that cannot sign RS256 and an issuer that is not a number', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(refusal({ ...google(), GOOGLE_WALLET_PRIVATE_KEY: ec.toString() })).toBe(
      'Configuration error: GOOGLE_WALLET_PRIVATE_KEY must be an RSA private key',
    );
    expect(refusal({ ...google(), GOOGLE_WALLET_ISSUER_ID: 'my-issuer' })).toMatch(
      /^Configuration error: GOOGLE_WALLET_ISSUER_ID must be/,
    );
  });

  it('stops the start through loadConfig, empty values counting as unset', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-config-'));
    try {
      expect(() => loadConfig({ DATA_DIR: dataDir, ...google(), GOOGLE_WALLET_PRIVATE_KEY: '' })).toThrow(
        'Configuration error: GOOGLE_WALLET_PRIVATE_KEY is required when GOOGLE_WALLET_ISSUER_ID is set (Google Wallet)',
      );
      expect(loadConfig({ DATA_DIR: dataDir, APPLE_PASS_CERT: '' }).wallet).toEqual({
        apple: undefined,
        google: undefined,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
