import type { TEvent } from '@clubtix/contract';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { confirmPayment } from '../../payments/api';
import { publicKeys } from '../api';

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
  kind?: 'support' | 'extras';
}) {
  const { t } = useTranslation('public');
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
      {t('returned.again')}
    </Button>
  );
  if (failed || confirmation.isError) {
    return (
      <Alert color="red" title={t('returned.failedTitle')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{isApiError(confirmation.error) ? confirmation.error.msg : t('returned.failed')}</Text>
          {again}
        </Stack>
      </Alert>
    );
  }
  if (confirmation.isPending) return <Text>{t('returned.confirming')}</Text>;
  if (confirmation.data.refundRequired) {
    return (
      <Alert color="orange" title={t('returned.takenTitle')} role="alert">
        {t('returned.taken')}
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="green.0" role="status" data-testid="support-thanks">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="xl">
          {kind === 'extras' ? t('returned.extras.title') : t('returned.support.title')}
        </Title>
        <Text>{kind === 'extras' ? t('returned.extras.body') : t('returned.support.body')}</Text>
        <Button component={Link} to={`/${encodeURIComponent(event.slug)}`} variant="light">
          {kind === 'extras' ? t('returned.close') : t('backToEvent')}
        </Button>
      </Stack>
    </Paper>
  );
}
