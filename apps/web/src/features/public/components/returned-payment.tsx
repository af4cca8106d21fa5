import type { TEvent } from '@clubtix/contract';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { confirmPayment } from '../../payments/api';
import { publicKeys } from '../api';

const TEXTS = {
  support: { title: 'Thank you for your support!', body: 'Your payment has been received.' },
  extras: {
    title: 'Your extras are paid',
    body: 'Your voucher is on its way to your e-mail: show its QR code at the door.',
  },
};

/**
 * A donation, sponsorship or extra paid by a method that left the page: Stripe sends the payer back
 * with the intent in the address (to the donation page, or the event page for extras), and the
 * server settles it as after an in-page payment (confirming is idempotent, so a reload asks again
 * harmlessly).
 */
export function ReturnedPayment({
  event,
  paymentIntentId,
  failed,
  kind = 'support',
}: {
  event: Pick<TEvent, 'id' | 'slug'>;
  paymentIntentId: string;
  failed: boolean;
  kind?: keyof typeof TEXTS;
}) {
  const confirmation = useQuery({
    queryKey: [...publicKeys.event(event.id), 'returned-payment', paymentIntentId],
    queryFn: () => confirmPayment(paymentIntentId),
    enabled: !failed,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const again = (
    <Button
      component={Link}
      to={kind === 'extras' ? `/${encodeURIComponent(event.slug)}` : `/event/${encodeURIComponent(event.id)}/donation`}
      variant="light"
    >
      Try again
    </Button>
  );
  if (failed || confirmation.isError) {
    return (
      <Alert color="red" title="Payment not completed" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {isApiError(confirmation.error) ? confirmation.error.msg : 'The payment did not go through.'}
          </Text>
          {again}
        </Stack>
      </Alert>
    );
  }
  if (confirmation.isPending) return <Text>Confirming your payment…</Text>;
  if (confirmation.data.refundRequired) {
    return (
      <Alert color="orange" title="Sold out meanwhile" role="alert">
        Your payment was received, but what it paid for was taken after your reservation lapsed: the organiser will
        refund you.
      </Alert>
    );
  }
  const texts = TEXTS[kind];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="green.0" role="status" data-testid="support-thanks">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="xl">
          {texts.title}
        </Title>
        <Text>{texts.body}</Text>
        <Button component={Link} to={`/${encodeURIComponent(event.slug)}`} variant="light">
          {kind === 'extras' ? 'Close' : 'Back to the event page'}
        </Button>
      </Stack>
    </Paper>
  );
}
