import type { TEvent } from '@clubtix/contract';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isMissing, usePublicEventBySlug, usePublicExtras } from '../../public/api';
import { eventNotAvailable } from '../../public/messages';
import { useBuyerRegistration } from '../api';
import { BuyingHeader } from '../components/buying-header';
import { CheckInbox } from '../components/check-inbox';
import { CheckoutFlow } from '../components/checkout-flow';
import { HoldCountdown, HoldExpired, NoHold, useHoldRemaining } from '../components/hold-countdown';
import { readHold, type StoredHold } from '../hold-storage';
import { useSlugParam } from '../../public/slug-param';

/** While a free booking waits for its mailed link, the checkout looks this often whether it was opened. */
const LINK_POLL_MS = 4000;

function CheckoutStep({ event, hold, slug }: { event: TEvent; hold: StoredHold; slug: string }) {
  const { t } = useTranslation(['buying', 'public']);
  const remaining = useHoldRemaining(hold.expiresAt);
  const [emailConfirmation, setEmailConfirmation] = useState(hold.emailConfirmation);
  const registration = useBuyerRegistration(hold, { pollMs: emailConfirmation ? LINK_POLL_MS : undefined });
  const extras = usePublicExtras(event.id);
  const [endedMessage, setEndedMessage] = useState<string | null>(null);
  const status = registration.data?.status;
  const lapsed = (remaining !== null && remaining <= 0) || status === 'expired' || status === 'cancelled';

  let body;
  if (endedMessage !== null || lapsed) {
    const unconfirmed = emailConfirmation ? t('checkoutPage.linkLapsed') : undefined;
    body = <HoldExpired slug={slug} message={endedMessage ?? unconfirmed} />;
  } else if (status === 'confirmed') {
    return <Navigate to={`/${encodeURIComponent(slug)}/success`} replace />;
  } else if (registration.isError) {
    body = isMissing(registration.error) ? (
      <NoHold slug={slug} />
    ) : (
      <QueryError
        error={registration.error}
        onRetry={() => void registration.refetch()}
        what={t('attendeePage.bookingWhat')}
      />
    );
  } else if (extras.isError) {
    body = <QueryError error={extras.error} onRetry={() => void extras.refetch()} what={t('public:extras.what')} />;
  } else if (registration.isPending || extras.isPending) {
    body = <PageLoader label={t('checkoutPage.loading')} />;
  } else if (emailConfirmation) {
    body = <CheckInbox email={registration.data.email} expiresAt={emailConfirmation.expiresAt} />;
  } else if (registration.data.attendees.some((attendee) => !attendee.firstName)) {
    // Names come before payment: the tickets are made out to them.
    return <Navigate to={`/${encodeURIComponent(slug)}/attendee-form`} replace />;
  } else {
    body = (
      <CheckoutFlow
        event={event}
        slug={slug}
        hold={hold}
        extras={extras.data}
        onHoldEnded={setEndedMessage}
        onAwaitingEmail={setEmailConfirmation}
      />
    );
  }
  return (
    <Stack gap="lg" maw={640} mx="auto">
      <BuyingHeader slug={slug} eventTitle={event.title} heading={t('steps.checkout')} step={3}>
        {endedMessage === null && !lapsed ? <HoldCountdown remaining={remaining} /> : null}
      </BuyingHeader>
      {body}
    </Stack>
  );
}

/** /{slug}/checkout: extras, the order priced by the server, and payment (docs/product.md section 15). */
export default function CheckoutPage() {
  const { t } = useTranslation(['buying', 'public']);
  const slug = useSlugParam();
  const event = usePublicEventBySlug(slug);
  const [hold] = useState(() => readHold(slug));
  if (event.isPending) return <PageLoader label={t('public:eventPage.loading')} />;
  if (event.isError) {
    if (isMissing(event.error)) return <NotFoundView message={eventNotAvailable()} />;
    return <QueryError error={event.error} onRetry={() => void event.refetch()} what={t('public:eventPage.what')} />;
  }
  if (!hold || hold.eventId !== event.data.id) {
    return (
      <Stack gap="lg" maw={640} mx="auto">
        <BuyingHeader slug={slug} eventTitle={event.data.title} heading={t('steps.checkout')} step={3} />
        <NoHold slug={slug} />
      </Stack>
    );
  }
  return <CheckoutStep event={event.data} hold={hold} slug={slug} />;
}
