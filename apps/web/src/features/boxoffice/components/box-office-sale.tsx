import { extrasVoucherLabel, formatMoney, type TBoxOfficeMethod, type TBoxOfficeSale } from '@clubtix/contract';
import { Alert, Button, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { ExtrasVouchers } from '../../buying/components/extras-vouchers';
import { TicketCode } from '../../buying/components/ticket-code';
import { TicketQr } from '../../buying/components/ticket-qr';

/** How the sale's line says it was paid: "£50 paid in cash", "£0 free of charge". */
const PAID_AS: readonly TBoxOfficeMethod[] = ['cash', 'card_terminal', 'complimentary'];

const paidAs = (t: TFunction, method: string | null) =>
  method && (PAID_AS as readonly string[]).includes(method) ? t(`paidAs.${method}`) : '';

// On a desktop the full-width fields read as one long line; the door's own page keeps this width too.
export const FORM_WIDTH = 640;

/** What was sold, as the summary line says it: "2 tickets, Lunch box × 1". */
function soldText(t: TFunction, { registration, extrasVouchers }: TBoxOfficeSale): string {
  const count = registration.attendees.length;
  const parts = count > 0 ? [t('tickets', { count })] : [];
  return [...parts, ...extrasVouchers.map(extrasVoucherLabel)].join(', ');
}

/** A sale done: what, how paid, and each ticket's and extra's QR for the buyer to take away. */
export function BoxOfficeSale({ sale, onNext }: { sale: TBoxOfficeSale; onNext: () => void }) {
  const { t } = useTranslation('boxoffice');
  const { registration, order } = sale;
  const party = registration.attendees;
  return (
    <Stack gap="sm" maw={FORM_WIDTH} data-testid="box-office-sale">
      <Alert color="green" title={t('sold')} role="status">
        {t('soldLine', {
          what: soldText(t, sale),
          amount: formatMoney(order.amount, order.currency, currentLanguage()),
          paid: paidAs(t, order.paymentMethod),
        })}
        {party.length > 0 && party.every((a) => a.checkinId) ? t('checkedInSuffix') : ''}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {party.map((attendee, i) => {
          const name =
            [attendee.firstName, attendee.lastName].filter(Boolean).join(' ') || t('guest', { number: i + 1 });
          return (
            <Card key={attendee.attendeeId} withBorder padding="sm">
              <Stack gap={4} align="center">
                <Text fw={600}>{name}</Text>
                <Text size="sm" c="dimmed">
                  {attendee.ticketName}
                </Text>
                <TicketQr
                  registrationId={registration.registrationId}
                  attendeeId={attendee.attendeeId}
                  qrUuid={registration.qrUuid}
                  label={t('ticketOf', { name })}
                  size={200}
                />
                <TicketCode shortCode={attendee.shortCode} size="md" />
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <ExtrasVouchers vouchers={sale.extrasVouchers} />
      <Button onClick={onNext}>{t('nextSale')}</Button>
    </Stack>
  );
}
