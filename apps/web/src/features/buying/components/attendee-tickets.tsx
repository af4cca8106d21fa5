import type { TBuyerRegistration, TEvent } from '@clubtix/contract';
import { Anchor, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { i18n } from '../../../i18n/i18n';
import { buildIcs, calendarLocation, icsDataUrl } from '../calendar-file';
import { qrViewerPath } from '../paths';
import { TicketCode } from './ticket-code';
import { TicketQr } from './ticket-qr';
import { WalletButtons } from './wallet-buttons';

export function attendeeName(attendee: { firstName: string | null; lastName: string | null }): string {
  return [attendee.firstName, attendee.lastName].filter(Boolean).join(' ') || i18n.t('buying:tickets.attendee');
}

/** "Add to calendar": an .ics file made in the browser, downloaded from a data URL. */
export function AddToCalendar({ event }: { event: TEvent }) {
  const { t } = useTranslation('buying');
  const href = useMemo(() => {
    const ics = buildIcs(
      {
        uid: `event-${event.id}@clubtix`,
        title: event.title,
        start: event.startDate,
        end: event.endDate,
        location: calendarLocation(event.venue, event.address),
        url: `${window.location.origin}/${encodeURIComponent(event.slug)}`,
      },
      new Date(),
    );
    return icsDataUrl(ics);
  }, [event]);
  return (
    <Button component="a" href={href} download={`${event.slug}.ics`} variant="outline">
      {t('tickets.addToCalendar')}
    </Button>
  );
}

/** One card per attendee: the QR code, who it is for, which ticket, and a link to the full-size viewer. */
export function AttendeeTickets({ event, registration }: { event: TEvent; registration: TBuyerRegistration }) {
  const { t } = useTranslation('buying');
  return (
    <Stack component="section" aria-labelledby="your-tickets" gap="sm">
      <Title order={2} fz="xl" id="your-tickets">
        {t('checkout.yourTickets')}
      </Title>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {registration.attendees.map((attendee) => {
          const name = attendeeName(attendee);
          return (
            <Card
              component="li"
              key={attendee.attendeeId}
              withBorder
              radius="lg"
              padding="md"
              data-testid="attendee-ticket"
            >
              <Stack gap="xs" align="center" ta="center">
                <TicketQr
                  registrationId={registration.registrationId}
                  attendeeId={attendee.attendeeId}
                  qrUuid={registration.qrUuid}
                  label={t('tickets.qrLabel', { name })}
                  size={220}
                />
                <TicketCode shortCode={attendee.shortCode} />
                <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Title>
                <Text c="gray.7" data-testid="attendee-ticket-type">
                  {attendee.ticketName}
                </Text>
                <Anchor
                  component={Link}
                  to={qrViewerPath({
                    eventId: event.id,
                    registrationId: registration.registrationId,
                    attendeeId: attendee.attendeeId,
                    qrUuid: registration.qrUuid,
                  })}
                  fw={600}
                  c="purple.7"
                  aria-label={t('tickets.openNamed', { name })}
                >
                  {t('tickets.open')}
                </Anchor>
                <WalletButtons registration={registration} attendeeId={attendee.attendeeId} name={name} />
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
