// Check-in at the door (docs/product.md section 16). ATTENDEES paid attendees (20,000 by default) per
// event and SCANNERS scanners (200); a door scan is what the scanner page does with "Check in on scan":
// one call that reads the ticket and checks it in (scanByRegistrationId with checkin: true).
// FLOW=two-calls scans as the page does with it off: read the ticket, then check it in (checkin/save).
// Every 10th attendee is scanned twice, by two scanners at once.
//
// Two runs, each on its own event:
// - "flat out": every scanner scans again the moment it has its answer (a closed loop). This gives
//   the most scans per second the machine does; the latency is then mostly the queue, since by
//   Little's law 200 scanners at X scans/s wait 200/X seconds on average.
// - "door pace": the scans arrive at RATE per second (2,000 by default) spread over the scanners,
//   whether or not the earlier ones are answered (an open loop, as people arrive at real doors).
//   Latency counts from when the scan was due, so a server that falls behind shows it.
// - "after import" (docs/decisions/0050): IMPORTED attendees (10,000) uploaded as a .csv through the import
//   call the organiser uses (POST /registration/bulkImportAttendee), then scanned at once at RATE: the door
//   an hour after the list was imported, before autovacuum has seen the new rows. AFTER_IMPORT=analyze runs
//   ANALYZE first and AFTER_IMPORT=<seconds> waits that long instead, to compare.
// Prints scans per second, latencies, and stored check-ins, which must equal the distinct attendees,
// with the machine's load average (os.loadavg()) at the start and end of each run beside its p99,
// and what the server saw meanwhile: event-loop delay, garbage collection, waits for a pooled
// connection (bench/server-probe.mjs), checkpoints and autovacuum runs of PostgreSQL.
// - "door opens": first, on a server that has done nothing else, as a real door opens: the scanners'
//   connections already open, EARLY (200) guests of another event scanned, then the import and the rush,
//   with the p99 of each second (p99BySecond): the first second included.
// CASES=doorOpens,flatOut,doorPace,afterImport chooses the runs (all by default); HOG=n keeps n busy loops
// (`node -e 'for(;;){}'`) running beside the runs, a machine that is not idle on purpose;
// EXPLAIN=1 prints the plans of the door's statement right after the import and after an ANALYZE.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import pg from 'pg';
import { fastClient } from './fast-client.mjs';
import { rawClient } from './raw-client.mjs';
import { afterImport } from './door-after-import.mjs';
import { createEvent, startProduct, SUDO, summarise } from './lib.mjs';

const ATTENDEES = Number(process.env.ATTENDEES ?? 20_000);
const SCANNERS = Number(process.env.SCANNERS ?? 200);
const RATE = Number(process.env.RATE ?? 2_000);
const TWO_CALLS = process.env.FLOW === 'two-calls';
const CASES = (process.env.CASES ?? 'doorOpens,flatOut,doorPace,afterImport').split(',');
const EARLY = Number(process.env.EARLY ?? 200);
const HOG = Number(process.env.HOG ?? 0);

const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100);
// Unreferenced, so they do not keep this process alive once it has printed; killed as it exits.
const hogs = Array.from({ length: HOG }, () => {
  const hog = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
  hog.unref();
  return hog;
});
process.on('exit', () => hogs.forEach((hog) => hog.kill()));

// Every scanner is this one process on 127.0.0.1: the abuse limits of one address are off
// (docs/product.md section 18), as for any load test run from one address.
const probeFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'checkin-probe-')), 'probe.json');
const product = await startProduct({ PUBLIC_WRITE_LIMIT: '0', HOLDS_PER_ADDRESS: '0' }, { probe: probeFile });
// BENCH_CLIENT=undici measures with fast-client.mjs instead of the lighter raw-client.mjs.
const call = (process.env.BENCH_CLIENT === 'undici' ? fastClient : rawClient)(product.baseUrl, SCANNERS * 2);
const db = new pg.Client({ connectionString: product.pgUrl() });
await db.connect();

async function seedEvent(token, title, attendees = ATTENDEES) {
  const { clubId, eventId, ticketId } = await createEvent(call, token, { clubName: `${title} Club`, title });
  // Seeding the attendees through the purchase path would measure buying, not the door.
  const prefix = eventId.slice(0, 8);
  await db.query(
    `INSERT INTO registrations (id, club_id, event_id, email, qr_uuid, status, confirmed_at)
     SELECT $4 || 'r' || g, $1, $2, 'guest' || g || '@bench.test', gen_random_uuid()::text, 'confirmed', now()
       FROM generate_series(1, $3) g`,
    [clubId, eventId, attendees, prefix],
  );
  await db.query(
    `INSERT INTO attendees (id, club_id, event_id, registration_id, ticket_id, first_name, last_name, email)
     SELECT $5 || 'a' || g, $1, $2, $5 || 'r' || g, $3, 'Guest', 'No ' || g, 'guest' || g || '@bench.test'
       FROM generate_series(1, $4) g`,
    [clubId, eventId, ticketId, attendees, prefix],
  );
  // As a door opens long after its tickets were bought: autovacuum has been through the new rows.
  await db.query('VACUUM ANALYZE registrations, attendees');
  const { rows } = await db.query(
    `SELECT a.id, a.registration_id, r.qr_uuid FROM attendees a JOIN registrations r ON r.id = a.registration_id
      WHERE a.event_id = $1 ORDER BY random()`,
    [eventId],
  );
  return { eventId, work: scanList(rows), expected: attendees };
}

/** Each attendee once, every 10th twice in a row (so the duplicate is in flight at the same moment). */
function scanList(rows) {
  const work = [];
  for (const [i, row] of rows.entries()) {
    const item = {
      text: JSON.stringify({ r: row.registration_id, a: row.id, q: row.qr_uuid }),
      attendeeId: row.id,
      registrationId: row.registration_id,
    };
    work.push(item);
    if (i % 10 === 0) work.push(item);
  }
  return work;
}

/** Checkpoints and autovacuum work so far, to count what ran during a run. */
async function databaseCounters() {
  const { rows } = await db.query(
    `SELECT (SELECT num_timed + num_requested FROM pg_stat_checkpointer)::int AS checkpoints,
            (SELECT sum(autovacuum_count)::int FROM pg_stat_user_tables) AS autovacuums,
            (SELECT sum(autoanalyze_count)::int FROM pg_stat_user_tables) AS autoanalyzes,
            (SELECT wal_bytes FROM pg_stat_wal)::bigint AS "walBytes"`,
  );
  return rows[0];
}

/** What the server's probe saw since it was last asked (bench/server-probe.mjs). */
async function serverProbe() {
  const before = (() => {
    try {
      return statSync(probeFile).mtimeMs;
    } catch {
      return 0;
    }
  })();
  process.kill(product.pid, 'SIGUSR2');
  for (let tries = 0; tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    try {
      if (statSync(probeFile).mtimeMs !== before) return JSON.parse(readFileSync(probeFile, 'utf8'));
    } catch {
      // not written yet
    }
  }
  return null;
}

/** One door scan as the scanner page makes it; answers what the door would show. */
async function doorScan(token, eventId, item, timings) {
  let began = performance.now();
  const scan = await call('POST', '/checkin/scanByRegistrationId', {
    token,
    body: { payload: item.text, eventId, ...(TWO_CALLS ? {} : { checkin: true }) },
  });
  timings.scan.push(performance.now() - began);
  if (scan.status !== 200) return 'failed';
  if (!TWO_CALLS) return scan.json.payload.justCheckedIn ? 'checkedIn' : 'alreadyIn';
  began = performance.now();
  const save = await call('POST', '/checkin/save', {
    token,
    body: { eventId, registrationId: item.registrationId, attendeeId: item.attendeeId },
  });
  timings.save.push(performance.now() - began);
  return save.status === 200 ? 'checkedIn' : save.status === 409 ? 'alreadyIn' : 'failed';
}

async function storedCheckins(eventId, expected) {
  const { rows } = await db.query(
    'SELECT count(*)::int AS n, count(DISTINCT attendee_id)::int AS d FROM checkins WHERE event_id = $1',
    [eventId],
  );
  return {
    storedCheckins: rows[0].n,
    distinctAttendeesCheckedIn: rows[0].d,
    storedEqualsDistinct: rows[0].n === rows[0].d && rows[0].d === expected,
  };
}

function slowestBySecond({ door, dueAt }) {
  const slowest = [];
  door.forEach((ms, i) => {
    const second = Math.floor(dueAt[i] / 1000);
    slowest[second] = Math.max(slowest[second] ?? 0, Math.round(ms));
  });
  return Array.from(slowest, (ms) => ms ?? 0);
}

/** The p99 of the scans due in each second of the run: whether the first second keeps the target too. */
function p99BySecond({ door, dueAt }) {
  const bySecond = [];
  door.forEach((ms, i) => (bySecond[Math.floor(dueAt[i] / 1000)] ??= []).push(ms));
  return Array.from(bySecond, (times) => (times ? summarise(times).p99Ms : 0));
}

async function run(token, { eventId, work, expected }, pace) {
  await serverProbe();
  const counters = await databaseCounters();
  const loadAtStart = loadAverage();
  const timings = { door: [], dueAt: [], scan: [], save: [] };
  // This process's own pauses: a scan sent late counts against the server at door pace.
  const benchLoop = monitorEventLoopDelay({ resolution: 1 });
  benchLoop.enable();
  const outcomes = { checkedIn: 0, alreadyIn: 0, failed: 0 };
  let next = 0;
  const began = performance.now();
  const scanner = async () => {
    while (next < work.length) {
      const index = next++;
      // At door pace scan `index` is due at index / RATE seconds, and counts from then.
      const due = pace ? began + (index * 1000) / RATE : performance.now();
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      outcomes[await doorScan(token, eventId, work[index], timings)]++;
      timings.door.push(performance.now() - due);
      timings.dueAt.push(due - began);
    }
  };
  await Promise.all(Array.from({ length: SCANNERS }, scanner));
  const seconds = (performance.now() - began) / 1000;
  const loadAtEnd = loadAverage();
  benchLoop.disable();
  const server = await serverProbe();
  const after = await databaseCounters();
  const door = summarise(timings.door);
  return {
    loadAverage: { start: loadAtStart, end: loadAtEnd },
    p99Ms: door.p99Ms,
    scansAttempted: work.length,
    seconds: Math.round(seconds * 10) / 10,
    scansPerSecond: Math.round(work.length / seconds),
    ...outcomes,
    ...(await storedCheckins(eventId, expected)),
    doorScan: door,
    // The slowest scan of each second of the run (by when it was due): a start-up stall shows at 0.
    slowestBySecond: slowestBySecond(timings),
    p99BySecond: p99BySecond(timings),
    scanCall: summarise(timings.scan),
    ...(TWO_CALLS ? { saveCall: summarise(timings.save) } : {}),
    server,
    benchEventLoopDelayMs: {
      p50: Math.round(benchLoop.percentile(50) / 1e5) / 10,
      p99: Math.round(benchLoop.percentile(99) / 1e5) / 10,
      max: Math.round(benchLoop.max / 1e5) / 10,
    },
    database: {
      checkpoints: after.checkpoints - counters.checkpoints,
      autovacuums: after.autovacuums - counters.autovacuums,
      autoanalyzes: after.autoanalyzes - counters.autoanalyzes,
      walMegabytes: Math.round(Number(after.walBytes - counters.walBytes) / 1e5) / 10,
    },
  };
}

/**
 * The door as it really opens, on a server that has done nothing else yet: the scanners' connections
 * already open (they loaded the door page), EARLY guests of another event scanned first, then the
 * organiser's import of IMPORTED attendees and the rush at RATE, each scan timed from when it was due
 * and the p99 reported per second (afterImport's run).
 */
async function doorOpens(token) {
  const early = await seedEvent(token, 'Early Door', EARLY);
  // Every scanner's connection opened, as the door page's own calls open them.
  await Promise.all(Array.from({ length: SCANNERS }, () => call('GET', '/health')));
  const earlyGuests = await run(token, early, true);
  const rush = await afterImport(token, { call, db, baseUrl: product.baseUrl, scanList, run, rate: RATE });
  return { earlyGuests: { scans: earlyGuests.scansAttempted, p99Ms: earlyGuests.p99Ms }, ...rush };
}

try {
  const token = (await call('POST', '/auth/signin', { body: SUDO })).authorization;
  const loadAtStart = loadAverage();
  // First, while nothing else has run on the server.
  const opened = CASES.includes('doorOpens') ? await doorOpens(token) : null;
  const flatOutEvent = CASES.includes('flatOut') ? await seedEvent(token, 'Door Rush') : null;
  const pacedEvent = CASES.includes('doorPace') ? await seedEvent(token, 'Door Pace') : null;
  const flatOut = flatOutEvent && (await run(token, flatOutEvent, false));
  const paced = pacedEvent && (await run(token, pacedEvent, true));
  const imported = CASES.includes('afterImport')
    ? await afterImport(token, { call, db, baseUrl: product.baseUrl, scanList, run, rate: RATE })
    : null;
  console.log(
    JSON.stringify(
      {
        benchmark: 'checkin',
        flow: TWO_CALLS ? 'scan, then checkin/save' : 'check in on scan (one call)',
        client: process.env.BENCH_CLIENT === 'undici' ? 'undici pool' : 'raw HTTP/1.1 keep-alive',
        attendeesPerEvent: ATTENDEES,
        scanners: SCANNERS,
        cpuHogs: HOG,
        loadAverage: { start: loadAtStart, end: loadAverage() },
        ...(flatOut ? { flatOut } : {}),
        ...(paced ? { doorPace: { offeredScansPerSecond: RATE, ...paced } } : {}),
        ...(imported ? { afterImport: imported } : {}),
        ...(opened ? { doorOpens: opened } : {}),
      },
      null,
      2,
    ),
  );
} finally {
  await db.end();
  await call.close();
  await product.stop();
}
