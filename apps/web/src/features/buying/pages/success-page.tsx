import type { TEvent, TOrder } from '@clubtix/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isMissing, usePublicEventBySlug } from '../../public/api';
import { eventNotAvailable } from '../../public/messages';
import { useBuyerRegistration } from '../api';
import { BuyingHeader } from '../components/buying-header';
import { ConfirmedBooking } from '../components/confirmed-booking';
import { TicketsPdfLink } from '../components/tickets-pdf-link';
import { clearHold, readHold, readPurchase } from '../hold-storage';
import { useSlugParam } from '../../public/slug-param';

interface Source {
  registrationId: string;
  qrUuid: string;
  order: TOrder | null;
}

/** The purchase this tab completed, or else the hold it still has (paid in another tab). */
function readSource(slug: string): Source | null {
  const purchase = readPurchase(slug);
  if (purchase) return purchase;
  const hold = readHold(slug);
  return hold ? { registrationId: hold.registrationId, qrUuid: hold.qrUuid, order: null } : null;
}

function Outcome({ event, source }: { event: TEvent; source: Source }) {
  const { t } = useTranslation(['buying', 'public']);
  const registration = useBuyerRegistration(source);
  const confirmed = registration.data?.status === 'confirmed';
  useEffect(() => {
    // Only once the tickets are really theirs: a hold opened here by mistake is not thrown away.
    if (confirmed) clearHold(event.slug);
  }, [confirmed, event.slug]);

  if (registration.isPending) return <PageLoader label={t('success.loading')} />;
  if (registration.isError) {
    return (
      <QueryError error={registration.error} onRetry={() => void registration.refetch()} what={t('success.what')} />
    );
  }
  const data = registration.data;
  if (data.status === 'cancelled') {
    return (
      <Alert color="orange" title={t('success.cancelledTitle')} role="alert" data-testid="refund-required">
        {t('success.cancelled')}
      </Alert>
    );
  }
  if (source.order?.paymentStatus === 'refund_required' || data.status === 'expired') {
    return (
      <Alert color="orange" title={t('success.lateTitle')} role="alert" data-testid="refund-required">
        {t('success.late')}
      </Alert>
    );
  }
  if (data.status === 'pending') {
    return (
      <Alert color="blue" title={t('success.pendingTitle')} data-testid="payment-pending">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('success.pending')}</Text>
          <Button size="xs" variant="white" onClick={() => void registration.refetch()}>
            {t('success.checkAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <>
      <ConfirmedBooking event={event} registration={data} order={source.order} />
      <TicketsPdfLink registrationId={data.registrationId} qrUuid={data.qrUuid} />
    </>
  );
}

/** /{slug}/success: the tickets with their QR codes, right after paying (docs/product.md section 2). */
export default function SuccessPage() {
  const { t } = useTranslation(['buying', 'public']);
  const slug = useSlugParam();
  const event = usePublicEventBySlug(slug);
  const [source] = useState(() => readSource(slug));
  if (event.isPending) return <PageLoader label={t('public:eventPage.loading')} />;
  if (event.isError) {
    if (isMissing(event.error)) return <NotFoundView message={eventNotAvailable()} />;
    return <QueryError error={event.error} onRetry={() => void event.refetch()} what={t('public:eventPage.what')} />;
  }
  // A tab with no purchase of its own (opened afresh, or on another device) has nothing to thank
  // for: it says so once, as its heading (docs/decisions/0023-buyer-pages.md).
  if (!source) {
    return (
      <Stack gap="lg" maw={720} mx="auto" data-testid="no-purchase">
        <BuyingHeader slug={slug} eventTitle={event.data.title} heading={t('success.noPurchaseTitle')} />
        <Text>{t('success.noPurchase')}</Text>
        <Button
          component={Link}
          to={`/${encodeURIComponent(slug)}`}
          variant="light"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('public:backToEvent')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={720} mx="auto">
      <BuyingHeader slug={slug} eventTitle={event.data.title} heading={t('success.thanks')} />
      <Outcome event={event.data} source={source} />
    </Stack>
  );
}
