import { endpoints } from '@clubtix/contract';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { API_BASE_URL } from '../../../api/client';

/** The address of a booking's PDF tickets: the registration id and its qrUuid, as the viewer's. */
export function ticketsPdfUrl(registrationId: string, qrUuid: string): string {
  const query = new URLSearchParams({ registrationId, qrUuid });
  return `${API_BASE_URL}${endpoints.registration.getTicketsPdf.path}?${query.toString()}`;
}

/**
 * "Download PDF tickets": every ticket of the booking and its extras vouchers, a page each, in the
 * language it was bought in (docs/product.md section 22). A plain link: the browser downloads it.
 */
export function TicketsPdfLink({ registrationId, qrUuid }: { registrationId: string; qrUuid: string }) {
  const { t } = useTranslation('buying');
  return (
    <Button
      component="a"
      href={ticketsPdfUrl(registrationId, qrUuid)}
      download
      variant="outline"
      style={{ alignSelf: 'flex-start' }}
      data-testid="tickets-pdf-link"
    >
      {t('ticketsPdf.download')}
    </Button>
  );
}
