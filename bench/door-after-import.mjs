// bench:checkin's third case, "after import" (docs/decisions/0050): IMPORTED attendees (10,000) uploaded as a
// .csv through the organiser's import call, then scanned at RATE: at once (AFTER_IMPORT=at-once, the
// default), after an ANALYZE (analyze) or after waiting that many seconds. EXPLAIN=1 adds the door
// statement's plans. The door itself is bench/checkin.mjs's `run`, passed in with what it shares.
/* global Blob, FormData */
import { createEvent } from './lib.mjs';

const IMPORTED = Number(process.env.IMPORTED ?? 10_000);
const AFTER_IMPORT = process.env.AFTER_IMPORT ?? 'at-once';

/**
 * IMPORTED attendees uploaded as a .csv through the organiser's import call, read back as the door's
 * list would (the door's devices download it before the doors open, docs/decisions/0035-offline-door.md).
 */
async function importEvent({ call, db, baseUrl, scanList }, token, title) {
  const { eventId, ticketId } = await createEvent(call, token, { clubName: `${title} Club`, title });
  const lines = ['firstName,lastName,email'];
  for (let i = 1; i <= IMPORTED; i++) lines.push(`Guest,No ${i},guest${i}@import.bench.test`);
  const form = new FormData();
  form.set('eventId', eventId);
  form.set('ticketId', ticketId);
  form.set('file', new Blob([lines.join('\n')]), 'guests.csv');
  const began = performance.now();
  const response = await fetch(`${baseUrl}/api/registration/bulkImportAttendee`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  const json = await response.json();
  if (response.status !== 200 || json.payload.imported !== IMPORTED) {
    throw new Error(`import answered ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
  }
  const importSeconds = Math.round((performance.now() - began) / 100) / 10;
  const { rows } = await db.query(
    `SELECT a.id, a.registration_id, r.qr_uuid FROM attendees a JOIN registrations r ON r.id = a.registration_id
      WHERE a.event_id = $1 ORDER BY random()`,
    [eventId],
  );
  return { eventId, work: scanList(rows), expected: IMPORTED, importSeconds };
}

/** The tables the door reads as PostgreSQL's statistics see them. */
async function tableStatistics(db) {
  const { rows } = await db.query(
    `SELECT s.relname, s.n_live_tup::int AS live, s.n_mod_since_analyze::int AS "modifiedSinceAnalyze",
            c.reltuples::int AS "plannerRows", c.relpages AS "plannerPages",
            s.last_analyze IS NOT NULL OR s.last_autoanalyze IS NOT NULL AS analyzed
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.relname IN ('attendees', 'registrations', 'checkins') ORDER BY s.relname`,
  );
  return Object.fromEntries(rows.map(({ relname, ...row }) => [relname, row]));
}

/** The autovacuum workers' runs on the door's tables since `since`, seconds after it: work sharing the cores. */
async function autovacuumSince(db, since) {
  const { rows } = await db.query(
    `SELECT relname, extract(epoch FROM last_autovacuum - $1::timestamptz)::float AS vacuumed,
            extract(epoch FROM last_autoanalyze - $1::timestamptz)::float AS analyzed
       FROM pg_stat_user_tables WHERE relname IN ('attendees', 'registrations', 'checkins')
        AND (last_autovacuum > $1 OR last_autoanalyze > $1) ORDER BY relname`,
    [since],
  );
  const round = (seconds) => (seconds === null ? null : Math.round(seconds * 10) / 10);
  return Object.fromEntries(
    rows.map(({ relname, vacuumed, analyzed }) => [relname, { vacuumed: round(vacuumed), analyzed: round(analyzed) }]),
  );
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the door's batch statement for a batch of `scans`, as the server sends
 * it (its text taken from the app's own code), in a transaction rolled back: once as a custom plan
 * and once as the generic plan a prepared statement settles on after five runs, kept from the first
 * call on as the server's connections keep theirs.
 */
let explainPrepared = false;
async function explainDoorScan(db, eventId, scans) {
  const { register } = await import('tsx/esm/api');
  register();
  const { scanAndCheckIn } = await import('../apps/api/src/modules/checkin/checkin.repo.ts');
  let captured;
  // The statement's text and values as the server sends them (db/prepared.ts), from a stand-in connection.
  const capture = {
    query: async ({ text, values }) => {
      captured ??= { text, params: values };
      return { rows: [] };
    },
  };
  const scan = { eventId, registrationId: 'none', attendeeId: 'none', qrUuid: 'none', clubId: null, createdBy: 'x' };
  await scanAndCheckIn(capture, scan);
  const params = [
    scans.map(() => eventId),
    scans.map((item) => item.attendeeId),
    scans.map((item) => item.registrationId),
    scans.map((item) => JSON.parse(item.text).q),
    scans.map(() => null),
    scans.map(() => 'bench'),
    scans.map((_, i) => `explain-${i}`),
  ];
  if (captured.params.length !== params.length) {
    throw new Error(`the door statement changed: update explainDoorScan (${JSON.stringify(captured.params)})`);
  }
  const literal = (value) =>
    Array.isArray(value)
      ? db.escapeLiteral(`{${value.map((v) => (v === null ? 'NULL' : `"${v}"`)).join(',')}}`)
      : db.escapeLiteral(value);
  // Prepared once, right after the import, as each of the server's connections prepares it: its
  // generic plan is kept until an ANALYZE (or DDL) of a table it reads invalidates it.
  if (!explainPrepared) {
    await db.query(`PREPARE door_explain AS ${captured.text}`);
    explainPrepared = true;
  }
  const plans = {};
  await db.query('BEGIN');
  try {
    const custom = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${captured.text}`, params);
    plans.custom = custom.rows.map((row) => row['QUERY PLAN']);
    await db.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
    const generic = await db.query(
      `EXPLAIN (ANALYZE, BUFFERS) EXECUTE door_explain(${params.map(literal).join(', ')})`,
    );
    plans.generic = generic.rows.map((row) => row['QUERY PLAN']);
  } finally {
    await db.query('ROLLBACK');
  }
  return plans;
}

/**
 * The after-import case. `bench` is what bench/checkin.mjs shares: `call` (its HTTP client), `db` (a
 * pg client on the product's database), `baseUrl`, `scanList`, `run` (one door run) and `rate`.
 */
export async function afterImport(token, bench) {
  const { db, run, rate } = bench;
  const event = await importEvent(bench, token, 'Door After Import');
  const statistics = await tableStatistics(db);
  const explain = process.env.EXPLAIN ? (scans) => explainDoorScan(db, event.eventId, scans) : null;
  const explained = explain ? { rightAfterImport: await explain(event.work.slice(0, 8)) } : {};
  if (AFTER_IMPORT === 'analyze') await db.query('ANALYZE registrations, attendees');
  else if (AFTER_IMPORT !== 'at-once') await new Promise((resolve) => setTimeout(resolve, Number(AFTER_IMPORT) * 1000));
  if (explain && AFTER_IMPORT === 'analyze') explained.afterAnalyze = await explain(event.work.slice(8, 16));
  const rushBegan = new Date();
  const scanned = await run(token, event, true);
  const autovacuumDuringRush = await autovacuumSince(db, rushBegan);
  // Every attendee is checked in by now: the same plan then shows what each scan cost at the end.
  if (explain) explained.afterScanning = await explain(event.work.slice(16, 24));
  return {
    imported: IMPORTED,
    importSeconds: event.importSeconds,
    scanned: AFTER_IMPORT,
    statisticsBeforeScanning: statistics,
    offeredScansPerSecond: rate,
    ...scanned,
    // Seconds after the rush began that an autovacuum worker finished on each table ({} when none did).
    autovacuumDuringRush,
    ...explained,
  };
}
