// Attendee export (docs/decisions/0008-memory.md): an event of ATTENDEES confirmed attendees (100,000
// by default) with three form questions and a tenth of them checked in, exported as .xlsx over HTTP
// twice: read as fast as possible, then by a slow client (256 KB/s). Prints the time, the size and the
// server's peak resident memory during each export (VmHWM, reset before each), which must stay bounded
// whatever the number of attendees: the export streams a page of 1,000 rows at a time.
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { client, createEvent, saveBenchForm, startProduct, SUDO } from './lib.mjs';

const ATTENDEES = Number(process.env.ATTENDEES ?? 100_000);
const MB = 1024 * 1024;
const SLOW_BYTES_PER_SECOND = 256 * 1024;

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** Resets the peak (VmHWM) to the current resident size; Linux only, needs to own the process. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function exportOnce(product, token, eventId, slow) {
  const peakReset = resetPeak(product.pid);
  const before = memoryOf(product.pid);
  const began = performance.now();
  const response = await fetch(`${product.baseUrl}/api/registration/downloadAttendees?eventId=${eventId}`, {
    headers: { authorization: token },
  });
  if (response.status !== 200) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    // The slow client reads at most SLOW_BYTES_PER_SECOND, far below what the server can make.
    const due = slow ? (bytes / SLOW_BYTES_PER_SECOND) * 1000 - (performance.now() - began) : 0;
    if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
  }
  const seconds = (performance.now() - began) / 1000;
  const after = memoryOf(product.pid);
  return {
    client: slow ? `slow (${SLOW_BYTES_PER_SECOND / 1024} KB/s)` : 'fast',
    seconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: Math.round(ATTENDEES / seconds),
    megabytes: Math.round((bytes / MB) * 10) / 10,
    filename: /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1],
    serverRssBeforeMb: before.rssMb,
    serverPeakRssMb: peakReset ? after.peakMb : null,
    serverRssAfterMb: after.rssMb,
  };
}

const product = await startProduct();
const call = client(product.baseUrl);
const db = new pg.Client({ connectionString: product.pgUrl() });
await db.connect();
try {
  const token = (await call('POST', '/auth/signin', { body: SUDO })).authorization;
  const { clubId, eventId, ticketId } = await createEvent(call, token, {
    clubName: 'Export Club',
    title: 'Export Regatta',
  });
  const form = await saveBenchForm(call, token, eventId);
  const [diet, shirt, workshops] = form.map((q) => q.id);

  const seeding = performance.now();
  await db.query(
    `INSERT INTO registrations (id, club_id, event_id, email, qr_uuid, status, confirmed_at, created_at)
     SELECT 'r' || g, $1, $2, 'guest' || g || '@bench.test', gen_random_uuid()::text, 'confirmed', now(), now() + g * interval '1 microsecond'
       FROM generate_series(1, $3) g`,
    [clubId, eventId, ATTENDEES],
  );
  await db.query(
    `INSERT INTO attendees (id, club_id, event_id, registration_id, ticket_id, first_name, last_name, email, answers, created_at)
     SELECT 'a' || g, $1, $2, 'r' || g, $3, 'Guest', 'Number ' || g, 'guest' || g || '@bench.test',
            jsonb_build_object($5::text, 'No nuts, please', $6::text, 'M', $7::text, jsonb_build_array('Knots', 'Radio')),
            now() + g * interval '1 microsecond'
       FROM generate_series(1, $4) g`,
    [clubId, eventId, ticketId, ATTENDEES, diet, shirt, workshops],
  );
  await db.query(
    `INSERT INTO checkins (id, club_id, event_id, registration_id, attendee_id)
     SELECT 'c' || g, $1, $2, 'r' || g, 'a' || g FROM generate_series(1, $3, 10) g`,
    [clubId, eventId, ATTENDEES],
  );
  await db.query('ANALYZE');
  const seedSeconds = (performance.now() - seeding) / 1000;

  const fast = await exportOnce(product, token, eventId, false);
  const slow = await exportOnce(product, token, eventId, true);
  console.log(
    JSON.stringify(
      { benchmark: 'export-memory', attendees: ATTENDEES, seedSeconds: Math.round(seedSeconds), exports: [fast, slow] },
      null,
      2,
    ),
  );
} finally {
  await db.end();
  await product.stop();
}
