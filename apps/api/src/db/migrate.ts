import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';

const here = path.dirname(new URL(import.meta.url).pathname);
const migrationsFolder = path.join(here, 'migrations');
/**
 * The database functions the code calls, one file each, applied whole (CREATE OR REPLACE) after the
 * migrations at every start: a function is changed by editing its file, never by a migration that
 * copies it again. A changed signature still needs a migration dropping the old one.
 */
const functionsFolder = path.join(here, 'functions');

/** The functions' files, in name order. */
export function functionFiles(): { name: string; sql: string }[] {
  return readdirSync(functionsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(functionsFolder, name), 'utf8') }));
}
/** Any fixed number: serialises migrations when several API processes start at once. */
const MIGRATION_LOCK = 727_001;

/**
 * Drizzle's migrations (its own table, drizzle.__drizzle_migrations, as drizzle-orm's migrator keeps
 * it), then the functions, in one transaction that holds the migration lock: a transaction-scoped
 * lock, so nothing outlives the run on the server connection, and the same code serves a direct
 * connection and a transaction pooler that hands each transaction another one (PgBouncer; a
 * session-level lock would stay with a connection the pooler gives to someone else). Drizzle's own
 * `migrate` opens a transaction of its own and takes no lock, so it could not hold this one.
 */
export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
    await client.query(
      'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    );
    const { rows } = await client.query<{ created_at: string }>(
      'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    const last = rows[0] ? Number(rows[0].created_at) : undefined;
    for (const migration of readMigrationFiles({ migrationsFolder })) {
      if (last !== undefined && migration.folderMillis <= last) continue;
      for (const statement of migration.sql) await client.query(statement);
      await client.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    for (const file of functionFiles()) await client.query(file.sql);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
