import type { TEvent } from '@clubtix/contract';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isMissing, usePublicEventBySlug } from '../../public/api';
import { eventNotAvailable } from '../../public/messages';
import { useBuyerRegistration, usePublicFormQuestions } from '../api';
import { AttendeeForm } from '../components/attendee-form';
import { BuyingHeader } from '../components/buying-header';
import { HoldCountdown, HoldExpired, NoHold, useHoldRemaining } from '../components/hold-countdown';
import { readHold, updateHold, type StoredHold } from '../hold-storage';
import { useSlugParam } from '../../public/slug-param';

function AttendeeStep({ event, hold, slug }: { event: TEvent; hold: StoredHold; slug: string }) {
  const { t } = useTranslation(['buying', 'public']);
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
      <QueryError
        error={registration.error}
        onRetry={() => void registration.refetch()}
        what={t('attendeePage.bookingWhat')}
      />
    );
  } else if (questions.isError) {
    body = (
      <QueryError error={questions.error} onRetry={() => void questions.refetch()} what={t('attendeePage.formWhat')} />
    );
  } else if (registration.isPending || questions.isPending) {
    body = <PageLoader label={t('attendeePage.loading')} />;
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
      <BuyingHeader slug={slug} eventTitle={event.title} heading={t('attendeePage.heading')} step={2}>
        {endedMessage === null && !lapsed ? <HoldCountdown remaining={remaining} /> : null}
      </BuyingHeader>
      {body}
    </Stack>
  );
}

/** /{slug}/attendee-form: who is coming, and the event's questions (docs/product.md section 15, step 2). */
export default function AttendeeFormPage() {
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
        <BuyingHeader slug={slug} eventTitle={event.data.title} heading={t('attendeePage.heading')} step={2} />
        <NoHold slug={slug} />
      </Stack>
    );
  }
  return <AttendeeStep event={event.data} hold={hold} slug={slug} />;
}
