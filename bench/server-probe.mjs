// Preloaded into the benchmark's server (startProduct's `probe` option) to tell where a slow scan
// waited inside the API process: event-loop pauses, garbage collection, and waits for a pooled
// PostgreSQL connection. On SIGUSR2 it writes what it saw since the last signal to
// BENCH_PROBE_FILE (one JSON object) and starts again, so a benchmark can read it run by run.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay, PerformanceObserver, constants } from 'node:perf_hooks';

const file = process.env.BENCH_PROBE_FILE;
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();

const gcKinds = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'markSweep',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakCallbacks',
};
let gc = {};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = gcKinds[entry.detail?.kind] ?? 'other';
    const seen = (gc[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
    seen.count++;
    seen.totalMs += entry.duration;
    seen.maxMs = Math.max(seen.maxMs, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });

// The app's pg (resolved from its own folder, so the same module object) times every checkout.
let waits = [];
let pool = { newConnections: 0, mostOpen: 0, mostWaiting: 0, checkoutsWithNoneIdle: 0 };
const { Pool } = createRequire(new URL('../apps/api/src/db/client.ts', import.meta.url))('pg');
const connect = Pool.prototype.connect;
const newClient = Pool.prototype.newClient;
Pool.prototype.newClient = function countedNewClient(...args) {
  pool.newConnections++;
  return newClient.apply(this, args);
};
Pool.prototype.connect = function timedConnect(callback) {
  const began = performance.now();
  pool.mostOpen = Math.max(pool.mostOpen, this.totalCount);
  pool.mostWaiting = Math.max(pool.mostWaiting, this.waitingCount + 1);
  if (this.idleCount === 0) pool.checkoutsWithNoneIdle++;
  const done = () => waits.push(performance.now() - began);
  if (typeof callback === 'function') {
    return connect.call(this, (error, client, release) => {
      done();
      callback(error, client, release);
    });
  }
  return connect.call(this).then((client) => {
    done();
    return client;
  });
};

// Every statement's time from sent to answered, as the API sees it (a pooled client's query that
// returns a promise), with when it began: a slow statement is PostgreSQL's, not the loop's.
let queries = [];
const { Client } = createRequire(new URL('../apps/api/src/db/client.ts', import.meta.url))('pg');
const query = Client.prototype.query;
Client.prototype.query = function timedQuery(...args) {
  const began = performance.now();
  const record = () => queries.push([began, performance.now() - began]);
  // pg-pool's own query() passes a callback; Drizzle on a checked-out client awaits a promise.
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const callback = args[last];
    args[last] = (...answer) => {
      record();
      return callback(...answer);
    };
  } else if (args[0] && typeof args[0].callback === 'function') {
    const callback = args[0].callback;
    args[0].callback = (...answer) => {
      record();
      return callback(...answer);
    };
  }
  const result = query.apply(this, args);
  if (result && typeof result.then === 'function') result.then(record, () => undefined);
  return result;
};
let since = performance.now();

// Each HTTP request from its arrival in this process to its last byte handed to the kernel: what the
// server itself took, beside what the bench's clients saw.
let requests = [];
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function timedEmit(event, request, response) {
  if (event === 'request') {
    const began = performance.now();
    response.once('finish', () => requests.push(performance.now() - began));
  }
  return emit.apply(this, arguments);
};

let cpu = process.cpuUsage();
const round = (ms) => Math.round(ms * 10) / 10;
process.on('SIGUSR2', () => {
  const sorted = waits.sort((a, b) => a - b);
  const at = (p) => round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
  const used = process.cpuUsage(cpu);
  const queryTimes = queries.map(([, ms]) => ms).sort((a, b) => a - b);
  const queryAt = (p) => round(queryTimes[Math.min(queryTimes.length - 1, Math.floor(p * queryTimes.length))] ?? 0);
  // The slow statements by the second of the run they began in: early ones point at plans and statistics.
  const slowBySecond = {};
  for (const [began, ms] of queries) {
    if (ms < 50) continue;
    const second = Math.floor((began - since) / 1000);
    slowBySecond[second] = (slowBySecond[second] ?? 0) + 1;
  }
  const report = {
    eventLoopDelayMs: {
      p50: round(loop.percentile(50) / 1e6),
      p99: round(loop.percentile(99) / 1e6),
      max: round(loop.max / 1e6),
    },
    gc: Object.fromEntries(
      Object.entries(gc).map(([kind, seen]) => [
        kind,
        { count: seen.count, totalMs: round(seen.totalMs), maxMs: round(seen.maxMs) },
      ]),
    ),
    poolCheckouts: { count: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: round(sorted.at(-1) ?? 0), ...pool },
    requests: (() => {
      const sorted = requests.sort((a, b) => a - b);
      const pick = (p) => round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
      return { count: sorted.length, p50Ms: pick(0.5), p99Ms: pick(0.99), maxMs: round(sorted.at(-1) ?? 0) };
    })(),
    statements: {
      count: queryTimes.length,
      p50Ms: queryAt(0.5),
      p99Ms: queryAt(0.99),
      maxMs: round(queryTimes.at(-1) ?? 0),
      slowerThan50MsBySecond: slowBySecond,
    },
    apiCpuSeconds: round((used.user + used.system) / 1e5) / 10,
  };
  writeFileSync(file, JSON.stringify(report));
  loop.reset();
  gc = {};
  waits = [];
  queries = [];
  requests = [];
  since = performance.now();
  pool = { newConnections: 0, mostOpen: 0, mostWaiting: 0, checkoutsWithNoneIdle: 0 };
  cpu = process.cpuUsage();
});
