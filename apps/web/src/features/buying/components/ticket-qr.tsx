import { ticketQrText } from '@clubtix/contract';
import { QrImage } from '../../public/components/qr-image';

/** An attendee's QR code: exactly {"r","a","q"} (docs/product.md section 16). */
export function TicketQr({
  registrationId,
  attendeeId,
  qrUuid,
  label,
  size,
}: {
  registrationId: string;
  attendeeId: string;
  qrUuid: string;
  /** The image's alternative text: whose ticket it is. */
  label: string;
  size: number;
}) {
  return (
    <QrImage
      content={ticketQrText({ registrationId, attendeeId, qrUuid })}
      alt={label}
      size={size}
      testId="ticket-qr"
      kind="ticket"
    />
  );
}
