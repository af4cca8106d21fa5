import { createAdminApp, TEST_JWT_SECRET, type TestApp } from './helpers';
import { startServers, type ServerProcess } from './server-process';

/**
 * The several-process set-up of the racing tests: an in-process app on a database of its own (to
 * seed and to read the rows), a club with its admin, and `count` processes of the real product on
 * that same database, all with the abuse limits off as createTestApp has them (helpers.ts): the
 * racers all come from 127.0.0.1.
 */
export interface ProcessRig {
  t: TestApp;
  /** The admin's token, valid on the in-process app and on every process (they share its JWT_SECRET). */
  token: string;
  servers: ServerProcess[];
  /** Stops the processes, then closes the app and its database connections. */
  stop(): Promise<void>;
}

/** `env` adds to or overrides what the processes share; `timeoutMs` is each process's start limit. */
export async function startProcessRig(
  count: number,
  env: Record<string, string> = {},
  timeoutMs?: number,
): Promise<ProcessRig> {
  const { t, token } = await createAdminApp();
  try {
    const group = await startServers(
      count,
      t.databaseUrl,
      { JWT_SECRET: TEST_JWT_SECRET, PUBLIC_WRITE_LIMIT: '0', HOLDS_PER_ADDRESS: '0', ...env },
      timeoutMs,
    );
    return {
      t,
      token,
      servers: group.servers,
      stop: async () => {
        await group.stop();
        await t.close();
      },
    };
  } catch (error) {
    await t.close();
    throw error;
  }
}
