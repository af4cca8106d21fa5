import { setImmediate as nextTurn } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import { localeOf, type TLanguage } from '@clubtix/contract';
import type { Translate } from '../../core/i18n';
import { fontFiles, fontRuns, type FontWeight } from './pdf-fonts';
import { drawQrVector } from './qr-vector';

/** One attendee's page: who, which ticket, the short code and the QR the door scans. */
export interface PdfTicket {
  name: string;
  ticketName: string;
  /** Formatted, XXXX-XXXX. */
  code: string;
  qrText: string;
}

/** One extras voucher's page: what it is for and its QR, redeemed once. */
export interface PdfVoucher {
  label: string;
  qrText: string;
}

export interface TicketsPdfContent {
  language: TLanguage;
  clubName: string;
  /** The club's logo as a data: URL: pdfkit keeps an image given by a string, so it is embedded once. */
  logo: string | null;
  eventTitle: string;
  /** When, in the event's zone and the buyer's language, the zone named. */
  when: string;
  where: string | null;
  tickets: PdfTicket[];
  vouchers: PdfVoucher[];
}

// A4 in points; the ticket sits in the top half so that a folded print still shows it whole.
const MARGIN = 48;
const WIDTH = 595.28 - 2 * MARGIN;
const QR_SIZE = 220;
const GREY = '#555555';
const INK = '#111111';

interface TextStyle {
  size: number;
  weight?: FontWeight;
  color?: string;
  characterSpacing?: number;
}

/** Writes text at (x, y) within `width`, each run in the font of its script (pdf-fonts.ts). */
function write(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, style: TextStyle) {
  const runs = fontRuns(text, style.weight ?? 400);
  doc.fontSize(style.size).fillColor(style.color ?? INK);
  runs.forEach((run, index) => {
    doc.font(run.font);
    const options = { width, continued: index < runs.length - 1, characterSpacing: style.characterSpacing ?? 0 };
    if (index === 0) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
  });
}

/** The club, the event, when and where: the head of every page. Answers where the body starts. */
function drawHeader(doc: PDFKit.PDFDocument, content: TicketsPdfContent, t: Translate): number {
  let textX = MARGIN;
  if (content.logo) {
    doc.image(content.logo, MARGIN, MARGIN, { fit: [140, 56], valign: 'center' });
    textX = MARGIN + 156;
  }
  write(doc, content.clubName, textX, MARGIN + 20, WIDTH - (textX - MARGIN), { size: 11, color: GREY });
  write(doc, content.eventTitle, MARGIN, MARGIN + 80, WIDTH, { size: 22, weight: 700 });
  write(doc, t('pdf.when', { when: content.when }), MARGIN, doc.y + 8, WIDTH, { size: 11 });
  if (content.where) write(doc, t('pdf.where', { where: content.where }), MARGIN, doc.y + 4, WIDTH, { size: 11 });
  const ruleY = doc.y + 16;
  doc
    .moveTo(MARGIN, ruleY)
    .lineTo(MARGIN + WIDTH, ruleY)
    .lineWidth(0.8)
    .strokeColor('#bbbbbb')
    .stroke();
  return ruleY + 24;
}

const SIDE_X = MARGIN + QR_SIZE + 24;
const SIDE_WIDTH = WIDTH - QR_SIZE - 24;

function drawTicketPage(
  doc: PDFKit.PDFDocument,
  content: TicketsPdfContent,
  t: Translate,
  ticket: PdfTicket,
  index: number,
): void {
  const top = drawHeader(doc, content, t);
  drawQrVector(doc, ticket.qrText, MARGIN, top, QR_SIZE);
  const count = content.tickets.length;
  write(doc, t('pdf.ticketOf', { index: index + 1, count }), SIDE_X, top + 8, SIDE_WIDTH, { size: 10, color: GREY });
  write(doc, ticket.name, SIDE_X, doc.y + 6, SIDE_WIDTH, { size: 18, weight: 700 });
  write(doc, ticket.ticketName, SIDE_X, doc.y + 4, SIDE_WIDTH, { size: 13 });
  write(doc, t('pdf.ticketCode'), SIDE_X, doc.y + 18, SIDE_WIDTH, { size: 10, color: GREY });
  write(doc, ticket.code, SIDE_X, doc.y + 2, SIDE_WIDTH, { size: 20, weight: 700, characterSpacing: 2 });
  write(doc, t('pdf.ticketHint'), MARGIN, top + QR_SIZE + 20, WIDTH, { size: 10, color: GREY });
}

function drawVoucherPage(doc: PDFKit.PDFDocument, content: TicketsPdfContent, t: Translate, voucher: PdfVoucher): void {
  const top = drawHeader(doc, content, t);
  drawQrVector(doc, voucher.qrText, MARGIN, top, QR_SIZE);
  write(doc, t('pdf.voucherHeading'), SIDE_X, top + 8, SIDE_WIDTH, { size: 10, color: GREY });
  write(doc, voucher.label, SIDE_X, doc.y + 6, SIDE_WIDTH, { size: 18, weight: 700 });
  write(doc, t('pdf.voucherHint'), MARGIN, top + QR_SIZE + 20, WIDTH, { size: 10, color: GREY });
}

/**
 * A ticket PDF (docs/product.md section 22): a page per attendee, then one per extras voucher. The
 * document is a stream: pages are drawn one after the other (`drawPages`) and flow out as they
 * are done, so memory holds a page, not the whole file.
 */
export function createTicketsDocument(content: TicketsPdfContent, t: Translate): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    lang: localeOf(content.language),
    displayTitle: true,
    info: {
      Title: t('pdf.documentTitle', { event: content.eventTitle }),
      Author: content.clubName,
      Creator: 'ClubTix',
    },
  });
  for (const { name, file } of fontFiles()) doc.registerFont(name, file);
  return doc;
}

/**
 * Draws every page, then ends the document (its stream ends once the last bytes are read). Between
 * pages the event loop takes its turn: a booking of 100 attendees does not hold other requests up.
 */
export async function drawPages(doc: PDFKit.PDFDocument, content: TicketsPdfContent, t: Translate): Promise<void> {
  for (const [index, ticket] of content.tickets.entries()) {
    doc.addPage();
    drawTicketPage(doc, content, t, ticket, index);
    await nextTurn();
  }
  for (const voucher of content.vouchers) {
    doc.addPage();
    drawVoucherPage(doc, content, t, voucher);
    await nextTurn();
  }
  doc.end();
}
