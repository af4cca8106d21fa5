import QRCode from 'qrcode';
import type { MailAttachment } from '../../db/schema';

export interface RenderedAttachment {
  filename: string;
  contentType: string;
  cid: string;
  content: Buffer;
}

/**
 * A QR code as a PNG that phones at the door read at arm's length: error correction M and a quiet
 * zone of four modules, as the QR standard asks, at 6 pixels a module (about 320 pixels square).
 */
export function drawQrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 6 });
}

/** Draws the images an outbox row describes, just before it is handed to the mail server. */
export async function renderAttachments(attachments: MailAttachment[]): Promise<RenderedAttachment[]> {
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
    }
  }
  return rendered;
}
