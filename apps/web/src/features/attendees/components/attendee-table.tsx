import { formatMoney, type TAttendeeListItem, type TEvent, type TFormQuestion } from '@clubtix/contract';
import { Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/zoned-time';
import { attendeeName } from '../../checkin/scan-outcome';
import { answerSummary } from '../attendee-list';
import { AttendeeActions } from './attendee-actions';
import { CheckinState } from './checkin-state';

interface ListProps {
  event: Pick<TEvent, 'id' | 'timezone' | 'currency'>;
  attendees: TAttendeeListItem[];
  /** The event's form, for each attendee's answers. */
  questions: readonly TFormQuestion[];
}

const wrap = { overflowWrap: 'anywhere' } as const;
/**
 * An e-mail in a table cell wraps only where it has no room, and then at its `@` and dots (the
 * <wbr>s of EmailText): `anywhere` would let the table squeeze the column and break it mid-word.
 */
const cellWrap = { overflowWrap: 'break-word' } as const;

/** An e-mail address cut where it may wrap: after its `@` and before each dot. */
export function emailParts(email: string): string[] {
  return email.split(/(?=\.)|(?<=@)/);
}

/** An e-mail address with break opportunities after its `@` and before its dots. */
function EmailText({ email }: { email: string }) {
  return (
    <>
      {emailParts(email).map((part, index) => (
        // The parts of one address never change order: the index is a stable key.
        <span key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </span>
      ))}
    </>
  );
}

/** The registration an attendee belongs to, short: rows of one purchase share it. */
function RegistrationRef({ registrationId }: { registrationId: string }) {
  const { t } = useTranslation('attendees');
  return (
    <Text size="xs" c="dimmed" ff="monospace" title={registrationId}>
      {t('table.reg', { id: registrationId.slice(0, 8) })}
    </Text>
  );
}

/**
 * What the attendee's order paid in all ("Order paid £37.50"), or that it was not bought (imported,
 * free). Every attendee of the order shows the same total: it says so, or adding rows would count it
 * once per attendee (docs/decisions/0024, "The attendee list").
 */
export function paidLabel(paidAmount: number | null, currency: TEvent['currency'], refundedAmount = 0): string {
  // Rendered by components that load the `attendees` catalogue.
  if (paidAmount === null) return i18n.t('attendees:table.nothingPaid');
  const language = currentLanguage();
  const paid = i18n.t('attendees:table.orderPaid', { amount: formatMoney(paidAmount, currency, language) });
  // docs/product.md section 19: a refund shows where the payment does.
  if (refundedAmount <= 0) return paid;
  return refundedAmount >= paidAmount
    ? `${paid} · ${i18n.t('attendees:table.refunded')}`
    : `${paid} · ${i18n.t('attendees:table.amountRefunded', { amount: formatMoney(refundedAmount, currency, language) })}`;
}

function PaidAmount({ attendee, currency }: { attendee: TAttendeeListItem; currency: TEvent['currency'] }) {
  useTranslation('attendees'); // re-renders paidLabel on a language change
  return (
    <Text size="xs" c="dimmed">
      {paidLabel(attendee.paidAmount, currency, attendee.refundedAmount)}
    </Text>
  );
}

function Answers({ attendee, questions }: { attendee: TAttendeeListItem; questions: readonly TFormQuestion[] }) {
  const summary = answerSummary(questions, attendee.answers);
  return summary ? (
    <Text size="xs" c="dimmed" fw={400} style={wrap} data-testid="attendee-answers">
      {summary}
    </Text>
  ) : null;
}

/** Desktop: one row per attendee. */
export function AttendeeTable({ event, attendees, questions }: ListProps) {
  const { t } = useTranslation('attendees');
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" striped highlightOnHover aria-label={t('title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.name')}</Table.Th>
            <Table.Th>{t('table.email')}</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('table.ticketType')}</Table.Th>
            <Table.Th>{t('table.buyer')}</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('table.registeredOn')}</Table.Th>
            {/* Wide enough for the whole "Checked-in" badge, which would otherwise be cut short. */}
            <Table.Th miw={130}>{t('table.checkin')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attendees.map((attendee) => (
            <Table.Tr key={attendee.attendeeId} data-testid="attendee">
              <Table.Td fw={600} style={wrap}>
                {attendeeName(attendee)}
                <Answers attendee={attendee} questions={questions} />
              </Table.Td>
              <Table.Td style={cellWrap}>{attendee.email ? <EmailText email={attendee.email} /> : '—'}</Table.Td>
              <Table.Td>{attendee.ticketName}</Table.Td>
              <Table.Td style={cellWrap}>
                {attendee.buyerEmail ? <EmailText email={attendee.buyerEmail} /> : t('table.atTheDoor')}
                <RegistrationRef registrationId={attendee.registrationId} />
                <PaidAmount attendee={attendee} currency={event.currency} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(attendee.registeredAt, event.timezone)}
              </Table.Td>
              <Table.Td>
                <CheckinState attendee={attendee} timeZone={event.timezone} />
              </Table.Td>
              <Table.Td>
                <AttendeeActions eventId={event.id} currency={event.currency} attendee={attendee} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phone: one card per attendee, the same facts labelled, the actions along the bottom. */
export function AttendeeCards({ event, attendees, questions }: ListProps) {
  const { t } = useTranslation('attendees');
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('title')}>
      {attendees.map((attendee) => (
        <Card component="li" key={attendee.attendeeId} withBorder radius="md" padding="sm" data-testid="attendee">
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={700} style={wrap}>
                  {attendeeName(attendee)}
                </Text>
                <Text size="sm" c="dimmed" style={wrap}>
                  {attendee.email ? <EmailText email={attendee.email} /> : t('table.noEmail')}
                </Text>
                <Answers attendee={attendee} questions={questions} />
              </div>
              <CheckinState attendee={attendee} timeZone={event.timezone} />
            </Group>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                {t('table.ticketTypeColon')}{' '}
              </Text>
              {attendee.ticketName}
            </Text>
            <Text size="sm" style={wrap}>
              <Text span c="dimmed" size="sm">
                {t('table.buyerColon')}{' '}
              </Text>
              {/* A box-office sale without an e-mail has no buyer to name: it was sold at the door. */}
              {attendee.buyerEmail ? <EmailText email={attendee.buyerEmail} /> : t('table.atTheDoor')}
            </Text>
            <PaidAmount attendee={attendee} currency={event.currency} />
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                <Text span c="dimmed" size="sm">
                  {t('table.registeredOn')}{' '}
                </Text>
                {formatDateTime(attendee.registeredAt, event.timezone)}
              </Text>
              <RegistrationRef registrationId={attendee.registrationId} />
            </Group>
            <AttendeeActions eventId={event.id} currency={event.currency} attendee={attendee} fullWidth />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
