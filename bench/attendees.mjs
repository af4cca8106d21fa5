// Attendee list (docs/decisions/0009-attendee-list.md): an event of ATTENDEES confirmed attendees
// (50,000 by default, two per registration, three form answers each, a tenth checked in), beside 2,000
// attendees of lapsed holds in the same event and 10,000 of another event, which the list must not
// show. GET /registration/getAttendees is called over HTTP, one request at a time, ROUNDS times for
// each kind of query an admin makes (the web page's 25 rows a page). Prints p50/p95 per kind and
// overall, and whether every answer had the expected total.
import pg from 'pg';
import { client, createEvent, percentile, saveBenchForm, startProduct, SUDO } from './lib.mjs';

const ATTENDEES = Number(process.env.ATTENDEES ?? 50_000);
const ROUNDS = Number(process.env.ROUNDS ?? 30);
const PAGE_SIZE = 25;
const LAPSED = 2_000;
const OTHER_EVENT = 10_000;

const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'Dev',
  'Elif',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kemi',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
  'Umar',
  'Vera',
  'Wen',
  'Xavi',
  'Yara',
  'Zeno',
];
const LAST = [
  'Smith',
  'Okafor',
  'Nguyen',
  'Müller',
  'García',
  'Rossi',
  'Kowalski',
  'Jensen',
  'Dubois',
  'Silva',
  'Cohen',
  'Ivanova',
  'Tanaka',
  'Haddad',
  'Murphy',
  'Larsen',
  'Novak',
  'Papadopoulos',
  'Santos',
  'Yilmaz',
  'Andersson',
  'Bianchi',
  'Fischer',
  'Horvat',
  'Kaur',
  'Lopez',
  'Mensah',
  'Nakamura',
  "O'Brien",
  'Petrov',
  'Quispe',
  'Richter',
  'Schmidt',
  'Takahashi',
  'Urquhart',
  'Vargas',
  'Weber',
  'Xu',
  'Young',
  'Zimmermann',
];
const SQL_TEXT_ARRAY = (names) => `ARRAY[${names.map((n) => `'${n.replace(/'/g, "''")}'`).join(',')}]`;
// Attendee g: first name FIRST[g % 26], last name LAST[g % 40] followed by a number so that names
// spread (about 1,250 people share a family name, each "Smith 17" about 30), e-mail first.last.g@.
const first = (g) => `(${SQL_TEXT_ARRAY(FIRST)})[1 + ${g} % ${FIRST.length}]`;
const last = (g) => `(${SQL_TEXT_ARRAY(LAST)})[1 + ${g} % ${LAST.length}]`;
const email = (g) => `lower(${first(g)} || '.' || translate(${last(g)}, '''', '') || '.' || ${g} || '@mail.test')`;

const product = await startProduct();
const call = client(product.baseUrl);
const db = new pg.Client({ connectionString: product.pgUrl() });
await db.connect();
try {
  const token = (await call('POST', '/auth/signin', { body: SUDO })).authorization;
  const setUpEvent = (clubName) => createEvent(call, token, { clubName, title: `${clubName} Regatta` });
  const main = await setUpEvent('List Club');
  const other = await setUpEvent('Other Club');
  const form = await saveBenchForm(call, token, main.eventId);
  const [diet, shirt, workshops] = form.map((q) => q.id);

  const seeding = performance.now();
  // Ids are UUIDs as the product makes them; registration n holds attendees 2n-1 and 2n, and its
  // buyer is the first of them. Registered a second apart, the newest last.
  const seed = async ({ clubId, eventId, ticketId }, from, to, status, tag) => {
    await db.query(
      `INSERT INTO registrations (id, club_id, event_id, email, qr_uuid, status, confirmed_at, created_at)
       SELECT md5($4 || 'r' || n)::uuid::text, $1, $2, ${email('(2 * n - 1)')}, gen_random_uuid()::text, $3,
              CASE WHEN $3 = 'confirmed' THEN now() END, now() - interval '30 days' + n * interval '1 second'
         FROM generate_series($5::int, $6::int) n`,
      [clubId, eventId, status, tag, (from + 1) / 2, to / 2],
    );
    await db.query(
      `INSERT INTO attendees (id, club_id, event_id, registration_id, ticket_id, first_name, last_name, email, answers, position, created_at)
       SELECT md5($4 || 'a' || g)::uuid::text, $1, $2, md5($4 || 'r' || ((g + 1) / 2))::uuid::text, $3,
              ${first('g')}, ${last('g')} || ' ' || (g % 97), ${email('g')},
              jsonb_build_object($5::text, CASE WHEN g % 7 = 0 THEN 'Vegetarian' ELSE 'None' END,
                                 $6::text, (ARRAY['S','M','L'])[1 + g % 3], $7::text, jsonb_build_array('Knots', 'Radio')),
              (g + 1) % 2, now() - interval '30 days' + ((g + 1) / 2) * interval '1 second'
         FROM generate_series($8::int, $9::int) g`,
      [clubId, eventId, ticketId, tag, diet, shirt, workshops, from, to],
    );
  };
  await seed(main, 1, ATTENDEES, 'confirmed', 'main');
  await seed(main, ATTENDEES + 1, ATTENDEES + LAPSED, 'expired', 'main');
  await seed(other, 1, OTHER_EVENT, 'confirmed', 'other');
  // A tenth checked in, over the last three hours.
  await db.query(
    `INSERT INTO checkins (id, club_id, event_id, registration_id, attendee_id, created_at)
     SELECT gen_random_uuid()::text, a.club_id, a.event_id, a.registration_id, a.id, now() - random() * interval '3 hours'
       FROM attendees a JOIN registrations r ON r.id = a.registration_id
      WHERE a.event_id = $1 AND r.status = 'confirmed' AND hashtext(a.id) % 10 = 0`,
    [main.eventId],
  );
  // As autovacuum leaves a table some time after its rows were written: statistics read and the
  // visibility map set, so that the list's counts read an index alone.
  await db.query('VACUUM ANALYZE');
  const seedSeconds = (performance.now() - seeding) / 1000;

  const { rows: counts } = await db.query(`SELECT count(*)::int AS checked_in FROM checkins WHERE event_id = $1`, [
    main.eventId,
  ]);
  const checkedIn = counts[0].checked_in;
  const registrationOf = (n) =>
    db.query(`SELECT md5('main' || 'r' || $1::int)::uuid::text AS id`, [n]).then((r) => r.rows[0].id);
  const pick = (round, list) => list[(round * 7) % list.length];
  const lastPage = Math.ceil(ATTENDEES / PAGE_SIZE);

  // Each kind: the query of a round, and the total it must answer (undefined: only checked > 0).
  const kinds = {
    firstPage: () => ({ query: {}, total: ATTENDEES }),
    // Its own family name, or its buyer's e-mail carrying it: about 1,250 to 2,500.
    lastName: (round) => ({ query: { searchKeyword: pick(round, LAST).toLowerCase() } }),
    partialEmail: (round) => {
      const g = 1 + ((round * 7919) % ATTENDEES);
      const address =
        FIRST[g % FIRST.length].toLowerCase() + '.' + LAST[g % LAST.length].toLowerCase().replace("'", '') + '.' + g;
      // An odd-numbered attendee is its registration's buyer: the registration's e-mail matches too.
      return { query: { searchKeyword: address.slice(address.indexOf('.') + 1) + '@' }, total: g % 2 === 1 ? 2 : 1 };
    },
    registrationId: async (round) => ({
      query: { searchKeyword: await registrationOf(1 + ((round * 4973) % (ATTENDEES / 2))) },
      total: 2,
    }),
    registrationIdPrefix: async (round) => ({
      query: { searchKeyword: (await registrationOf(1 + ((round * 3571) % (ATTENDEES / 2)))).slice(0, 8) },
      total: 2,
    }),
    checkedIn: () => ({ query: { checkedIn: 'true' }, total: checkedIn }),
    pending: () => ({ query: { checkedIn: 'false' }, total: ATTENDEES - checkedIn }),
    sortCreatedAt: () => ({ query: { sortBy: 'createdAt' }, total: ATTENDEES }),
    sortCheckinTime: () => ({ query: { sortBy: 'checkinTime' }, total: ATTENDEES }),
    lastNameSortedByCheckin: (round) => ({
      query: { searchKeyword: pick(round, LAST), sortBy: 'checkinTime', checkedIn: 'false' },
    }),
    deepPage: () => ({ query: { page: lastPage }, total: ATTENDEES }),
    deepPageCreatedAt: () => ({ query: { page: Math.floor(lastPage / 2), sortBy: 'createdAt' }, total: ATTENDEES }),
  };

  const results = {};
  const all = [];
  const wrong = [];
  for (const [kind, make] of Object.entries(kinds)) {
    const latencies = [];
    for (let round = -3; round < ROUNDS; round++) {
      const { query, total } = await make(Math.abs(round));
      const began = performance.now();
      const response = await call('GET', '/registration/getAttendees', {
        token,
        query: { eventId: main.eventId, pageSize: PAGE_SIZE, ...query },
      });
      const ms = performance.now() - began;
      const payload = response.json.payload;
      if (
        response.status !== 200 ||
        (total === undefined ? !(payload.total > 0) : payload.total !== total) ||
        payload.attendees.length === 0
      ) {
        wrong.push({ kind, query, status: response.status, total: payload?.total, expected: total });
      }
      // The first three rounds warm up (plans cached, pages in memory) and are not counted.
      if (round >= 0) latencies.push(ms);
    }
    all.push(...latencies);
    const sorted = latencies.sort((a, b) => a - b);
    results[kind] = {
      p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p95Ms: Math.round(percentile(sorted, 95) * 10) / 10,
    };
  }
  const sorted = all.sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        benchmark: 'attendees',
        attendees: ATTENDEES,
        pageSize: PAGE_SIZE,
        rounds: ROUNDS,
        seedSeconds: Math.round(seedSeconds),
        loadAverage: (await import('node:os')).loadavg().map((l) => Math.round(l * 100) / 100),
        overall: {
          requests: sorted.length,
          p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
          p95Ms: Math.round(percentile(sorted, 95) * 10) / 10,
          maxMs: Math.round(sorted.at(-1) * 10) / 10,
        },
        kinds: results,
        allTotalsRight: wrong.length === 0,
        wrong: wrong.slice(0, 5),
      },
      null,
      2,
    ),
  );
  if (process.env.BENCH_KEEP) {
    // BENCH_KEEP=1: the seeded database stays up for EXPLAIN ANALYZE by hand until Ctrl-C.
    console.error(`database kept: psql '${product.pgUrl()}' (event ${main.eventId}); Ctrl-C to stop`);
    await new Promise((resolve) => ['SIGINT', 'SIGTERM'].forEach((signal) => process.once(signal, resolve)));
  }
} finally {
  await db.end();
  await product.stop();
}
