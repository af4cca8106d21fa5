import { monitorEventLoopDelay } from 'node:perf_hooks';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What GET /api/metrics tells Prometheus (docs/decisions/0079-metrics-and-log.md). One registry per
 * app, reached through Deps: services count a fact where it happens (a hold taken or refused, an
 * order settled, a scan answered, a mail sent or refused), so a scrape reads counters and never
 * queries the database. Each process counts its own; Prometheus sums them over the processes.
 * Names follow prom-client's conventions: `_total` counters, `_seconds` histograms, no default labels.
 */
export interface Metrics {
  readonly registry: Registry;
  /** Every HTTP answer, by method, route pattern (never the raw URL, which holds ids and secrets) and status. */
  readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  readonly ticketsHeld: Counter;
  readonly ticketsSold: Counter;
  /** Holds refused, by the reason db/functions/clubtix_hold.sql answers (sold_out, closed, ...). */
  readonly ticketsRefused: Counter<'reason'>;
  /**
   * Tickets scanned at the door, by what the door was told (admitted, already_checked_in, not_found,
   * ...); the offline door's scans as the sync stored them (synced_stored, synced_duplicate,
   * synced_rejected); admitted_at_sale for tickets the box office sold and let in at once.
   */
  readonly doorScans: Counter<'result'>;
  readonly mailsSent: Counter;
  /** A delivery the mail server refused; `final="true"` once the mail is given up (modules/mail/retry-schedule.ts). */
  readonly mailsFailed: Counter<'final'>;
  /** Mails this process found due and left unsent after its last round (0 once it emptied the queue). */
  readonly mailsWaiting: Gauge;
  /** Stops the event-loop monitor (app close). */
  close(): void;
}

/** Request durations' buckets, in seconds: a door scan answers in milliseconds, an export in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(pool?: pg.Pool): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const seconds = (nanoseconds: number) => (Number.isFinite(nanoseconds) ? nanoseconds / 1e9 : 0);
  new Gauge({
    name: 'nodejs_eventloop_lag_p99_seconds',
    help: 'The 99th percentile of the event loop delay since the last scrape',
    registers,
    collect() {
      this.set(seconds(loop.percentile(99)));
    },
  });
  new Gauge({
    name: 'nodejs_eventloop_lag_max_seconds',
    help: 'The longest event loop delay since the last scrape',
    registers,
    collect() {
      this.set(seconds(loop.max));
      // Each scrape sees the window since the one before (prom-client's default metric does the same).
      loop.reset();
    },
  });
  if (pool) {
    // The pool's own counts at scrape time: no connection is taken to answer.
    new Gauge({
      name: 'clubtix_db_pool_connections',
      help: 'Connections of the PostgreSQL pool, by state (in_use, idle)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'clubtix_db_pool_waiting',
      help: 'Queries waiting for a free connection of the PostgreSQL pool',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
  return {
    registry,
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP answers by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    ticketsHeld: new Counter({ name: 'clubtix_tickets_held_total', help: 'Tickets held for buyers', registers }),
    ticketsSold: new Counter({
      name: 'clubtix_tickets_sold_total',
      help: 'Tickets confirmed by a settled order',
      registers,
    }),
    ticketsRefused: new Counter({
      name: 'clubtix_tickets_refused_total',
      help: 'Holds refused, by reason',
      labelNames: ['reason'] as const,
      registers,
    }),
    doorScans: new Counter({
      name: 'clubtix_door_scans_total',
      help: 'Tickets scanned at the door, by result',
      labelNames: ['result'] as const,
      registers,
    }),
    mailsSent: new Counter({ name: 'clubtix_mails_sent_total', help: 'Mails delivered to the mail server', registers }),
    mailsFailed: new Counter({
      name: 'clubtix_mails_failed_total',
      help: 'Deliveries the mail server refused; final="true" when the mail was given up',
      labelNames: ['final'] as const,
      registers,
    }),
    mailsWaiting: new Gauge({
      name: 'clubtix_mails_waiting',
      help: 'Mails this process found due and left unsent after its last delivery round',
      registers,
    }),
    close: () => loop.disable(),
  };
}
