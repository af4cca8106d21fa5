// Flash sale (docs/product.md section 23): one event, one ticket type of 2,000, 200 concurrent buyers through the real
// HTTP purchase path (hold, attendees, order, payment intent, confirm) until sold out, on the embedded
// PostgreSQL. Prints tickets sold per second, latencies, and oversold (must be 0), with pgbench's
// ceiling for a single-row update plus an insert on the same server, and the `/api/health` rate of
// the same client and connections just before the sale: a ticket takes five calls, so
// ratio = ticketsPerSecond / (healthPerSecond / 5) is the share of what this machine allows a
// five-call purchase at one `SELECT 1` a call (docs/product.md section 14 asks at least 0.25).
import { loadavg } from 'node:os';
import { fastClient } from './fast-client.mjs';
import { createEvent, pgbenchCeiling, startProduct, SUDO, summarise } from './lib.mjs';

const QUANTITY = Number(process.env.QUANTITY ?? 2000);
const BUYERS = Number(process.env.BUYERS ?? 200);
const HEALTH_SECONDS = Number(process.env.HEALTH_SECONDS ?? 3);
const CALLS_PER_TICKET = 5;

/** GET /api/health flat out from every connection for `seconds`: calls answered a second. */
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

// Every buyer is this one process on 127.0.0.1: the abuse limits of one address are off
// (docs/product.md section 18; bench/abuse.mjs measures them).
const product = await startProduct({ PUBLIC_WRITE_LIMIT: '0', HOLDS_PER_ADDRESS: '0' });
const call = fastClient(product.baseUrl, BUYERS);
try {
  const signin = await call('POST', '/auth/signin', { body: SUDO });
  const token = signin.authorization;
  const { eventId, ticketId } = await createEvent(call, token, {
    clubName: 'Bench Club',
    title: 'Flash Sale',
    startsInMs: 86_400_000,
    timezone: 'UTC',
    currency: 'usd',
    ticket: { name: 'General', price: 2500, quantity: QUANTITY },
  });
  await healthRate(call, 1); // warm-up: V8 compiling the hot paths, the pool's connections opened
  const healthPerSecond = await healthRate(call, HEALTH_SECONDS);
  const purchases = [];
  const holds = [];
  let soldOut = false;
  let failures = 0;
  const buyer = async (n) => {
    for (let i = 0; !soldOut; i++) {
      const began = performance.now();
      const init = await call('POST', '/registration/initRegistration', {
        body: { eventId, email: `b${n}-${i}@bench.test`, tickets: [{ ticketId, quantity: 1 }] },
      });
      holds.push(performance.now() - began);
      if (init.status === 409) {
        soldOut = true;
        return;
      }
      if (init.status !== 200) {
        failures++;
        continue;
      }
      const { registration } = init.json.payload;
      const secret = { registrationId: registration.registrationId, qrUuid: registration.qrUuid };
      const saved = await call('POST', '/registration/save', {
        body: {
          ...secret,
          attendees: registration.attendees.map((a) => ({
            attendeeId: a.attendeeId,
            firstName: 'B',
            lastName: `${n}`,
            email: `b${n}@bench.test`,
          })),
        },
      });
      if (saved.status !== 200) {
        failures++;
        continue;
      }
      const order = await call('POST', '/order/createOrder', { body: secret });
      if (order.status !== 200) {
        failures++;
        continue;
      }
      const intent = await call('POST', '/stripe/create-payment-intent', {
        body: { orderId: order.json.payload.order.id },
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

  const after = await call('GET', '/ticket/getTicketsByEventId', { query: { eventId } });
  const sold = after.json.payload[0].sold;
  const ceiling = pgbenchCeiling(product.pgUrl());
  const ticketsPerSecond = Math.round((sold / seconds) * 10) / 10;
  console.log(
    JSON.stringify(
      {
        benchmark: 'flash-sale',
        quantity: QUANTITY,
        buyers: BUYERS,
        seconds: Math.round(seconds * 10) / 10,
        ticketsSold: sold,
        oversold: Math.max(0, sold - QUANTITY),
        ticketsPerSecond,
        ordersPerMinute: Math.round(ticketsPerSecond * 60),
        healthPerSecond,
        ratio: Math.round((ticketsPerSecond / (healthPerSecond / CALLS_PER_TICKET)) * 1000) / 1000,
        loadAverage: loadavg().map((load) => Math.round(load * 100) / 100),
        failures,
        purchase: summarise(purchases),
        hold: summarise(holds),
        pgbenchCeiling: ceiling,
        shareOfCeiling: ceiling.transactionsPerSecond
          ? Math.round((ticketsPerSecond / ceiling.transactionsPerSecond) * 1000) / 1000
          : null,
      },
      null,
      2,
    ),
  );
} finally {
  await call.close();
  await product.stop();
}
