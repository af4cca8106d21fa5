import { createAdminApp, TEST_JWT_SECRET, type TestApp, type TestAppOptions } from './helpers';
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

/**
 * `env` adds to or overrides what the processes share, or makes it from the app's database (a pooler
 * in front of it, say); `timeoutMs` is each process's start limit; `appOptions` are the in-process
 * app's (a long `holdSweepMs` leaves the sweeps to the processes).
 */
export async function startProcessRig(
  count: number,
  env: Record<string, string> | ((t: TestApp) => Promise<Record<string, string>>) = {},
  timeoutMs?: number,
  appOptions: TestAppOptions = {},
): Promise<ProcessRig> {
  const { t, token } = await createAdminApp({}, appOptions);
  try {
    const shared = typeof env === 'function' ? await env(t) : env;
    const group = await startServers(
      count,
      t.databaseUrl,
      { JWT_SECRET: TEST_JWT_SECRET, PUBLIC_WRITE_LIMIT: '0', HOLDS_PER_ADDRESS: '0', ...shared },
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
