// A season pass on sale (docs/decisions/0080-series-and-passes.md): a series of 20 published dates,
// each with room for PASSES, and one pass; 200 concurrent buyers through the real HTTP pipeline
// (POST /pass/purchase, /stripe/create-payment-intent, /stripe/confirm-payment) until it is gone, on
// the embedded PostgreSQL. A pass takes a place at all 20 dates in one transaction. Prints passes sold
// per second, latencies, oversold (must be 0 at every date) and the ratio to the flash sale's bound:
// ratio = passesPerSecond / (healthPerSecond / 5), the share of what this machine allows a five-call
// purchase at one `SELECT 1` a call (bench/flash-sale.mjs).
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fastClient } from './fast-client.mjs';
import { createEvent, startProduct, SUDO, summarise } from './lib.mjs';

const PASSES = Number(process.env.PASSES ?? 1000);
const DATES = Number(process.env.DATES ?? 20);
const BUYERS = Number(process.env.BUYERS ?? 200);
const HEALTH_SECONDS = Number(process.env.HEALTH_SECONDS ?? 3);
const CALLS_PER_TICKET = 5;
const WEEK = 7 * 86_400_000;

async function healthRate(call, seconds) {
  let answered = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      while (performance.now() < end) if ((await call('GET', '/health')).status === 200) answered++;
    }),
  );
  return Math.round(answered / seconds);
}

function ok(what, answer) {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json.payload;
}

const product = await startProduct({ PUBLIC_WRITE_LIMIT: '0', HOLDS_PER_ADDRESS: '0' });
const call = fastClient(product.baseUrl, BUYERS);
try {
  const token = (await call('POST', '/auth/signin', { body: SUDO })).authorization;
  const { clubId, eventId } = await createEvent(call, token, {
    clubName: 'Bench Season Club',
    title: 'Season Date',
    startsInMs: WEEK,
    timezone: 'UTC',
    currency: 'usd',
  });
  const series = ok('series', await call('POST', '/series/save', { token, body: { clubId, name: 'Bench Season' } }));
  const first = ok(
    'joining',
    await call('POST', '/event/save', { token, body: { id: eventId, seriesId: series.id, capacity: PASSES } }),
  );
  const starts = Array.from({ length: DATES - 1 }, (_, i) =>
    new Date(Date.parse(first.startDate) + (i + 1) * WEEK).toISOString(),
  );
  const copies = ok('dates', await call('POST', '/series/addDates', { token, body: { eventId, startDates: starts } }));
  for (const copy of copies)
    ok('publishing', await call('POST', '/event/save', { token, body: { id: copy.id, status: 'published' } }));
  const pass = ok(
    'pass',
    await call('POST', '/pass/save', { token, body: { seriesId: series.id, name: 'Season', price: 12_000 } }),
  );

  await healthRate(call, 1);
  const healthPerSecond = await healthRate(call, HEALTH_SECONDS);
  const purchases = [];
  const holds = [];
  let soldOut = false;
  let failures = 0;
  const buyer = async (n) => {
    for (let i = 0; !soldOut; i++) {
      const began = performance.now();
      const held = await call('POST', '/pass/purchase', {
        body: { passId: pass.id, firstName: 'B', lastName: `${n}-${i}`, email: `p${n}-${i}@bench.test` },
      });
      holds.push(performance.now() - began);
      if (held.status === 409) {
        soldOut = true;
        return;
      }
      if (held.status !== 200) {
        failures++;
        continue;
      }
      const intent = await call('POST', '/stripe/create-payment-intent', {
        body: { passPurchaseId: held.json.payload.passPurchase.id },
      });
      if (intent.status !== 200) {
        failures++;
        continue;
      }
      const paid = await call('POST', '/stripe/confirm-payment', {
        body: { paymentIntentId: intent.json.payload.paymentIntentId, testCard: '4242424242424242' },
      });
      if (paid.status === 200) purchases.push(performance.now() - began);
      else failures++;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: BUYERS }, (_, n) => buyer(n)));
  const seconds = (performance.now() - began) / 1000;

  // What the database holds: passes paid, and each date's places against its capacity.
  const query = (sql) =>
    spawnSync('psql', [product.pgUrl(), '-At', '-F', ',', '-c', sql], { encoding: 'utf8' }).stdout.trim();
  const sold = Number(
    query(`SELECT count(*) FROM pass_purchases WHERE pass_id = '${pass.id}' AND status = 'confirmed'`),
  );
  const perDate = query(
    `SELECT e.reserved_count, e.capacity FROM events e WHERE e.series_id = '${series.id}' ORDER BY e.start_date`,
  )
    .split('\n')
    .map((row) => row.split(',').map(Number));
  const passesPerSecond = Math.round((sold / seconds) * 10) / 10;
  console.log(
    JSON.stringify(
      {
        benchmark: 'season-pass',
        passes: PASSES,
        dates: DATES,
        buyers: BUYERS,
        seconds: Math.round(seconds * 10) / 10,
        passesSold: sold,
        placesTaken: sold * DATES,
        oversold: perDate.reduce((worst, [reserved, capacity]) => Math.max(worst, reserved - capacity), 0),
        datesFull: perDate.filter(([reserved, capacity]) => reserved === capacity).length,
        passesPerSecond,
        healthPerSecond,
        ratio: Math.round((passesPerSecond / (healthPerSecond / CALLS_PER_TICKET)) * 1000) / 1000,
        loadAverage: loadavg().map((load) => Math.round(load * 100) / 100),
        failures,
        purchase: summarise(purchases),
        hold: summarise(holds),
      },
      null,
      2,
    ),
  );
} finally {
  await call.close();
  await product.stop();
}
