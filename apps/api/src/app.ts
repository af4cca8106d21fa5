import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { validatorCompiler } from './plugins/validation';
import type { Config } from './config';
import type { Db } from './db/client';
import { attendeeDataRoutes } from './modules/attendees/attendees.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { checkinRoutes } from './modules/checkin/checkin.routes';
import { boxOfficeRoutes } from './modules/boxoffice/boxoffice.routes';
import { clubRoutes } from './modules/clubs/clubs.routes';
import { discountRoutes } from './modules/discounts/discounts.routes';
import { eventRoutes } from './modules/events/events.routes';
import { extrasRoutes } from './modules/extras/extras.routes';
import { formRoutes } from './modules/forms/forms.routes';
import { healthRoutes } from './modules/health/health.routes';
import { infoRoutes } from './modules/info/info.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { orderRoutes } from './modules/purchase/orders/orders.routes';
import { passRoutes } from './modules/passes/passes.routes';
import { purchaseRoutes } from './modules/purchase/purchase.routes';
import { registrationRoutes } from './modules/attendees/registration-admin.routes';
import { sponsorshipRoutes } from './modules/sponsorships/sponsorships.routes';
import { sponsorshipPackageRoutes } from './modules/sponsorship-packages/sponsorship-packages.routes';
import { ticketRoutes } from './modules/tickets/tickets.routes';
import { ticketsPdfRoutes } from './modules/tickets-pdf/tickets-pdf.routes';
import { renderTicketsPdfForMail } from './modules/tickets-pdf/tickets-pdf.service';
import { renderPassPdfForMail } from './modules/tickets-pdf/pass-pdf';
import { appUserRoutes } from './modules/users/users.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import { sendDueReminders } from './modules/messages/reminders';
import { createPreviews } from './modules/previews/previews';
import { reportRoutes } from './modules/report/report.routes';
import { joinSeries } from './modules/series/join-series';
import { seriesRoutes } from './modules/series/series.routes';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { createTicketWallets } from './modules/wallet/wallet.service';
import { offerFreedTickets } from './modules/waitlist/offers';
import { registerErrorHandling } from './plugins/error-handler';
import { loggerOptions, type LogDestination } from './plugins/log-redaction';
import { logDestinationFor } from './plugins/log-output';
import type { Deps } from './core/deps';
import { createMailer, type Transport } from './modules/mail/mailer';
import { smtpTransport } from './modules/mail/smtp-transport';
import type { PaymentProvider } from './core/payment-provider';
import { createPaymentProvider } from './modules/purchase/pay/providers';
import { createPaymentReconciler } from './modules/purchase/settle/reconcile';
import { purgeEndedWindows } from './modules/limits/rate-limits.repo';
import { freeLapsedSponsorUploads } from './modules/media/media.service';
import { createMediaStore } from './modules/media/media-store';
import { moveDiskMedia } from './modules/media/move-disk-media';
import type { MediaStore } from './core/media-store';
import { expireLapsedHolds } from './modules/purchase/hold/holds.repo';
import { createCancellationSweep } from './modules/purchase/refund/cancellation.service';
import { refundRoutes } from './modules/purchase/refund/refund.routes';
import { registerCompression } from './plugins/compression';
import { registerRequestMetrics } from './plugins/request-metrics';
import { createMetrics } from './core/metrics';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: boolean;
  /** Where log lines go instead of stdout, at config.logLevel (tests read them back); implies logger. */
  logDestination?: LogDestination;
  /** Tests put a provider or a mail transport of their own here. */
  payments?: PaymentProvider;
  mailTransport?: Transport | null;
  /** Tests that look into the store pass the one they built; unset: createMediaStore's choice. */
  media?: MediaStore;
  /**
   * How often lapsed holds are swept. Tests shorten it to watch the sweep release holds on its own
   * within a test's time; not an environment variable, since docs/product.md section 11 lists none and
   * RESERVATION_MINUTES (minutes) makes a 15-second sweep precise enough for everyone.
   */
  holdSweepMs?: number;
  /**
   * How often payments that succeeded at the provider but were never confirmed are looked for and
   * settled (modules/purchase/settle/reconcile.ts). Tests shorten it, as holdSweepMs; not an environment
   * variable for the same reason.
   */
  paymentReconcileMs?: number;
}

const HOLD_SWEEP_MS = 15_000;
const MAIL_RETRY_MS = 10_000;
const PAYMENT_RECONCILE_MS = 60_000;

/** Builds the whole product: the API under /api and the SPA on every other path. */
export async function buildApp({ config, db, logger = true, ...options }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Every line passes through one redaction, whichever call site wrote it (plugins/log-redaction.ts).
    // Readable on a terminal, JSON when piped (plugins/log-output.ts).
    logger:
      logger || options.logDestination
        ? loggerOptions(config.logLevel, options.logDestination ?? logDestinationFor(process.stdout))
        : false,
    // TRUST_PROXY=true, one proxy in front: the client is the address it appended to X-Forwarded-For,
    // not whatever the client wrote there itself. A list: only a peer in it is asked who the client
    // is, and the client is the nearest address not in it (proxy-addr's rule), so a direct client
    // cannot choose its address. The rate limits count by it (plugins/client-address.ts).
    trustProxy:
      config.trustProxy === true
        ? (_address: string, hop: number) => hop < 1
        : config.trustProxy === false
          ? false
          : [...config.trustProxy],
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const transport =
    options.mailTransport !== undefined ? options.mailTransport : config.smtpUrl ? smtpTransport(config.smtpUrl) : null;
  const metrics = createMetrics(db.$client);
  app.addHook('onClose', (_instance, done) => {
    metrics.close();
    done();
  });
  const deps: Deps = {
    db,
    config,
    metrics,
    payments: options.payments ?? (await createPaymentProvider(config, db)),
    media: options.media ?? createMediaStore(config, db),
    // The PDF a ticket mail attaches is drawn as it is sent, from the booking (mail/ cannot import it:
    // tickets-pdf/ reads purchase/, which queues mail).
    mail: createMailer(
      db,
      config,
      transport,
      app.log,
      {
        ticketsPdf: (attachment) => renderTicketsPdfForMail(deps, attachment.registrationId, attachment.qrUuid),
        passPdf: (attachment) => renderPassPdfForMail(deps, attachment.passPurchaseId, attachment.qrSecret),
      },
      metrics,
    ),
    joinSeries,
  };
  deps.wallets = createTicketWallets(deps);
  deps.seatsFreed = (eventId) => {
    offerFreedTickets(deps, eventId).catch((error: unknown) =>
      app.log.warn({ err: error }, 'waiting-list offers failed'),
    );
  };
  startBackgroundWork(app, deps, {
    holdSweepMs: options.holdSweepMs ?? HOLD_SWEEP_MS,
    paymentReconcileMs: options.paymentReconcileMs ?? PAYMENT_RECONCILE_MS,
  });

  // First, so every answer is timed, the SPA's and the errors' too.
  registerRequestMetrics(app, metrics);
  await registerCompression(app);
  registerSecurityHeaders(app, config);
  await app.register(swagger, {
    openapi: {
      info: { title: 'ClubTix API', version: '0.1.0', description: 'Every JSON response is { payload, msg? }.' },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      registerErrorHandling(api);
      // indexPrefix: the page at /api/docs (no trailing slash) names its files by their whole path.
      await api.register(swaggerUi, { routePrefix: '/docs', indexPrefix: '/api' });
      healthRoutes(api, deps);
      infoRoutes(api, deps);
      metricsRoutes(api, deps);
      authRoutes(api, deps);
      clubRoutes(api, deps);
      appUserRoutes(api, deps);
      eventRoutes(api, deps);
      seriesRoutes(api, deps);
      ticketRoutes(api, deps);
      discountRoutes(api, deps);
      extrasRoutes(api, deps);
      sponsorshipPackageRoutes(api, deps);
      passRoutes(api, deps);
      formRoutes(api, deps);
      registrationRoutes(api, deps);
      orderRoutes(api, deps);
      refundRoutes(api, deps);
      purchaseRoutes(api, deps);
      ticketsPdfRoutes(api, deps);
      walletRoutes(api, deps);
      sponsorshipRoutes(api, deps);
      checkinRoutes(api, deps);
      boxOfficeRoutes(api, deps);
      waitlistRoutes(api, deps);
      reportRoutes(api, deps);
      messageRoutes(api, deps);
      await mediaRoutes(api, deps);
      // After mediaRoutes, which registers the multipart parser the import uses too.
      attendeeDataRoutes(api, deps);
    },
    { prefix: '/api' },
  );

  await registerSpa(app, config.webDistDir, createPreviews(deps, config.webDistDir, app.log));
  return app;
}

/**
 * Work nobody asks for: lapsed holds are released, waiting-list offers lapse and tickets left go to
 * the lines, ended rate-limit windows deleted, unpaid sponsors' lapsed uploads freed, queued mail is
 * (re)tried and payments nobody confirmed are settled, in every process; row locks make each piece
 * of work happen once, whichever process gets to it.
 */
function startBackgroundWork(
  app: FastifyInstance,
  deps: Deps,
  { holdSweepMs, paymentReconcileMs }: { holdSweepMs: number; paymentReconcileMs: number },
): void {
  const timers: NodeJS.Timeout[] = [];
  const reconciler = createPaymentReconciler(deps, app.log);
  const cancellations = createCancellationSweep(deps, app.log);
  const every = (ms: number, job: () => Promise<unknown>) => {
    const timer = setInterval(() => {
      job().catch((error: unknown) => app.log.warn({ err: error }, 'background job failed'));
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  // Before the first request: images left under DATA_DIR/media by an older version are served from the store.
  app.addHook('onReady', async () => {
    await moveDiskMedia(deps, app.log);
  });
  app.addHook('onReady', (done) => {
    every(holdSweepMs, () => expireLapsedHolds(deps.db, { seatsFreed: deps.seatsFreed }));
    every(holdSweepMs, () => purgeEndedWindows(deps.db));
    every(holdSweepMs, () => freeLapsedSponsorUploads(deps));
    // Cancelled events' refunds go on in every process (docs/decisions/0027).
    every(holdSweepMs, () => cancellations.run());
    every(holdSweepMs, () => offerFreedTickets(deps));
    every(holdSweepMs, () => sendDueReminders(deps));
    every(MAIL_RETRY_MS, () => deps.mail.flush());
    every(paymentReconcileMs, () => reconciler.run());
    done();
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    // A pass under way stops after its current payment, before the database pool is closed under it.
    await reconciler.stop();
    await cancellations.stop();
  });
}
