import type { TAttendee, TBuyerRegistration, TEvent, TRegistration } from '@clubtix/contract';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatEventDateTime, formatEventRange } from '../../public/event-dates';
import { isMissing, usePublicEvent } from '../../public/api';
import { useBuyerRegistration } from '../api';
import { attendeeName } from '../components/attendee-tickets';
import { TicketCode } from '../components/ticket-code';
import { TicketQr } from '../components/ticket-qr';
import { TicketsPdfLink } from '../components/tickets-pdf-link';
import { WalletButtons } from '../components/wallet-buttons';
import classes from './qr-viewer-page.module.css';

/** Why a ticket cannot be shown as valid, by its registration's status (catalogue keys under viewer.*). */
const NOT_VALID = {
  confirmed: null,
  pending: 'viewer.pending',
  expired: 'viewer.expired',
  cancelled: 'viewer.cancelled',
} as const satisfies Record<TRegistration['status'], string | null>;

function Ticket({
  event,
  registration,
  attendee,
}: {
  event: TEvent | null;
  registration: TBuyerRegistration;
  attendee: TAttendee;
}) {
  const { t } = useTranslation('buying');
  const name = attendeeName(attendee);
  const notValidKey = NOT_VALID[registration.status];
  const notValid = notValidKey === null ? null : t(notValidKey);
  const valid = notValid === null;
  const zone = event?.timezone ?? 'UTC';
  return (
    <Stack gap="md" maw={520} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.ticket} data-testid="qr-ticket">
        <Stack gap="sm" align="center" ta="center">
          {event ? (
            <Stack gap={2}>
              <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }} data-testid="qr-event-title">
                {event.title}
              </Text>
              <Text size="sm" data-testid="qr-event-dates">
                {formatEventRange(event.startDate, event.endDate, event.timezone)}
              </Text>
              {event.venue ? (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="qr-event-venue">
                  {event.venue}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          {valid ? (
            <>
              <div className={classes.qr} style={{ width: 'min(100%, 340px)' }}>
                <TicketQr
                  registrationId={registration.registrationId}
                  attendeeId={attendee.attendeeId}
                  qrUuid={registration.qrUuid}
                  label={t('tickets.qrLabel', { name })}
                  size={340}
                />
              </div>
              <TicketCode shortCode={attendee.shortCode} size="xl" />
            </>
          ) : (
            <Text c="orange.9" fw={600} role="alert" data-testid="ticket-not-valid">
              {notValid}
            </Text>
          )}
          <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Text fw={600} data-testid="qr-ticket-type">
            {attendee.ticketName}
          </Text>
          {attendee.checkinTime ? (
            <Badge color="green.9" variant="filled" size="lg" tt="none" data-testid="checked-in">
              {t('viewer.checkedIn', { when: formatEventDateTime(attendee.checkinTime, zone) })}
            </Badge>
          ) : null}
        </Stack>
      </Paper>
      {valid ? (
        <Group justify="center" className={classes.noPrint}>
          <Button variant="outline" onClick={() => window.print()}>
            {t('viewer.print')}
          </Button>
          <TicketsPdfLink registrationId={registration.registrationId} qrUuid={registration.qrUuid} />
        </Group>
      ) : null}
      {valid ? (
        <div className={classes.noPrint}>
          <WalletButtons registration={registration} attendeeId={attendee.attendeeId} name={name} />
        </div>
      ) : null}
    </Stack>
  );
}

/**
 * /event/{eventId}/qr/{registrationId}/{attendeeId}/{qrUuid}: one attendee's ticket, big enough to
 * scan from a phone, and printable. Shown only when all four ids belong together
 * (docs/product.md section 16); anything else is the not-found view, which reveals nothing.
 */
export default function QrViewerPage() {
  const { t } = useTranslation('buying');
  const { eventId = '', registrationId = '', attendeeId = '', qrUuid = '' } = useParams();
  const registration = useBuyerRegistration({ registrationId, qrUuid });
  // The event may have been unpublished since: the ticket still shows, without its details.
  const event = usePublicEvent(eventId);
  if (registration.isPending || event.isPending) return <PageLoader label={t('viewer.loading')} />;
  if (registration.isError) {
    if (isMissing(registration.error)) return <NotFoundView message={t('viewer.notFound')} />;
    return (
      <QueryError error={registration.error} onRetry={() => void registration.refetch()} what={t('viewer.what')} />
    );
  }
  const data = registration.data;
  const attendee = data.attendees.find((item) => item.attendeeId === attendeeId);
  const matches =
    data.eventId === eventId && data.registrationId === registrationId && data.qrUuid === qrUuid && attendee;
  if (!matches) return <NotFoundView message={t('viewer.notFound')} />;
  return <Ticket event={event.isError ? null : event.data} registration={data} attendee={attendee} />;
}
