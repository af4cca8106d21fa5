// The door with no network (docs/decisions/0035-offline-door.md). DEVICES devices (20) each
// admitted PER_DEVICE people offline (1,000); SHARED of each device's (10 %) are people another device
// admitted too (device d shares with device d + 1). All of them come back online at once and sync
// their whole queue in one call each. Prints the seconds until every sync is answered (the door has
// converged), stored check-ins against distinct attendees, duplicates reported against duplicates
// made, how many stored rows do not hold their attendee's earliest time, and the machine's load.
// The door list a device prepares first, and its hashes, are bench/door-list-hashing.mjs's.
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { client, createEvent, startProduct, SUDO } from './lib.mjs';

const DEVICES = Number(process.env.DEVICES ?? 20);
const PER_DEVICE = Number(process.env.PER_DEVICE ?? 1_000);
const SHARED = Math.round(PER_DEVICE * Number(process.env.SHARED_FRACTION ?? 0.1));
const OWN = PER_DEVICE - SHARED;
const ATTENDEES = DEVICES * OWN;

// Every device is this one process on 127.0.0.1: the abuse limits of one address are off.
const product = await startProduct({ PUBLIC_WRITE_LIMIT: '0', HOLDS_PER_ADDRESS: '0' });
const call = client(product.baseUrl);
const db = new pg.Client({ connectionString: product.pgUrl() });
await db.connect();

async function seedEvent(token) {
  const { clubId, eventId, ticketId } = await createEvent(call, token, { clubName: 'Sync Club', title: 'Sync Door' });
  // Seeding through the purchase path would measure buying, not the door. Bought a day ago: the
  // admissions of the last three hours are after the tickets became valid, so stored as sent.
  const prefix = eventId.slice(0, 8);
  await db.query(
    `INSERT INTO registrations (id, club_id, event_id, email, qr_uuid, status, confirmed_at)
     SELECT $4 || 'r' || g, $1, $2, 'guest' || g || '@bench.test', gen_random_uuid()::text, 'confirmed',
            now() - interval '1 day'
       FROM generate_series(1, $3) g`,
    [clubId, eventId, ATTENDEES, prefix],
  );
  await db.query(
    `INSERT INTO attendees (id, club_id, event_id, registration_id, ticket_id, first_name, last_name, email)
     SELECT $5 || 'a' || g, $1, $2, $5 || 'r' || g, $3, 'Guest', 'No ' || g, 'guest' || g || '@bench.test'
       FROM generate_series(1, $4) g`,
    [clubId, eventId, ticketId, ATTENDEES, prefix],
  );
  await db.query('VACUUM ANALYZE registrations, attendees');
  const { rows } = await db.query('SELECT id FROM attendees WHERE event_id = $1 ORDER BY random()', [eventId]);
  return { eventId, attendeeIds: rows.map((row) => row.id) };
}

/** Each device's queue: its own people, then SHARED of the next device's, each at its own time. */
function admissionsOf(attendeeIds) {
  const began = Date.now() - 3 * 3_600_000;
  const ownOf = (d) => attendeeIds.slice(d * OWN, (d + 1) * OWN);
  return Array.from({ length: DEVICES }, (_, d) => {
    const people = [...ownOf(d), ...ownOf((d + 1) % DEVICES).slice(0, SHARED)];
    return people.map((attendeeId) => ({
      attendeeId,
      at: new Date(began + Math.floor(Math.random() * 2 * 3_600_000)).toISOString(),
    }));
  });
}

try {
  const token = (await call('POST', '/auth/signin', { body: SUDO })).authorization;
  const { eventId, attendeeIds } = await seedEvent(token);
  const queues = admissionsOf(attendeeIds);
  const loadBefore = loadavg();
  const began = performance.now();
  const answers = await Promise.all(
    queues.map(async (checkins, d) => {
      const start = performance.now();
      const response = await call('POST', '/checkin/sync', {
        token,
        body: { eventId, deviceId: `device-${d}`, deviceName: `Gate ${d}`, checkins },
      });
      return { response, ms: performance.now() - start };
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const loadAfter = loadavg();
  const failed = answers.filter(({ response }) => response.status !== 200);
  const results = answers.flatMap(({ response }) => response.json.payload?.results ?? []);
  const count = (status) => results.filter((result) => result.status === status).length;

  const earliest = new Map();
  for (const queue of queues) {
    for (const { attendeeId, at } of queue) {
      const time = Date.parse(at);
      if (!earliest.has(attendeeId) || time < earliest.get(attendeeId)) earliest.set(attendeeId, time);
    }
  }
  const { rows } = await db.query(
    `SELECT attendee_id, (extract(epoch FROM created_at) * 1000)::float8 AS at FROM checkins WHERE event_id = $1`,
    [eventId],
  );
  const notEarliest = rows.filter((row) => earliest.get(row.attendee_id) !== row.at).length;
  const stored = rows.length;
  const distinct = earliest.size;
  const madeDuplicates = queues.flat().length - distinct;
  const syncMs = answers.map(({ ms }) => ms).sort((a, b) => a - b);
  const round = (v, places = 1) => Math.round(v * 10 ** places) / 10 ** places;
  console.log(
    JSON.stringify(
      {
        benchmark: 'door-sync',
        devices: DEVICES,
        checkinsPerDevice: PER_DEVICE,
        sharedPerDevice: SHARED,
        secondsToConverge: round(seconds, 2),
        checkinsPerSecond: Math.round(queues.flat().length / seconds),
        syncCallMs: { fastest: Math.round(syncMs[0]), slowest: Math.round(syncMs.at(-1)) },
        failedSyncs: failed.length,
        stored,
        distinct,
        storedEqualsDistinct: stored === distinct,
        storedNotAtEarliestTime: notEarliest,
        duplicatesReported: count('duplicate'),
        duplicatesMade: madeDuplicates,
        duplicatesReportedEqualsMade: count('duplicate') === madeDuplicates,
        rejected: count('rejected'),
        cpus: cpus().length,
        loadAverage1mBefore: round(loadBefore[0], 2),
        loadAverage1mAfter: round(loadAfter[0], 2),
        loadAverage: loadAfter.map((v) => round(v, 2)),
      },
      null,
      2,
    ),
  );
} finally {
  await db.end();
  await product.stop();
}
