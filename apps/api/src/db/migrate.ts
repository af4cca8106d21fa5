import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
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

export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
    for (const file of functionFiles()) await client.query(file.sql);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
