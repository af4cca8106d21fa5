import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ROLE_ADMIN, ROLE_SUDO } from '@clubtix/contract';
import { ConfigError } from '../../config';
import { users } from '../../db/schema';
import { freePort } from '../../db/embedded';
import { createClubWithAdmin, createTestApp, type TestApp } from '../../../test/helpers';
import { startServer } from '../../../test/server-process';
import { ensureSudo } from './bootstrap';
import { findAnySudo } from './users.repo';
import { callEndpoint } from '../../../test/call-endpoint';

const SUDO_PASSWORD = 'harbour-lights-77';

describe('the super user of SUDO_EMAIL and SUDO_PASSWORD on start', () => {
  let t: TestApp;
  const dataDirs: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const configWith = (email: string) => ({ ...t.config, sudoEmail: email, sudoPassword: SUDO_PASSWORD });

  it('stops with a configuration error naming SUDO_EMAIL when the address belongs to a club admin', async () => {
    const { admin } = await createClubWithAdmin(t);
    const config = configWith(admin.row.email);
    const refusal = await ensureSudo({ config, db: t.db }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ConfigError);
    const message = (refusal as ConfigError).message;
    expect(message).toBe(
      `Configuration error: SUDO_EMAIL ${admin.row.email} belongs to a club admin, not a super user; set SUDO_EMAIL to an address no club admin uses`,
    );
    expect(message).not.toContain(SUDO_PASSWORD);
    // Not promoted, and no super user made under that address or any other.
    const [row] = await t.db.select().from(users).where(eq(users.email, admin.row.email));
    expect({ role: row!.role, clubId: row!.clubId }).toEqual({ role: ROLE_ADMIN, clubId: admin.row.clubId });
    expect(await findAnySudo(t.db)).toBeUndefined();
    expect(
      (await callEndpoint(t, endpoints.auth.signin, { body: { email: admin.row.email, password: SUDO_PASSWORD } }))
        .status,
    ).toBe(401);
  });

  it('creates the super user when the address is free, and leaves it alone on the next start', async () => {
    const config = configWith('owner@example.org');
    expect(await ensureSudo({ config, db: t.db })).toEqual({ kind: 'created-from-env', email: 'owner@example.org' });
    expect((await findAnySudo(t.db))?.email).toBe('owner@example.org');
    expect(await ensureSudo({ config, db: t.db })).toEqual({ kind: 'existing' });
    const signin = await callEndpoint(t, endpoints.auth.signin, {
      body: { email: 'owner@example.org', password: SUDO_PASSWORD },
    });
    expect(signin.status).toBe(200);
    expect(signin.body.payload).toMatchObject({ currentUser: { role: ROLE_SUDO, clubId: null } });
  });

  it(
    'stops the real start with that one line and exit code 1, never printing the password',
    { timeout: 120_000 },
    async () => {
      const { admin } = await createClubWithAdmin(t);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-sudo-'));
      dataDirs.push(dataDir);
      const failure = await startServer(await freePort(), {
        DATA_DIR: dataDir,
        DATABASE_URL: t.databaseUrl,
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        SUDO_EMAIL: admin.row.email,
        SUDO_PASSWORD,
      }).then(
        async (server) => {
          server.child.kill('SIGTERM');
          await server.exited;
          return 'the server started';
        },
        (error: unknown) => (error as Error).message,
      );
      expect(failure).toMatch(/^The server exited with 1:/);
      expect(failure).toContain(`Configuration error: SUDO_EMAIL ${admin.row.email} belongs to a club admin`);
      expect(failure).not.toContain(SUDO_PASSWORD);
      expect(failure).not.toContain('ClubTix is running');
    },
  );
});
