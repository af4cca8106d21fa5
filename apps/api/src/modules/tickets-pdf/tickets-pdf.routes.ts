import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import type { Deps } from '../../core/deps';
import { registerDownload } from '../../plugins/routes';
import { openTicketsPdf } from './tickets-pdf.service';

/** A buyer's tickets as a PDF (docs/product.md section 22, docs/decisions/0044-pdf-tickets.md). */
export function ticketsPdfRoutes(app: FastifyInstance, deps: Deps): void {
  registerDownload(app, deps, endpoints.registration.getTicketsPdf, ({ query }) =>
    openTicketsPdf(deps, query.registrationId, query.qrUuid),
  );
}
