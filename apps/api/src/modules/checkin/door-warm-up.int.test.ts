import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../db/client';
import { prepareDoor } from './checkin.repo';
import { createTestApp, type TestApp } from '../../../test/helpers';

/**
 * The server's warm pool (server.ts, docs/decisions/0055-the-door-as-written-sql.md): every
 * connection is open and has the door's statements planned before the first scan arrives.
 */
describe("the door's warm-up", () => {
  let t: TestApp;
  let database: Database;

  beforeAll(async () => {
    t = await createTestApp();
    database = connectDatabase(t.databaseUrl, 4, { warm: true });
  });
  afterAll(async () => {
    await database.close();
    await t.close();
  });

  it('opens every connection and plans the door on each, writing nothing', async () => {
    await database.warmUp(prepareDoor);
    expect(database.pool.totalCount).toBe(4);
    // All four at once, so each is a different connection.
    const connections = await Promise.all(Array.from({ length: 4 }, () => database.pool.connect()));
    try {
      const backends = new Set<number>();
      for (const connection of connections) {
        const { rows } = await connection.query<{ name: string; pid: number }>(
          'SELECT name, pg_backend_pid() AS pid FROM pg_prepared_statements ORDER BY name',
        );
        expect(rows.map((row) => row.name)).toEqual(['door-scan-and-check-in', 'door-ticket-at-door']);
        backends.add(rows[0]!.pid);
      }
      expect(backends.size).toBe(4);
    } finally {
      for (const connection of connections) connection.release();
    }
    const { rows } = await database.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM checkins');
    expect(rows[0]?.count).toBe(0);
  });
});
