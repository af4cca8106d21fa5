import { ticketQrText } from '@clubtix/contract';
import { Alert, Skeleton } from '@mantine/core';
import { useQrImage } from '../api';

/**
 * An attendee's QR code. Its content is exactly {"r","a","q"} (DECISIONS.md section 7), made by
 * the contract's function the scanner reads with; `data-qr-content` repeats it for tests and tools.
 */
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
  const content = ticketQrText({ registrationId, attendeeId, qrUuid });
  const image = useQrImage(content);
  if (image.isError) {
    return (
      <Alert color="red" title="The QR code could not be drawn">
        Open the ticket from the e-mail we sent you instead.
      </Alert>
    );
  }
  if (image.isPending) return <Skeleton width={size} height={size} maw="100%" />;
  return (
    <img
      src={image.data}
      alt={label}
      width={size}
      height={size}
      data-testid="ticket-qr"
      data-qr-content={content}
      style={{ display: 'block', maxWidth: '100%', height: 'auto', imageRendering: 'pixelated' }}
    />
  );
}
