// Check-in at the door (issue 4). ATTENDEES paid attendees (20,000 by default) per event and SCANNERS
// scanners (200); a door scan is what the scanner page does with "Check in on scan": one call that
// reads the ticket and checks it in (scanByRegistrationId with checkin: true). FLOW=two-calls scans as
// the page does with it off: read the ticket, then check it in (checkin/save). Every 10th attendee is
// scanned twice, by two scanners at once.
//
// Two runs, each on its own event:
// - "flat out": every scanner scans again the moment it has its answer (a closed loop). This gives
//   the most scans per second the machine does; the latency is then mostly the queue, since by
//   Little's law 200 scanners at X scans/s wait 200/X seconds on average.
// - "door pace": the scans arrive at RATE per second (2,000 by default) spread over the scanners,
//   whether or not the earlier ones are answered (an open loop, as people arrive at real doors).
//   Latency counts from when the scan was due, so a server that falls behind shows it.
// Prints scans per second, latencies, and stored check-ins, which must equal the distinct attendees.
import pg from 'pg';
import { fastClient } from './fast-client.mjs';
import { rawClient } from './raw-client.mjs';
import { createEvent, startProduct, SUDO, summarise } from './lib.mjs';

const ATTENDEES = Number(process.env.ATTENDEES ?? 20_000);
const SCANNERS = Number(process.env.SCANNERS ?? 200);
const RATE = Number(process.env.RATE ?? 2_000);
const TWO_CALLS = process.env.FLOW === 'two-calls';

// Every scanner is this one process on 127.0.0.1: the abuse limits of one address are off
// (docs/product.md section 18), as for any load test run from one address.
const product = await startProduct({ PUBLIC_WRITE_LIMIT: '0', HOLDS_PER_ADDRESS: '0' });
// BENCH_CLIENT=undici measures with fast-client.mjs instead of the lighter raw-client.mjs.
const call = (process.env.BENCH_CLIENT === 'undici' ? fastClient : rawClient)(product.baseUrl, SCANNERS * 2);
const db = new pg.Client({ connectionString: product.pgUrl() });
await db.connect();

async function seedEvent(token, title) {
  const { clubId, eventId, ticketId } = await createEvent(call, token, { clubName: `${title} Club`, title });
  // Seeding the attendees through the purchase path would measure buying, not the door.
  const prefix = eventId.slice(0, 8);
  await db.query(
    `INSERT INTO registrations (id, club_id, event_id, email, qr_uuid, status, confirmed_at)
     SELECT $4 || 'r' || g, $1, $2, 'guest' || g || '@bench.test', gen_random_uuid()::text, 'confirmed', now()
       FROM generate_series(1, $3) g`,
    [clubId, eventId, ATTENDEES, prefix],
  );
  await db.query(
    `INSERT INTO attendees (id, club_id, event_id, registration_id, ticket_id, first_name, last_name, email)
     SELECT $5 || 'a' || g, $1, $2, $5 || 'r' || g, $3, 'Guest', 'No ' || g, 'guest' || g || '@bench.test'
       FROM generate_series(1, $4) g`,
    [clubId, eventId, ticketId, ATTENDEES, prefix],
  );
  // As a door opens long after its tickets were bought: autovacuum has been through the new rows.
  await db.query('VACUUM ANALYZE registrations, attendees');
  const { rows } = await db.query(
    `SELECT a.id, a.registration_id, r.qr_uuid FROM attendees a JOIN registrations r ON r.id = a.registration_id
      WHERE a.event_id = $1 ORDER BY random()`,
    [eventId],
  );
  const work = [];
  for (const [i, row] of rows.entries()) {
    const item = {
      text: JSON.stringify({ r: row.registration_id, a: row.id, q: row.qr_uuid }),
      attendeeId: row.id,
      registrationId: row.registration_id,
    };
    work.push(item);
    // Next to each other in the queue, so the duplicate is in flight at the same moment.
    if (i % 10 === 0) work.push(item);
  }
  return { eventId, work };
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

async function storedCheckins(eventId) {
  const { rows } = await db.query(
    'SELECT count(*)::int AS n, count(DISTINCT attendee_id)::int AS d FROM checkins WHERE event_id = $1',
    [eventId],
  );
  return {
    storedCheckins: rows[0].n,
    distinctAttendeesCheckedIn: rows[0].d,
    storedEqualsDistinct: rows[0].n === rows[0].d && rows[0].d === ATTENDEES,
  };
}

async function run(token, { eventId, work }, pace) {
  const timings = { door: [], scan: [], save: [] };
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
    }
  };
  await Promise.all(Array.from({ length: SCANNERS }, scanner));
  const seconds = (performance.now() - began) / 1000;
  return {
    scansAttempted: work.length,
    seconds: Math.round(seconds * 10) / 10,
    scansPerSecond: Math.round(work.length / seconds),
    ...outcomes,
    ...(await storedCheckins(eventId)),
    doorScan: summarise(timings.door),
    scanCall: summarise(timings.scan),
    ...(TWO_CALLS ? { saveCall: summarise(timings.save) } : {}),
  };
}

try {
  const token = (await call('POST', '/auth/signin', { body: SUDO })).authorization;
  const flatOutEvent = await seedEvent(token, 'Door Rush');
  const pacedEvent = await seedEvent(token, 'Door Pace');
  const flatOut = await run(token, flatOutEvent, false);
  const paced = await run(token, pacedEvent, true);
  console.log(
    JSON.stringify(
      {
        benchmark: 'checkin',
        flow: TWO_CALLS ? 'scan, then checkin/save' : 'check in on scan (one call)',
        client: process.env.BENCH_CLIENT === 'undici' ? 'undici pool' : 'raw HTTP/1.1 keep-alive',
        attendeesPerEvent: ATTENDEES,
        scanners: SCANNERS,
        flatOut,
        doorPace: { offeredScansPerSecond: RATE, ...paced },
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
