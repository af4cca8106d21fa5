import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/helpers';
import { functionFiles, runMigrations } from './migrate';

/** The body of a function as PostgreSQL keeps it (prosrc): what runs. */
async function bodyOf(t: TestApp, name: string): Promise<string | undefined> {
  const { rows } = await t.db.execute<{ prosrc: string }>(sql`SELECT prosrc FROM pg_proc WHERE proname = ${name}`);
  expect(rows.length, `${name} is defined once`).toBeLessThanOrEqual(1);
  return rows[0]?.prosrc;
}

/** A file's body: the text between its function's $$ quotes. */
const fileBody = (text: string) => text.slice(text.indexOf('$$') + 2, text.lastIndexOf('$$'));

/**
 * db/functions/*.sql: each function the code calls is one file, applied whole at every start after
 * the migrations (db/migrate.ts), so the database runs what the file says, never an older copy.
 */
describe('the database functions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('runs what each file of db/functions says', async () => {
    const files = functionFiles();
    expect(files.map((file) => file.name)).toEqual(['clubtix_hold.sql', 'clubtix_short_code.sql']);
    for (const file of files) expect(await bodyOf(t, file.name.replace(/\.sql$/, ''))).toBe(fileBody(file.sql));
  });

  it('replaces a function that differs from its file at the next start', async () => {
    await t.db.execute(
      sql`CREATE OR REPLACE FUNCTION clubtix_short_code() RETURNS text LANGUAGE sql AS $$ SELECT 'OLD' $$`,
    );
    expect(await bodyOf(t, 'clubtix_short_code')).toBe(" SELECT 'OLD' ");
    await runMigrations(t.databaseUrl);
    const file = functionFiles().find((one) => one.name === 'clubtix_short_code.sql')!;
    expect(await bodyOf(t, 'clubtix_short_code')).toBe(fileBody(file.sql));
  });
});
