import QRCode from 'qrcode';
import { QR_OPTIONS } from '../mail/qr-image';

/**
 * Draws a QR code as vector squares, `size` points wide with its quiet zone: sharp at any print
 * resolution, a few hundred bytes a code, and no PNG to encode and decode again per page. The same
 * symbol as the mail's image (QR_OPTIONS); each row's dark modules are drawn as runs.
 */
export function drawQrVector(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel });
  const count = modules.size;
  const cell = size / (count + 2 * QR_OPTIONS.margin);
  const left = x + QR_OPTIONS.margin * cell;
  const top = y + QR_OPTIONS.margin * cell;
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < count; row++) {
    let start = -1;
    for (let column = 0; column <= count; column++) {
      const isDark = column < count && modules.get(row, column) === 1;
      if (isDark && start === -1) start = column;
      if (!isDark && start !== -1) {
        doc.rect(left + start * cell, top + row * cell, (column - start) * cell, cell);
        start = -1;
      }
    }
  }
  doc.fill('#000000');
  doc.restore();
}
