import type { TEvent } from '@clubtix/contract';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/document-title';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { unknownRouteTarget } from '../../../session/guards';
import { useSession } from '../../../session/session';
import { isMissing, usePublicEventBySlug, usePublicSponsors } from '../api';
import { PublicSponsors } from '../components/public-sponsors';
import { placesLeftText } from '../places-left';
import { ClubOrganiser } from '../components/club-organiser';
import { EventFacts } from '../components/event-facts';
import { ExtrasSection } from '../components/extras-section';
import { LostTicketsForm } from '../components/lost-tickets-form';
import { EventHero } from '../components/event-hero';
import { PlainText } from '../components/plain-text';
import { ReturnedPayment } from '../components/returned-payment';
import { SponsorshipSection } from '../components/sponsorship-section';
import { TicketPanel } from '../components/ticket-panel';
import { sponsorshipPath } from '../support-paths';
import classes from './event-page.module.css';
import { useSlugParam } from '../slug-param';
import { removeFirstPaint } from '../../../first-paint';

function EventDetails({ event }: { event: TEvent }) {
  const { t } = useTranslation('public');
  // Back from paying for an extra by a method that left the page (Stripe's 3-D Secure by redirect).
  const [searchParams] = useSearchParams();
  const returnedIntent = searchParams.get('payment_intent');
  const sponsors = usePublicSponsors(event.id);
  // The page is here: the server's first paint of it goes, in the same frame (docs/decisions/0053-first-paint.md).
  useLayoutEffect(removeFirstPaint, []);
  const placesOf = (packageId: string) =>
    sponsors.data?.packages.find((item) => item.packageId === packageId)?.placesLeft ?? null;
  return (
    <Stack gap="lg">
      <EventHero event={event} />
      {returnedIntent ? (
        <ReturnedPayment
          event={event}
          paymentIntentId={returnedIntent}
          failed={searchParams.get('redirect_status') === 'failed'}
          kind="extras"
        />
      ) : null}
      <div className={classes.layout}>
        <div className={classes.facts}>
          <EventFacts event={event} />
        </div>
        <Stack className={classes.tickets} gap="lg">
          <TicketPanel event={event} />
          <LostTicketsForm eventId={event.id} />
        </Stack>
        <Stack className={classes.about} gap="xl">
          {event.description ? (
            <Stack component="section" aria-labelledby="event-about" gap="sm">
              <Title order={2} fz={{ base: 'xl', sm: 24 }} id="event-about">
                {t('eventPage.about')}
              </Title>
              <PlainText data-testid="event-description">{event.description}</PlainText>
            </Stack>
          ) : null}
          <ExtrasSection event={event} />
          {event.sponsorshipsEnabled ? (
            <SponsorshipSection
              event={event}
              columns={2}
              intro={<Text c="gray.7">{t('eventPage.sponsorIntro')}</Text>}
              packageAction={(item) =>
                placesOf(item.id) === 0 ? (
                  <Text fw={600} c="gray.7" mt="xs">
                    {t('offer.soldOut')}
                  </Text>
                ) : (
                  <>
                    {placesOf(item.id) !== null ? (
                      <Text size="sm" fw={600} c="purple.8">
                        {placesLeftText(placesOf(item.id))}
                      </Text>
                    ) : null}
                    <Button
                      component={Link}
                      to={sponsorshipPath(event.id, item.id)}
                      variant="light"
                      mt="xs"
                      style={{ alignSelf: 'flex-start' }}
                    >
                      {t('eventPage.sponsorWith', { name: item.name })}
                    </Button>
                  </>
                )
              }
              footer={
                <Button
                  component={Link}
                  to={sponsorshipPath(event.id)}
                  variant="outline"
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('eventPage.sponsorEvent')}
                </Button>
              }
            />
          ) : null}
          <PublicSponsors eventId={event.id} />
          <ClubOrganiser clubId={event.clubId} />
        </Stack>
      </div>
    </Stack>
  );
}

/** /{slug}: the public page of a published event (docs/product.md section 2, "Event Registration"). */
export default function EventPage() {
  const { t } = useTranslation('public');
  const slug = useSlugParam();
  const event = usePublicEventBySlug(slug);
  const session = useSession();
  usePageTitle(event.data?.title);
  if (event.isPending) return <PageLoader label={t('eventPage.loading')} />;
  if (event.isError) {
    // A one-segment path with no event is an unknown path, mistyped as often as not (docs/product.md
    // section 2): a signed-in person goes to their home, a visitor to not-found with 404.
    if (isMissing(event.error)) return <Navigate replace to={unknownRouteTarget(session)} />;
    return <QueryError error={event.error} onRetry={() => void event.refetch()} what={t('eventPage.what')} />;
  }
  return <EventDetails event={event.data} />;
}
