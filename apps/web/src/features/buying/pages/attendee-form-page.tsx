import type { TEvent } from '@clubtix/contract';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isMissing, usePublicEventBySlug } from '../../public/api';
import { EVENT_NOT_AVAILABLE } from '../../public/messages';
import { useBuyerRegistration, usePublicFormQuestions } from '../api';
import { AttendeeForm } from '../components/attendee-form';
import { BuyingHeader } from '../components/buying-header';
import { HoldCountdown, HoldExpired, NoHold, useHoldRemaining } from '../components/hold-countdown';
import { readHold, updateHold, type StoredHold } from '../hold-storage';
import { useSlugParam } from '../../public/slug-param';

function AttendeeStep({ event, hold, slug }: { event: TEvent; hold: StoredHold; slug: string }) {
  const navigate = useNavigate();
  const remaining = useHoldRemaining(hold.expiresAt);
  const registration = useBuyerRegistration(hold);
  const questions = usePublicFormQuestions(event.id);
  const [endedMessage, setEndedMessage] = useState<string | null>(null);

  const status = registration.data?.status;
  const lapsed = (remaining !== null && remaining <= 0) || status === 'expired' || status === 'cancelled';
  let body;
  if (endedMessage !== null || lapsed) {
    body = <HoldExpired slug={slug} message={endedMessage ?? undefined} />;
  } else if (status === 'confirmed') {
    // Paid already (another tab finished the purchase): the tickets are on the success page.
    return <Navigate to={`/${encodeURIComponent(slug)}/success`} replace />;
  } else if (registration.isError) {
    // The stored secret no longer opens a registration: as good as no hold at all.
    body = isMissing(registration.error) ? (
      <NoHold slug={slug} />
    ) : (
      <QueryError error={registration.error} onRetry={() => void registration.refetch()} what="your booking" />
    );
  } else if (questions.isError) {
    body = <QueryError error={questions.error} onRetry={() => void questions.refetch()} what="the form" />;
  } else if (registration.isPending || questions.isPending) {
    body = <PageLoader label="Loading the form" />;
  } else {
    body = (
      <AttendeeForm
        registration={registration.data}
        questions={questions.data}
        onSaved={() => {
          updateHold(slug, { detailsSaved: true });
          void navigate(`/${encodeURIComponent(slug)}/checkout`);
        }}
        onHoldEnded={setEndedMessage}
      />
    );
  }
  return (
    <Stack gap="lg" maw={640} mx="auto">
      <BuyingHeader slug={slug} eventTitle={event.title} heading="Attendee details" step={2}>
        {endedMessage === null && !lapsed ? <HoldCountdown remaining={remaining} /> : null}
      </BuyingHeader>
      {body}
    </Stack>
  );
}

/** /{slug}/attendee-form: who is coming, and the event's questions (docs/product.md section 15, step 2). */
export default function AttendeeFormPage() {
  const slug = useSlugParam();
  const event = usePublicEventBySlug(slug);
  const [hold] = useState(() => readHold(slug));
  if (event.isPending) return <PageLoader label="Loading the event" />;
  if (event.isError) {
    if (isMissing(event.error)) return <NotFoundView message={EVENT_NOT_AVAILABLE} />;
    return <QueryError error={event.error} onRetry={() => void event.refetch()} what="this event" />;
  }
  if (!hold || hold.eventId !== event.data.id) {
    return (
      <Stack gap="lg" maw={640} mx="auto">
        <BuyingHeader slug={slug} eventTitle={event.data.title} heading="Attendee details" step={2} />
        <NoHold slug={slug} />
      </Stack>
    );
  }
  return <AttendeeStep event={event.data} hold={hold} slug={slug} />;
}
