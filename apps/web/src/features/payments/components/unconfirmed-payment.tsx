import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('payments');
  return (
    <Alert color="orange" role="alert" title={t('unconfirmed.title')} data-testid="payment-unconfirmed">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{mayHaveGoneThrough(whenConfirmed)}</Text>
        {/* The default variant: dark text; every orange on white is below the 4.5:1 small text needs. */}
        <Button size="xs" variant="default" loading={isChecking} onClick={onCheckAgain}>
          {t('unconfirmed.checkAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
