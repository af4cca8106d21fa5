import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Session } from './client';

const dialect = new PgDialect();

const inline = (statement: SQL) => dialect.sqlToQuery(statement.inlineParams()).sql;

/** What the work of a transaction hands back: its answer, and the statements to send with COMMIT. */
export interface Ending<T> {
  result: T;
  last: SQL[];
}

/** A transaction's work: Drizzle over its connection, and the connection for prepared statements (db/prepared.ts). */
export type TransactionWork<T> = (tx: Session, client: pg.PoolClient) => Promise<Ending<T>>;

/**
 * A transaction whose last statements go to PostgreSQL in one message with its COMMIT.
 *
 * Why: the counter rows of an event (its tickets' and its own) are what every buyer queues on, and
 * a row's lock lasts until the commit. Sent one call at a time, each statement and then the COMMIT
 * wait for a turn of this process's event loop, which during a sale is busy with hundreds of other
 * requests; the lock then lasts as long as those turns, and every other buyer of the event waits
 * that long too, holding a connection of the pool (docs/performance.md). Sent together, PostgreSQL
 * runs them back to back and the lock lasts as long as the statements and the WAL flush.
 *
 * The last statements go without parameters (the simple protocol that allows several statements in
 * one message), so their values are written into the text by Drizzle's own quoting: use them for
 * ids and numbers. They must fail by raising an error, not by touching no row (a CHECK constraint
 * does): on an error the COMMIT is not run, the transaction is rolled back and the error thrown.
 */
export function transactionEndingWith<T>(db: Db, work: TransactionWork<T>): Promise<T> {
  return transactionStartingWith(db, [], work);
}

/**
 * A transactionEndingWith whose `first` statements go the same way with its BEGIN, before the work:
 * a lock the whole transaction must hold (the hold limits' advisory locks) then costs no round trip
 * of its own. The same rules hold for them as for the last statements.
 */
export async function transactionStartingWith<T>(db: Db, first: SQL[], work: TransactionWork<T>): Promise<T> {
  const client = await db.$client.connect();
  let broken = false;
  try {
    try {
      await client.query(['begin', ...first.map(inline)].join(';\n'));
      // Without the schema: building its relational helpers costs 0.1 ms, and no repo uses them.
      const { result, last } = await work(drizzle(client), client);
      await client.query([...last.map(inline), 'commit'].join(';\n'));
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}
