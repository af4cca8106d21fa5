import {
  DEFAULT_LANGUAGE,
  EVENT_MOMENT_STYLE,
  extrasQrText,
  extrasVoucherLabel,
  formatShortCode,
  isLanguage,
  ticketQrText,
  zonedFormat,
  type TLanguage,
} from '@clubtix/contract';
import type { Deps } from '../../core/deps';
import { AppError, conflict, notFound } from '../../core/errors';
import { onFirstUse } from '../../core/on-first-use';
import { translatorFor, type Translate } from '../../core/i18n';
import type { Download } from '../../plugins/routes';
import { findBuyerRegistration, loadBuyerRegistration } from '../purchase/details/registration-details.service';
import { loadClubLogo } from './club-logo';
import type { TicketsPdfContent } from './tickets-pdf-document';
import { findPdfEvent, type PdfEventRow } from './tickets-pdf.repo';

/** pdfkit, its fonts and the QR drawing: loaded with the first PDF asked for. */
const loadDocument = onFirstUse(() => import('./tickets-pdf-document'));

/** When the event happens, in its own zone (named, as buyers may be elsewhere) and the buyer's language. */
export function pdfWhen(event: Pick<PdfEventRow, 'startDate' | 'endDate' | 'timezone'>, language: TLanguage): string {
  const format = zonedFormat(EVENT_MOMENT_STYLE, event.timezone, language);
  const range =
    event.endDate > event.startDate
      ? format.formatRange(event.startDate, event.endDate)
      : format.format(event.startDate);
  return `${range} (${event.timezone})`;
}

/** A file name from the event's title: its letters and digits in any script, the rest as dashes. */
export function pdfFilename(t: Translate, title: string): string {
  const name = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${t('pdf.fileName', { event: name || 'event' })}.pdf`;
}

export interface LoadedPdf {
  content: TicketsPdfContent;
  t: Translate;
  filename: string;
}

/**
 * What a registration's PDF shows, for whoever holds its id and qrUuid (the secret the ticket viewer
 * and getRegistration take): 404 for a wrong pair or a deleted booking, 409 while it is not confirmed
 * (a hold not paid yet, an expired or cancelled one has no tickets to print).
 */
async function loadTicketsPdf(deps: Deps, registrationId: string, qrUuid: string): Promise<LoadedPdf> {
  const row = await loadBuyerRegistration(deps, registrationId, qrUuid);
  const registration = await findBuyerRegistration(deps, registrationId, qrUuid);
  if (registration.status !== 'confirmed') throw conflict('This booking is not confirmed: it has no tickets yet');
  if (registration.attendees.length === 0) throw notFound('Registration');
  const event = await findPdfEvent(deps.db, registration.eventId);
  if (!event) throw notFound('Event');
  const language = isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
  const t = translatorFor(language);
  const content: TicketsPdfContent = {
    language,
    clubName: event.clubName,
    logo: await loadClubLogo(deps.media, event.clubLogoUrl),
    eventTitle: event.title,
    when: pdfWhen(event, language),
    where: [event.venue, event.address].filter((part) => Boolean(part?.trim())).join(', ') || null,
    tickets: registration.attendees.map((attendee, index) => ({
      name:
        [attendee.firstName, attendee.lastName].filter(Boolean).join(' ') || t('pdf.attendee', { index: index + 1 }),
      ticketName: attendee.ticketName,
      code: formatShortCode(attendee.shortCode),
      qrText: ticketQrText({ registrationId, attendeeId: attendee.attendeeId, qrUuid: registration.qrUuid }),
    })),
    vouchers: (registration.extrasVouchers ?? []).map((voucher) => ({
      label: extrasVoucherLabel(voucher),
      qrText: extrasQrText(voucher.id, voucher.qrUuid),
    })),
  };
  return { content, t, filename: pdfFilename(t, event.title) };
}

/** GET /registration/getTicketsPdf: the PDF streamed as its pages are drawn. */
export async function openTicketsPdf(deps: Deps, registrationId: string, qrUuid: string): Promise<Download> {
  const { content, t, filename } = await loadTicketsPdf(deps, registrationId, qrUuid);
  const { createTicketsDocument, drawPages } = await loadDocument();
  const doc = createTicketsDocument(content, t);
  drawPages(doc, content, t).catch((error: unknown) => {
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { filename, contentType: 'application/pdf', body: doc };
}

/**
 * Past this a PDF is not attached to a mail (most mail servers refuse 10 to 25 MB, and base64
 * grows it by a third); the mail still links each ticket's viewer, which links the PDF.
 */
export const MAIL_PDF_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The PDF as a file for the ticket mail, drawn when the mail is sent (the outbox keeps no files):
 * null when the booking no longer has tickets to print (cancelled or deleted since) or the file
 * would be too large to mail.
 */
export async function renderTicketsPdfForMail(
  deps: Deps,
  registrationId: string,
  qrUuid: string,
): Promise<{ filename: string; content: Buffer } | null> {
  let loaded: LoadedPdf;
  try {
    loaded = await loadTicketsPdf(deps, registrationId, qrUuid);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  return drawPdfForMail(loaded);
}

/** A PDF drawn whole for a mail; null past MAIL_PDF_MAX_BYTES (the mail goes without it). */
export async function drawPdfForMail(loaded: LoadedPdf): Promise<{ filename: string; content: Buffer } | null> {
  const { createTicketsDocument, drawPages } = await loadDocument();
  const doc = createTicketsDocument(loaded.content, loaded.t);
  const chunks: Buffer[] = [];
  let bytes = 0;
  let isTooLarge = false;
  const done = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAIL_PDF_MAX_BYTES) isTooLarge = true;
      else chunks.push(chunk);
    });
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  await drawPages(doc, loaded.content, loaded.t);
  await done;
  return isTooLarge ? null : { filename: loaded.filename, content: Buffer.concat(chunks) };
}
