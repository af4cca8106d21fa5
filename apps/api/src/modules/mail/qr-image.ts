import { onFirstUse } from '../../core/on-first-use';
import type { MailAttachment, PassPdfAttachment, TicketsPdfAttachment } from '../../db/schema';

export interface RenderedAttachment {
  filename: string;
  contentType: string;
  /** Set for an image the HTML part shows inline; a file to save has none. */
  cid?: string;
  content: Buffer;
}

/**
 * Draws a booking's ticket PDF for its mail (tickets-pdf/, handed in by app.ts); null when there is
 * nothing to attach any more (the booking was cancelled since) and the mail goes without it.
 */
export type TicketsPdfRenderer = (
  attachment: TicketsPdfAttachment,
) => Promise<{ filename: string; content: Buffer } | null>;

/** Draws a season pass's PDF for its mail (tickets-pdf/pass-pdf.ts); null when it no longer admits. */
export type PassPdfRenderer = (attachment: PassPdfAttachment) => Promise<{ filename: string; content: Buffer } | null>;

export interface AttachmentRenderers {
  ticketsPdf?: TicketsPdfRenderer;
  passPdf?: PassPdfRenderer;
}

/** Error correction M and a quiet zone of four modules, as the QR standard asks: the ticket PDF's too. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/**
 * A QR code as a PNG that phones at the door read at arm's length: QR_OPTIONS at 6 pixels a module
 * (about 320 pixels square).
 */
const loadQrCode = onFirstUse(async () => (await import('qrcode')).default);

export async function drawQrPng(text: string): Promise<Buffer> {
  const QRCode = await loadQrCode();
  return QRCode.toBuffer(text, { type: 'png', ...QR_OPTIONS, scale: 6 });
}

/** Draws the files an outbox row describes, just before it is handed to the mail server. */
export async function renderAttachments(
  attachments: MailAttachment[],
  renderers: AttachmentRenderers = {},
): Promise<RenderedAttachment[]> {
  const rendered: RenderedAttachment[] = [];
  for (const attachment of attachments) {
    switch (attachment.kind) {
      case 'qr':
        rendered.push({
          filename: attachment.filename,
          contentType: 'image/png',
          cid: attachment.cid,
          content: await drawQrPng(attachment.text),
        });
        break;
      case 'ticketsPdf': {
        const pdf = renderers.ticketsPdf ? await renderers.ticketsPdf(attachment) : null;
        if (pdf) rendered.push({ ...pdf, contentType: 'application/pdf' });
        break;
      }
      case 'passPdf': {
        const pdf = renderers.passPdf ? await renderers.passPdf(attachment) : null;
        if (pdf) rendered.push({ ...pdf, contentType: 'application/pdf' });
        break;
      }
    }
  }
  return rendered;
}
