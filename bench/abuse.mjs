// Abuse (docs/decisions/0016-public-write-and-hold-limits.md): what one client address, and one buyer
// e-mail, can hold of a 1,000-ticket event in one minute with the default limits of docs/product.md
// section 18 (PUBLIC_WRITE_LIMIT=60 calls a minute, HOLDS_PER_ADDRESS=20 pending registrations per
// event, at most maxTicketsPerOrder=10 tickets held per e-mail). The attacker is a script on one
// address that never waits: CONCURRENCY loops call initRegistration for the most tickets one order may
// take, every other call with the same e-mail and the others each with a new one, and ignore
// Retry-After. Prints the tickets held by the address and by the one e-mail, read back from the
// database, and the calls refused with 429.
//
//   npm run bench:abuse                 the full minute (the figure in docs/performance.md)
//   npm run bench:abuse -- --seconds 10 a quicker look
import pg from 'pg';
import { fastClient } from './fast-client.mjs';
import { createEvent, startProduct, SUDO } from './lib.mjs';

const secondsArgument = process.argv.indexOf('--seconds');
const SECONDS = secondsArgument >= 0 ? Number(process.argv[secondsArgument + 1]) : 60;
if (!(SECONDS > 0)) throw new Error('--seconds takes a number of seconds');
const TICKETS = 1000;
const PER_ORDER = 10;
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 20);
const EMAIL = 'hoarder@bench.test';

// The defaults, whatever this shell has set: empty is unset (config.ts).
const product = await startProduct({ PUBLIC_WRITE_LIMIT: '', HOLDS_PER_ADDRESS: '' });
const call = fastClient(product.baseUrl, CONCURRENCY);
const db = new pg.Client({ connectionString: product.pgUrl() });
await db.connect();
try {
  const signin = await call('POST', '/auth/signin', { body: SUDO });
  const token = signin.authorization;
  const { eventId, ticketId } = await createEvent(call, token, {
    clubName: 'Bench Club',
    title: 'Hoarded Sale',
    startsInMs: 86_400_000,
    ticket: { name: 'General', price: 2500, quantity: TICKETS, maxPerOrder: PER_ORDER },
  });

  const statuses = {};
  const refused = { publicWriteLimit: 0, holdLimit: 0 };
  let calls = 0;
  let fresh = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const attacker = async () => {
    while (performance.now() < deadline) {
      const email = calls++ % 2 === 0 ? EMAIL : `decoy${fresh++}@bench.test`;
      const response = await call('POST', '/registration/initRegistration', {
        body: { eventId, email, tickets: [{ ticketId, quantity: PER_ORDER }] },
      });
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status === 429) {
        if (String(response.json.msg).startsWith('Too many attempts')) refused.publicWriteLimit++;
        else refused.holdLimit++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, attacker));

  const { rows } = await db.query(
    `SELECT count(a.id)::int AS tickets,
            count(a.id) FILTER (WHERE r.email = $2)::int AS by_email,
            count(DISTINCT r.id)::int AS holds
       FROM registrations r JOIN attendees a ON a.registration_id = r.id
      WHERE r.event_id = $1 AND r.status = 'pending'`,
    [eventId, EMAIL],
  );
  const held = rows[0];
  console.log(
    JSON.stringify(
      {
        benchmark: 'abuse',
        seconds: SECONDS,
        eventTickets: TICKETS,
        limits: { publicWriteLimit: 60, holdsPerAddress: 20, maxTicketsPerOrder: PER_ORDER },
        attacker: { address: '127.0.0.1', concurrentLoops: CONCURRENCY, calls },
        held: {
          byAddress: held.tickets,
          byEmail: held.by_email,
          holdsByAddress: held.holds,
          shareOfEvent: Math.round((held.tickets / TICKETS) * 1000) / 1000,
        },
        refusedWith429: refused.publicWriteLimit + refused.holdLimit,
        refused,
        statuses,
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
