import type { TBuyerRegistration, TEvent, TOrder } from '@clubtix/contract';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddToCalendar, AttendeeTickets } from './attendee-tickets';
import { ExtrasVouchers } from '../../public/components/extras-vouchers';
import { OrderSummary } from './order-summary';

/** A confirmed booking with its tickets: the success page after paying, and the page of a free booking's link. */
export function ConfirmedBooking({
  event,
  registration,
  order,
}: {
  event: TEvent;
  registration: TBuyerRegistration;
  order: TOrder | null;
}) {
  const { t } = useTranslation('buying');
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} bg="green.0">
        <Stack gap="xs">
          <Text fw={600} fz="lg">
            {t('confirmed.title')}
          </Text>
          <Text data-testid="tickets-sent-to" style={{ overflowWrap: 'anywhere' }}>
            {t('confirmed.sentTo', { email: registration.email })}
          </Text>
          <Group gap="xs" mt={4}>
            <AddToCalendar event={event} />
          </Group>
        </Stack>
      </Paper>
      <AttendeeTickets event={event} registration={registration} />
      <ExtrasVouchers vouchers={registration.extrasVouchers ?? []} />
      {order ? <OrderSummary order={order} heading={t('confirmed.summary')} /> : null}
    </Stack>
  );
}
