import pg from 'pg';
import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * Statements of the purchase's hot path, written once as SQL text and sent as pg named queries: each
 * connection parses and plans one the first time and then only binds values, and no query is built
 * per call (docs/decisions/0052-purchase-round-trips.md). Rows come back as Drizzle's own queries
 * give them: timestamps as text, each value mapped by its column.
 */

const { builtins } = pg.types;
/** Dates and intervals, and arrays of them, stay text for the column to map (as Drizzle's session does). */
const RAW_TYPES = new Set<number>([
  builtins.TIMESTAMPTZ,
  builtins.TIMESTAMP,
  builtins.DATE,
  builtins.INTERVAL,
  1185, // timestamptz[]
  1115, // timestamp[]
  1182, // date[]
  1187, // interval[]
]);
const asText = (value: string) => value;
type Parser = (value: string) => unknown;
const parserOf = pg.types.getTypeParser as (id: number, format?: string) => Parser;
const types = {
  getTypeParser: ((id: number, format?: string): Parser =>
    RAW_TYPES.has(id) ? asText : parserOf(id, format)) as typeof pg.types.getTypeParser,
};

export interface Prepared {
  name: string;
  text: string;
}

export type Queryable = Pick<pg.ClientBase, 'query'>;

/** Runs a named statement with its values: one round trip. `Row` names the columns it answers. */
export async function runPrepared<Row extends object = Record<string, unknown>>(
  db: Queryable,
  statement: Prepared,
  values: unknown[],
): Promise<Row[]> {
  const result = await db.query<Row & pg.QueryResultRow>({ name: statement.name, text: statement.text, values, types });
  return result.rows;
}

/** `alias.column AS "prefix.key"` for every column of a table: a select list written once, at load. */
export function selectList(table: Table, alias: string, prefix: string): string {
  return Object.entries(getTableColumns(table))
    .map(([key, column]) => `${alias}."${column.name}" AS "${prefix}.${key}"`)
    .join(', ');
}

/** `json_build_object('key', alias.column, ...)`: many rows of a table in one column (with json_agg). */
export function jsonObjectOf(table: Table, alias: string): string {
  const pairs = Object.entries(getTableColumns(table)).map(([key, column]) => `'${key}', ${alias}."${column.name}"`);
  return `json_build_object(${pairs.join(', ')})`;
}

/** A table's row read back from `prefix.key` fields, each value mapped by its column as Drizzle maps it. */
export function rowOf<T extends Table>(table: T, row: Record<string, unknown>, prefix?: string): InferSelectModel<T> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[prefix === undefined ? key : `${prefix}.${key}`];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as InferSelectModel<T>;
}
