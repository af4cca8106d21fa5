import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../apps/api/src/db/embedded';
import { startServer } from '../apps/api/test/server-process';
import { startMailbox } from './mailbox';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    sudoEmail: string;
    sudoPassword: string;
    jwtSecret: string;
    /** Where the mail the product delivered over SMTP lands (read with helpers' mailsTo). */
    mailDir: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SUDO_EMAIL = 'sudo@clubtix.test';
const SUDO_PASSWORD = 'sudo-password-1';
const JWT_SECRET = 'e2e-secret-that-is-long-enough-for-hs256-0123456789';

/**
 * The end-to-end tests drive the real product: built SPA + API on its embedded PostgreSQL, one
 * process, delivering its mail to a real SMTP server started here.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `No Chromium at ${chromiumPath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  // WEB_DIST_DIR (the server's own setting) lets a second checkout's build be tested alongside.
  const webDist = path.resolve(process.env.WEB_DIST_DIR || path.join(root, 'apps/web/dist'));
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`The web app is not built in ${webDist}: run \`npm run build\` (npm test does it for you)`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-e2e-'));
  chmodSync(dataDir, 0o755);
  const mailDir = mkdtempSync(path.join(tmpdir(), 'clubtix-e2e-mail-'));
  const mailbox = await startMailbox(mailDir);
  const server = await startServer(await freePort(), {
    DATA_DIR: dataDir,
    SUDO_EMAIL,
    SUDO_PASSWORD,
    JWT_SECRET,
    DATABASE_URL: '',
    SMTP_URL: mailbox.url,
    // Every spec's browser and API calls come from 127.0.0.1: the abuse limits of one address would
    // make the specs depend on each other. The limits' own spec starts a server with its own values.
    PUBLIC_WRITE_LIMIT: '0',
    HOLDS_PER_ADDRESS: '0',
  }).catch(async (error: unknown) => {
    await mailbox.close();
    throw error;
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('chromiumPath', chromiumPath);
  project.provide('sudoEmail', SUDO_EMAIL);
  project.provide('sudoPassword', SUDO_PASSWORD);
  project.provide('jwtSecret', JWT_SECRET);
  project.provide('mailDir', mailDir);

  return async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  };
}
