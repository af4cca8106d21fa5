import { doorEmailOf, type TFormQuestion } from '@clubtix/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { answerLines, attendeeName, DOOR_TEXT, formatDoorTime, type DoorTone } from '../scan-outcome';
import type { DoorCard } from '../door-card';
import type { DoorBusy } from '../door-state';
import { voucherState } from '../voucher-outcome';
import { VoucherDetails } from './voucher-card';

interface ScanResultCardProps {
  card: DoorCard;
  timeZone: string;
  questions: readonly TFormQuestion[];
  busy: DoorBusy;
  onCheckIn: () => void;
  /** Redeems the extras voucher on the card (shown ready when "Check in on scan" is off). */
  onRedeem: () => void;
  /** Undoes the redemption of the voucher on the card, once staff confirmed it. */
  onUnredeem: () => void;
  onUndo: () => void;
  /** Keeps a ticket scanned offline, to be checked in once the server can be reached. */
  onCheckInLater: () => void;
}

/** The coloured frame: a state anyone at the door reads from a metre away. */
function Frame({ tone, state, children }: { tone: DoorTone; state: string; children?: ReactNode }) {
  return (
    <Paper
      data-testid="scan-result"
      data-tone={tone}
      radius="lg"
      p="md"
      bg={`${tone}.0`}
      style={{ border: `4px solid var(--mantine-color-${tone}-6)` }}
    >
      <Stack gap="sm">
        {/* Shade 9 keeps the big state text readable on the pale background (contrast above 7:1). */}
        <Title order={2} fz={{ base: 28, sm: 34 }} lh={1.15} c={`${tone}.9`} data-testid="scan-state">
          {state}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function ScanResultCard({
  card,
  timeZone,
  questions,
  busy,
  onCheckIn,
  onRedeem,
  onUnredeem,
  onUndo,
  onCheckInLater,
}: ScanResultCardProps) {
  const { t } = useTranslation('checkin');
  switch (card.kind) {
    case 'problem':
      return (
        <Frame tone={card.problem.tone} state={card.problem.title}>
          {card.problem.detail && card.problem.detail !== card.problem.title ? (
            <Text size="lg">{card.problem.detail}</Text>
          ) : null}
        </Frame>
      );
    case 'queued':
      return (
        <Frame tone="orange" state={card.title}>
          <Text size="md">{t('card.queued')}</Text>
        </Frame>
      );
    case 'unread':
      return (
        <Frame tone="red" state={DOOR_TEXT.notRead}>
          <Text size="md">{t('card.unread')}</Text>
          <Button size="xl" color="green.8" onClick={onCheckInLater}>
            {t('card.checkInLater')}
          </Button>
        </Frame>
      );
    case 'sent':
      return (
        <Frame tone={card.outcome.tone} state={card.outcome.result}>
          <Text fz={24} fw={700} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
            {card.outcome.who}
          </Text>
          <Text size="sm">{t('card.sent')}</Text>
        </Frame>
      );
    case 'extras': {
      const { state, tone } = voucherState(card.status, card.purchase.redeemedAt, timeZone);
      return (
        <Frame tone={tone} state={state}>
          <VoucherDetails
            purchase={card.purchase}
            status={card.status}
            notice={card.notice ?? null}
            timeZone={timeZone}
            busy={busy}
            onRedeem={onRedeem}
            onUnredeem={onUnredeem}
          />
        </Frame>
      );
    }
    case 'ticket': {
      const { attendee, status } = card;
      const tone: DoorTone = status === 'checkedIn' ? 'orange' : 'green';
      const state =
        status === 'ready'
          ? DOOR_TEXT.ready
          : status === 'justCheckedIn'
            ? DOOR_TEXT.checkedIn
            : DOOR_TEXT.alreadyCheckedIn(attendee.checkinTime ? formatDoorTime(attendee.checkinTime, timeZone) : '');
      const lines = answerLines(questions, card.registrationAnswers, attendee.answers);
      // Only an admin's view carries the e-mail (docs/decisions/0061-staff-scope.md).
      const email = doorEmailOf(attendee);
      return (
        <Frame tone={tone} state={state}>
          {card.notice ? (
            <Text fw={700} role="status">
              {card.notice}
            </Text>
          ) : null}
          <div>
            <Text fz={26} fw={700} lh={1.2} style={{ overflowWrap: 'anywhere' }} data-testid="attendee-name">
              {attendeeName(attendee)}
            </Text>
            <Text fz="lg" data-testid="ticket-name">
              {attendee.ticketName}
            </Text>
            {email ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {email}
              </Text>
            ) : null}
          </div>
          {lines.length > 0 ? (
            <Stack component="dl" gap={2} m={0} aria-label={t('card.answers')}>
              {lines.map((line, index) => (
                <Text key={index} size="sm" component="div">
                  <Text span size="sm" c="dimmed" component="dt" display="inline">
                    {line.question}:{' '}
                  </Text>
                  <Text span size="sm" component="dd" display="inline" m={0}>
                    {line.answer}
                  </Text>
                </Text>
              ))}
            </Stack>
          ) : null}
          <Group gap="sm" grow>
            {status === 'ready' ? (
              <Button
                size="xl"
                color="green.8"
                onClick={onCheckIn}
                loading={busy === 'checkin'}
                disabled={busy !== null}
              >
                {t('card.checkIn')}
              </Button>
            ) : (
              <Button
                size="lg"
                variant="white"
                color="red.9"
                onClick={onUndo}
                loading={busy === 'undo'}
                disabled={busy !== null}
              >
                {t('card.undo')}
              </Button>
            )}
          </Group>
        </Frame>
      );
    }
  }
}
