import { Alert, Button, Stack, Text } from '@mantine/core';
import { mayHaveGoneThrough } from '../stripe-flow';

/**
 * Shown instead of the Pay button when the card may have been charged but the server could not
 * confirm it: never "did not go through", which made buyers pay twice. "Check again" asks the
 * server once more (confirming is idempotent); the server also settles it on its own.
 */
export function UnconfirmedPayment({
  whenConfirmed,
  isChecking,
  onCheckAgain,
}: {
  whenConfirmed?: string | undefined;
  isChecking: boolean;
  onCheckAgain: () => void;
}) {
  return (
    <Alert color="orange" role="alert" title="Payment not confirmed yet" data-testid="payment-unconfirmed">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{mayHaveGoneThrough(whenConfirmed)}</Text>
        {/* The default variant: dark text; every orange on white is below the 4.5:1 small text needs. */}
        <Button size="xs" variant="default" loading={isChecking} onClick={onCheckAgain}>
          Check again
        </Button>
      </Stack>
    </Alert>
  );
}
