import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

/** Drizzle over one connection or the pool. */
export type Session = NodePgDatabase<typeof schema>;
/** The app's database: Drizzle over the pool. */
export type Db = Session & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take any; the service that owns the transaction decides (docs/architecture.md convention 4). */
export type DbOrTx = Session | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /**
   * Opens the pool's connections now rather than when a burst first needs them (see `warm`), and
   * runs `prepare` on each: the statements a burst needs first, planned before it comes.
   */
  warmUp(prepare?: (connection: pg.PoolClient) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** How the URL reaches PostgreSQL (config.ts `databasePooling`). */
export type Pooling = 'direct' | 'transaction';

/**
 * A connection through a transaction pooler: every statement goes unnamed. A named statement lives on
 * the server connection that parsed it, and the pooler hands the next transaction another one, where
 * the name is unknown (or, worse, names something else); PgBouncer before 1.21 does not track them.
 * Named statements are asked for in one place or another (db/prepared.ts `runPrepared`, Drizzle's
 * `.prepare(name)` in modules/checkin/checkin.repo.ts): the name is dropped here, for all of them.
 */
class UnnamedStatementsClient extends pg.Client {
  // pg's overloads; the config object, when there is one, is the first argument.
  override query(...args: unknown[]): never {
    const [config] = args;
    if (typeof config === 'object' && config !== null && 'name' in config && 'text' in config) {
      const { name: _name, ...unnamed } = config as Record<string, unknown>;
      args[0] = unnamed;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/**
 * `warm` (the server's pool): connections once open stay open, so the door's first burst after a
 * quiet hour does not wait for a dozen new connections, each authenticated and preparing its
 * statements again (docs/decisions/0054-a-lighter-request.md).
 */
export function connectDatabase(
  url: string,
  max = 10,
  { warm = false, pooling = 'direct' }: { warm?: boolean; pooling?: Pooling } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    min: warm ? max : 0,
    connectionTimeoutMillis: 10_000,
    // Direct connections keep named statements: planned once per connection, measurably faster
    // (docs/decisions/0052-purchase-round-trips.md).
    ...(pooling === 'transaction' ? { Client: UnnamedStatementsClient } : {}),
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  const warmUp = async (prepare?: (connection: pg.PoolClient) => Promise<void>) => {
    // Every connection at once, so each is a different one; a failure leaves that one to open on demand.
    const opened = await Promise.allSettled(Array.from({ length: max }, () => pool.connect()));
    await Promise.allSettled(
      opened.map(async (result) => {
        if (result.status !== 'fulfilled') return;
        try {
          // Through a pooler a statement prepared here would be on a server connection the next
          // transaction may not get: nothing to gain, so nothing is prepared.
          if (pooling === 'direct') await prepare?.(result.value);
        } finally {
          result.value.release();
        }
      }),
    );
  };
  return { db, pool, warmUp, close: () => pool.end() };
}
