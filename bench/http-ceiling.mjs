// What the flash sale's target asks of this machine (docs/performance.md): how many HTTP
// calls a second the product answers when a call does nothing (GET /api/info, no database) and when
// it does the least a purchase step can do (GET /api/health, one `SELECT 1`), with the same client
// and concurrency as the flash sale, beside pgbench's ceiling on the same embedded server. A ticket
// takes five calls (hold, details, order, payment intent, confirmation), so these bound the tickets
// a second any purchase path with those calls could sell here.
import { fastClient } from './fast-client.mjs';
import { pgbenchCeiling, startProduct } from './lib.mjs';

const CLIENTS = Number(process.env.BUYERS ?? 200);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CALLS_PER_TICKET = 5;

const product = await startProduct();
const call = fastClient(product.baseUrl, CLIENTS);

async function flatOut(apiPath) {
  let answered = 0;
  let failed = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const response = await call('GET', apiPath);
        if (response.status === 200) answered++;
        else failed++;
      }
    }),
  );
  const perSecond = Math.round(answered / SECONDS);
  return {
    path: `/api${apiPath}`,
    callsPerSecond: perSecond,
    failed,
    ticketsPerSecondAtFiveCalls: Math.round(perSecond / CALLS_PER_TICKET),
  };
}

try {
  await flatOut('/info'); // warm-up: the first seconds include V8 compiling the hot paths
  const noDatabase = await flatOut('/info');
  const oneStatement = await flatOut('/health');
  const ceiling = pgbenchCeiling(product.pgUrl());
  const target = ceiling.transactionsPerSecond ? Math.round(ceiling.transactionsPerSecond / 2) : null;
  console.log(
    JSON.stringify(
      {
        benchmark: 'http-ceiling',
        clients: CLIENTS,
        seconds: SECONDS,
        noDatabase,
        oneStatement,
        pgbenchCeiling: ceiling,
        flashSaleTargetTicketsPerSecond: target,
        // The most a five-call purchase could sell if each call cost no more than GET /api/health.
        boundShareOfTarget: target ? Math.round((oneStatement.ticketsPerSecondAtFiveCalls / target) * 100) / 100 : null,
      },
      null,
      2,
    ),
  );
} finally {
  await call.close();
  await product.stop();
}
