/** The QR viewer of one attendee's ticket, as the ticket e-mail links it (docs/product.md section 2). */
export function qrViewerPath(ticket: {
  eventId: string;
  registrationId: string;
  attendeeId: string;
  qrUuid: string;
}): string {
  const [event, registration, attendee, qr] = [
    ticket.eventId,
    ticket.registrationId,
    ticket.attendeeId,
    ticket.qrUuid,
  ].map(encodeURIComponent);
  return `/event/${event}/qr/${registration}/${attendee}/${qr}`;
}
