import type { TEvent } from '@clubtix/contract';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { confirmPayment } from '../../payments/api';
import { publicKeys } from '../api';

/**
 * A donation or sponsorship paid by a method that left the page: Stripe sends the giver back here
 * with the intent in the address, and the server settles it as after an in-page payment
 * (confirming is idempotent, so a reload asks again harmlessly).
 */
export function ReturnedPayment({
  event,
  paymentIntentId,
  failed,
}: {
  event: Pick<TEvent, 'id' | 'slug'>;
  paymentIntentId: string;
  failed: boolean;
}) {
  const confirmation = useQuery({
    queryKey: [...publicKeys.event(event.id), 'returned-payment', paymentIntentId],
    queryFn: () => confirmPayment(paymentIntentId),
    enabled: !failed,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const again = (
    <Button component={Link} to={`/event/${encodeURIComponent(event.id)}/donation`} variant="light">
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
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="green.0" role="status" data-testid="support-thanks">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="xl">
          Thank you for your support!
        </Title>
        <Text>Your payment has been received.</Text>
        <Button component={Link} to={`/${encodeURIComponent(event.slug)}`} variant="light">
          Back to the event page
        </Button>
      </Stack>
    </Paper>
  );
}
