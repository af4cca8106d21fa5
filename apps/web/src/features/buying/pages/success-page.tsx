import type { TEvent, TOrder } from '@clubtix/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isMissing, usePublicEventBySlug } from '../../public/api';
import { EVENT_NOT_AVAILABLE } from '../../public/messages';
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
  const registration = useBuyerRegistration(source);
  const confirmed = registration.data?.status === 'confirmed';
  useEffect(() => {
    // Only once the tickets are really theirs: a hold opened here by mistake is not thrown away.
    if (confirmed) clearHold(event.slug);
  }, [confirmed, event.slug]);

  if (registration.isPending) return <PageLoader label="Loading your tickets" />;
  if (registration.isError) {
    return <QueryError error={registration.error} onRetry={() => void registration.refetch()} what="your tickets" />;
  }
  const data = registration.data;
  if (data.status === 'cancelled') {
    return (
      <Alert color="orange" title="This registration was cancelled" role="alert" data-testid="refund-required">
        The organiser cancelled this registration. If you paid for it, they refund you, and we e-mail you when they
        have.
      </Alert>
    );
  }
  if (source.order?.paymentStatus === 'refund_required' || data.status === 'expired') {
    return (
      <Alert color="orange" title="These tickets could not be kept" role="alert" data-testid="refund-required">
        Your payment arrived after your hold on the tickets had expired, and they were sold in the meantime. The
        organiser can see this and will refund you.
      </Alert>
    );
  }
  if (data.status === 'pending') {
    return (
      <Alert color="blue" title="Your payment is not confirmed yet" data-testid="payment-pending">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">We will e-mail your tickets as soon as it is. You can check again in a moment.</Text>
          <Button size="xs" variant="white" onClick={() => void registration.refetch()}>
            Check again
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
  const slug = useSlugParam();
  const event = usePublicEventBySlug(slug);
  const [source] = useState(() => readSource(slug));
  if (event.isPending) return <PageLoader label="Loading the event" />;
  if (event.isError) {
    if (isMissing(event.error)) return <NotFoundView message={EVENT_NOT_AVAILABLE} />;
    return <QueryError error={event.error} onRetry={() => void event.refetch()} what="this event" />;
  }
  // A tab with no purchase of its own (opened afresh, or on another device) has nothing to thank
  // for: it says so once, as its heading (docs/decisions/0023-buyer-pages.md).
  if (!source) {
    return (
      <Stack gap="lg" maw={720} mx="auto" data-testid="no-purchase">
        <BuyingHeader slug={slug} eventTitle={event.data.title} heading="No purchase to show here" />
        <Text>If you bought tickets, they are in the e-mail we sent you, each with a link to its QR code.</Text>
        <Button
          component={Link}
          to={`/${encodeURIComponent(slug)}`}
          variant="light"
          style={{ alignSelf: 'flex-start' }}
        >
          Back to the event page
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={720} mx="auto">
      <BuyingHeader slug={slug} eventTitle={event.data.title} heading="Thank you!" />
      <Outcome event={event.data} source={source} />
    </Stack>
  );
}
