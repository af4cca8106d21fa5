import {
  extrasVoucherLabel,
  formatMoney,
  formatShortCode,
  type TBoxOfficeAnswer,
  type TBoxOfficeMethod,
  type TCurrency,
} from '@clubtix/contract';
import { Alert, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { QrImage } from '../../public/components/qr-image';
import { TicketCode } from '../../buying/components/ticket-code';

/** How the sale's line says it was paid: "£50 paid in cash", "£0 free of charge". */
const PAID_AS: readonly TBoxOfficeMethod[] = ['cash', 'card_terminal', 'complimentary'];

const paidAs = (t: TFunction, method: string | null) =>
  method && (PAID_AS as readonly string[]).includes(method) ? t(`paidAs.${method}`) : '';

// On a desktop the full-width fields read as one long line; the door's own page keeps this width too.
export const FORM_WIDTH = 640;

/** What was sold, as the summary line says it: "2 tickets, Lunch box × 1". */
function soldText(t: TFunction, { registration, extrasVouchers }: TBoxOfficeAnswer): string {
  const count = registration.attendees.length;
  const parts = count > 0 ? [t('tickets', { count })] : [];
  return [...parts, ...extrasVouchers.map(extrasVoucherLabel)].join(', ');
}

/** What the page charged, as its Sell button said it: an admin's answer also carries the order. */
export interface Charged {
  amount: number;
  currency: TCurrency;
  method: TBoxOfficeMethod;
}

/**
 * A sale done: what, how paid, and each ticket for the buyer to take away. No door answer carries a
 * ticket's secret (docs/decisions/0061-staff-scope.md): each QR here holds the ticket's short code,
 * which the door reads as a typed code, online and offline; the vouchers' QR codes go in the ticket
 * mail, or the extras are handed over at the desk.
 */
export function BoxOfficeSale({
  sale,
  charged,
  mailed,
  onNext,
}: {
  sale: TBoxOfficeAnswer;
  charged: Charged;
  /** Whether an e-mail was given: the tickets and vouchers are mailed to it. */
  mailed: boolean;
  onNext: () => void;
}) {
  const { t } = useTranslation('boxoffice');
  const { registration } = sale;
  const order = 'order' in sale ? sale.order : null;
  const amount = order
    ? formatMoney(order.amount, order.currency, currentLanguage())
    : formatMoney(charged.amount, charged.currency, currentLanguage());
  const party = registration.attendees;
  return (
    <Stack gap="sm" maw={FORM_WIDTH} data-testid="box-office-sale">
      <Alert color="green" title={t('sold')} role="status">
        {t('soldLine', { what: soldText(t, sale), amount, paid: paidAs(t, order?.paymentMethod ?? charged.method) })}
        {party.length > 0 && party.every((a) => a.checkinId) ? t('checkedInSuffix') : ''}
      </Alert>
      {party.length > 0 ? (
        <Text size="sm" c="dimmed">
          {t('codeHint')}
        </Text>
      ) : null}
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
                <QrImage
                  content={formatShortCode(attendee.shortCode)}
                  alt={t('ticketOf', { name })}
                  size={200}
                  testId="ticket-qr"
                  kind="ticket"
                />
                <TicketCode shortCode={attendee.shortCode} size="md" />
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      {sale.extrasVouchers.length > 0 ? (
        <Stack component="section" aria-labelledby="sold-extras" gap={4}>
          <Title order={2} fz="lg" id="sold-extras">
            {t('extrasSold')}
          </Title>
          <Stack component="ul" gap={2} m={0} pl="md">
            {sale.extrasVouchers.map((voucher) => (
              <Text component="li" key={voucher.id} data-testid="extras-voucher-label">
                {voucher.redeemedAt
                  ? t('voucherHandedOver', { label: extrasVoucherLabel(voucher) })
                  : extrasVoucherLabel(voucher)}
              </Text>
            ))}
          </Stack>
          <Text size="sm" c="dimmed" data-testid="extras-voucher-note">
            {mailed ? t('vouchersMailed') : t('vouchersHandOver')}
          </Text>
        </Stack>
      ) : null}
      <Button onClick={onNext}>{t('nextSale')}</Button>
    </Stack>
  );
}
