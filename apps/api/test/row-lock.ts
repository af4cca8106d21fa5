import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestApp } from './helpers';

export interface HeldRowLock {
  /** Runs a statement in the transaction that holds the lock. */
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  /** Resolves once some other session of this database waits for a lock (a call racing this one). */
  waitForWaiter(): Promise<void>;
  commit(): Promise<void>;
}

/**
 * Takes a row's lock in a transaction of its own connection and keeps it until commit, as a
 * concurrent transaction (a payment settling, an admin's change) would: a call made meanwhile
 * queues on the row, and what the holder writes before committing is what that call finds.
 */
export async function holdRowLock(t: TestApp, table: string, id: string): Promise<HeldRowLock> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
  return {
    query: (text, values) => client.query(text, values),
    async waitForWaiter() {
      // pg_stat_activity is read from another connection: within a transaction it is a snapshot.
      for (const began = Date.now(); Date.now() - began < 10_000;) {
        const result = await t.db.execute(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if ((result.rows[0] as { n: number }).n > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`nothing queued on the ${table} row within 10 s`);
    },
    async commit() {
      try {
        await client.query('COMMIT');
      } finally {
        await client.end();
      }
    },
  };
}
