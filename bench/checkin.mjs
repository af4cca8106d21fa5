// Check-in at the door (issue 4): 20,000 paid attendees, 200 concurrent scanners, each scan read
// (scanByRegistrationId) then checked in (checkin/save), with every 10th attendee scanned twice by
// two scanners at once. Prints scans per second, latencies, and stored check-ins, which must equal
// the distinct attendees.
import pg from 'pg';
import { client, startProduct, SUDO, summarise } from './lib.mjs';

const ATTENDEES = Number(process.env.ATTENDEES ?? 20_000);
const SCANNERS = Number(process.env.SCANNERS ?? 200);

const product = await startProduct();
const call = client(product.baseUrl);
const db = new pg.Client({ connectionString: product.pgUrl() });
await db.connect();
try {
  const token = (await call('POST', '/auth/signin', { body: SUDO })).authorization;
  const club = await call('POST', '/club/save', { token, body: { name: 'Door Club' } });
  const start = new Date(Date.now() + 3_600_000);
  const event = await call('POST', '/event/save', {
    token,
    body: {
      clubId: club.json.payload.id,
      title: 'Door Rush',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
      timezone: 'Europe/London',
      currency: 'gbp',
      status: 'published',
    },
  });
  const eventId = event.json.payload.id;
  const ticket = await call('POST', '/ticket/save', { token, body: { eventId, name: 'Entry', price: 0, quantity: null } });
  const clubId = club.json.payload.id;
  const ticketId = ticket.json.payload.id;

  // Seeding 20,000 paid attendees through the purchase path would measure buying, not the door.
  await db.query(
    `INSERT INTO registrations (id, club_id, event_id, email, qr_uuid, status, confirmed_at)
     SELECT 'r' || g, $1, $2, 'guest' || g || '@bench.test', gen_random_uuid()::text, 'confirmed', now()
       FROM generate_series(1, $3) g`,
    [clubId, eventId, ATTENDEES],
  );
  await db.query(
    `INSERT INTO attendees (id, club_id, event_id, registration_id, ticket_id, first_name, last_name, email)
     SELECT 'a' || g, $1, $2, 'r' || g, $3, 'Guest', 'No ' || g, 'guest' || g || '@bench.test'
       FROM generate_series(1, $4) g`,
    [clubId, eventId, ticketId, ATTENDEES],
  );
  const { rows } = await db.query(
    `SELECT a.id, a.registration_id, r.qr_uuid FROM attendees a JOIN registrations r ON r.id = a.registration_id WHERE a.event_id = $1`,
    [eventId],
  );
  const work = [];
  for (const [i, row] of rows.entries()) {
    const text = JSON.stringify({ r: row.registration_id, a: row.id, q: row.qr_uuid });
    work.push({ text, attendeeId: row.id, registrationId: row.registration_id });
    if (i % 10 === 0) work.push({ text, attendeeId: row.id, registrationId: row.registration_id });
  }
  // Interleave so that the duplicate of an attendee is usually in flight at the same time.
  const scans = [];
  const saves = [];
  let statuses = { checkedIn: 0, alreadyIn: 0, failed: 0 };
  let next = 0;
  const scanner = async () => {
    while (next < work.length) {
      const item = work[next++];
      let began = performance.now();
      const scan = await call('POST', '/checkin/scanByRegistrationId', { token, body: { payload: item.text, eventId } });
      scans.push(performance.now() - began);
      if (scan.status !== 200) {
        statuses.failed++;
        continue;
      }
      began = performance.now();
      const save = await call('POST', '/checkin/save', {
        token,
        body: { eventId, registrationId: item.registrationId, attendeeId: item.attendeeId },
      });
      saves.push(performance.now() - began);
      if (save.status === 200) statuses.checkedIn++;
      else if (save.status === 409) statuses.alreadyIn++;
      else statuses.failed++;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: SCANNERS }, scanner));
  const seconds = (performance.now() - began) / 1000;
  const stored = await db.query('SELECT count(*)::int AS n, count(DISTINCT attendee_id)::int AS d FROM checkins WHERE event_id = $1', [eventId]);
  console.log(
    JSON.stringify(
      {
        benchmark: 'checkin',
        attendees: ATTENDEES,
        scanners: SCANNERS,
        scansAttempted: work.length,
        seconds: Math.round(seconds * 10) / 10,
        scansPerSecond: Math.round(work.length / seconds),
        checkinsPerSecond: Math.round(statuses.checkedIn / seconds),
        ...statuses,
        storedCheckins: stored.rows[0].n,
        distinctAttendeesCheckedIn: stored.rows[0].d,
        storedEqualsDistinct: stored.rows[0].n === stored.rows[0].d && stored.rows[0].d === ATTENDEES,
        scan: summarise(scans),
        save: summarise(saves),
      },
      null,
      2,
    ),
  );
} finally {
  await db.end();
  await product.stop();
}
