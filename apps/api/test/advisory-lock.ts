import { sql } from 'drizzle-orm';
import type { Tx } from '../src/db/client';
import type { TestApp } from './helpers';

/**
 * Makes calls that race for one advisory lock (a quota, a cap) reach it at the same moment: the
 * lock is held here while `count` calls start and queue on it, then let go. Without the lock in
 * the code under test, nothing queues and this fails rather than let a race go untested.
 */
export async function lineUpOnLock<T>(
  t: TestApp,
  lock: (tx: Tx) => Promise<void>,
  count: number,
  start: () => Promise<T>[],
): Promise<T[]> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.db.transaction(async (tx) => {
    await lock(tx);
    locked();
    await held;
  });
  await isLocked;
  const calls = Promise.all(start());
  try {
    await waitForAdvisoryWaiters(t, count);
  } finally {
    release();
    await holder;
  }
  return calls;
}

async function waitForAdvisoryWaiters(t: TestApp, count: number): Promise<void> {
  // pg_stat_activity is read from another connection: within a transaction it is a snapshot.
  for (const began = Date.now(); Date.now() - began < 10_000;) {
    const result = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'`,
    );
    if ((result.rows[0] as { n: number }).n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${count} calls did not queue on the lock within 10 s`);
}
