import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { PageLoader } from '../../../components/page-loader';
import { isMissing, usePublicEvent, usePublicEventBySlug } from '../../public/api';
import { useConfirmFreeOrder } from '../api';
import { BuyingHeader } from '../components/buying-header';
import { ConfirmedBooking } from '../components/confirmed-booking';
import { clearHold } from '../hold-storage';
import { useSlugParam } from '../../public/slug-param';

function Problem({
  slug,
  title,
  message,
  retry,
}: {
  slug: string;
  title: string;
  message: string;
  retry?: () => void;
}) {
  const { t } = useTranslation(['buying', 'public']);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} role="alert" data-testid="confirm-problem">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="xl">
          {title}
        </Title>
        <Text>{message}</Text>
        {retry ? (
          <Button onClick={retry}>{t('public:returned.again')}</Button>
        ) : (
          <Button component={Link} to={`/${encodeURIComponent(slug)}`} variant="light">
            {t('public:backToEvent')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /{slug}/confirm?registration=…&token=…: the link mailed for a free booking of an event with
 * confirmFreeByEmail. Opening it confirms the booking (once; opening it again shows the same
 * tickets) and shows the tickets, on whatever device holds the mailbox. After the hold lapsed the
 * server answers 409 and this page says so.
 */
export default function ConfirmBookingPage() {
  const { t } = useTranslation(['buying', 'public']);
  const slug = useSlugParam();
  const [params] = useSearchParams();
  const [link] = useState(() => ({
    registrationId: params.get('registration')?.trim() ?? '',
    token: params.get('token')?.trim() ?? '',
  }));
  const isComplete = link.registrationId !== '' && link.token !== '';
  const confirm = useConfirmFreeOrder();
  const { mutate } = confirm;
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !isComplete) return;
    started.current = true;
    mutate(link);
  }, [isComplete, link, mutate]);

  const bySlug = usePublicEventBySlug(slug);
  // The organiser may have renamed the event's address since the mail was sent: its id still finds it.
  const byId = usePublicEvent(bySlug.isError && confirm.data ? confirm.data.eventId : '');
  const event = bySlug.data ?? byId.data;
  const confirmed = confirm.data?.status === 'confirmed';
  useEffect(() => {
    // A hold this tab made for the same event is now a confirmed booking.
    if (confirmed) clearHold(slug);
  }, [confirmed, slug]);

  let body;
  if (!isComplete) {
    body = <Problem slug={slug} title={t('confirm.incompleteTitle')} message={t('confirm.incomplete')} />;
  } else if (confirm.isError) {
    const { error } = confirm;
    if (isApiError(error) && error.status === 409) {
      body = <Problem slug={slug} title={t('confirm.notConfirmed')} message={error.msg} />;
    } else if (isMissing(error)) {
      body = <Problem slug={slug} title={t('confirm.invalid')} message={isApiError(error) ? error.msg : ''} />;
    } else {
      body = (
        <Problem
          slug={slug}
          title={t('confirm.failed')}
          message={isApiError(error) ? error.msg : t('checkout.genericError')}
          retry={() => mutate(link)}
        />
      );
    }
  } else if (confirm.data && event) {
    body = <ConfirmedBooking event={event} registration={confirm.data} order={null} />;
  } else {
    body = <PageLoader label={t('confirm.confirming')} />;
  }
  return (
    <Stack gap="lg" maw={720} mx="auto">
      <BuyingHeader slug={slug} eventTitle={event?.title ?? t('confirm.backToEvent')} heading={t('confirm.heading')} />
      {body}
    </Stack>
  );
}
