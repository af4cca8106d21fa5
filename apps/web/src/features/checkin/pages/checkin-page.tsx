import { Anchor, Divider, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { NotFoundView } from '../../../components/not-found-view';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useManagedEvent } from '../../event-admin/api';
import { useFormQuestions } from '../../forms/api';
import { AttendeeSearch } from '../components/attendee-search';
import { CameraScanner } from '../components/camera-scanner';
import { CodeField } from '../components/code-field';
import { DoorNotices } from '../components/door-notices';
import { OfflinePanel, OfflineStatus } from '../components/offline-panel';
import { OfflineResultCard } from '../components/offline-result-card';
import { PhotoScanButton } from '../components/photo-scan-button';
import { QueueStatus } from '../components/queue-status';
import { ScanHistory } from '../components/scan-history';
import { ScanResultCard } from '../components/scan-result-card';
import type { DoorEvent } from '../offline/door-store';
import { registerDoorWorker, rememberLastDoor } from '../offline/register-worker';
import { useOfflineDoor, type OfflineDoor } from '../offline/use-offline-door';
import { preloadQrDecoder } from '../qr-decoder';
import { DOOR_SUBJECT, isConnectionFailure } from '../scan-outcome';
import { useDoor, type ScanSource } from '../use-door';

// TanStack Query assumes a connection until the browser fires `offline`: a door opened with no
// network would try the event and its questions three times, then toast. Told now, they wait.
if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false);

// A phone has no keyboard scanner to keep the field ready for, and focusing the field would open
// the on-screen keyboard over the camera; a desk with a USB scanner has a mouse.
const hasFinePointer = () => globalThis.matchMedia?.('(pointer: fine)').matches ?? false;

function Door({ event, offline }: { event: DoorEvent; offline: OfflineDoor }) {
  const { t } = useTranslation('checkin');
  const [autoCheckIn, setAutoCheckIn] = useLocalStorage({
    key: 'clubtix.checkinOnScan',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const door = useDoor(event, autoCheckIn, offline);
  const questions = useFormQuestions(event.id);
  const codeField = useRef<HTMLInputElement>(null);
  const [lastSource, setLastSource] = useState<ScanSource | null>(null);
  useEffect(preloadQrDecoder, []);
  // A new answer scrolled into sight when the page was scrolled past it (a guest picked by search).
  const result = useRef<HTMLDivElement>(null);
  const shownCard = door.card;
  useEffect(() => {
    const box = result.current;
    if (shownCard && box && box.getBoundingClientRect().top < 0) box.scrollIntoView({ block: 'start' });
  }, [shownCard]);

  // A USB scanner types into whatever has the focus: after any action, give it back to the field.
  // A guest found by search at a desk is followed by the next scan too; on a phone it is not.
  const refocus = (source: ScanSource | null) => {
    if (source === 'keyboard' || (source === 'search' && hasFinePointer())) codeField.current?.focus();
  };
  const read = (source: ScanSource, text: string) => {
    setLastSource(source);
    void door.handleCode(text).finally(() => refocus(source));
  };
  const act = (action: () => Promise<void>) => void action().finally(() => refocus(lastSource));

  return (
    <Stack gap="md">
      <DoorNotices offline={offline} timeZone={event.timezone} />
      {offline.prepared ? <OfflineStatus offline={offline} timeZone={event.timezone} /> : null}
      {/* With a list prepared, offline admissions are counted above; this line counts the door actions
          that wait for the server to answer them one by one (both are sent together, offline/send-pending.ts). */}
      {!offline.prepared || offline.queued > 0 ? (
        <QueueStatus count={offline.queued} isSending={offline.isSyncing} onRetry={() => void offline.sync()} />
      ) : null}
      {/* The answer first, above the code field and the camera: on a phone it is read at the top of
          the screen, not below the camera's controls (docs/decisions/0070-the-door-says-cancelled.md). */}
      <div aria-live="polite" aria-atomic ref={result} data-testid="door-result" style={{ scrollMarginTop: 8 }}>
        {door.busy === 'scan' ? (
          // Offline with a list, a scan is hashed and checked on this device (offline/offline-check.ts).
          <PageLoader label={offline.prepared && !offline.online ? t('page.checkingCode') : t('page.reading')} />
        ) : null}
        {door.card?.kind === 'offline' && door.busy !== 'scan' ? (
          <OfflineResultCard
            card={door.card}
            timeZone={event.timezone}
            onAdmit={() => {
              const verdict = door.card?.kind === 'offline' ? door.card.verdict : null;
              if (verdict?.kind === 'valid') act(() => door.admitOffline(verdict));
            }}
            onUndo={() => {
              const card = door.card;
              if (card?.kind === 'offline') act(() => door.undoOffline(card));
            }}
          />
        ) : null}
        {door.card && door.card.kind !== 'offline' && door.busy !== 'scan' ? (
          <ScanResultCard
            card={door.card}
            timeZone={event.timezone}
            questions={questions.data ?? []}
            busy={door.busy}
            onCheckIn={() => {
              const card = door.card;
              if (card?.kind === 'ticket') act(() => door.checkIn(card.attendee, card.registrationAnswers));
            }}
            onRedeem={() => {
              const card = door.card;
              if (card?.kind === 'extras') act(() => door.redeemVoucher(card.purchase, card.payload));
            }}
            onUnredeem={() => {
              const card = door.card;
              if (card?.kind === 'extras') act(() => door.unredeemVoucher(card.purchase, card.payload));
            }}
            onUndo={() => {
              const card = door.card;
              if (card?.kind === 'ticket') act(() => door.undo(card.attendee, card.registrationAnswers));
            }}
            onCheckInLater={() => {
              const card = door.card;
              if (card?.kind === 'unread') door.checkInLater(card);
              refocus(lastSource);
            }}
          />
        ) : null}
      </div>
      <CodeField ref={codeField} onCode={(text) => read('keyboard', text)} autoFocus={hasFinePointer()} />
      <CameraScanner onDetect={(text) => read('camera', text)} paused={door.busy !== null} />
      <SimpleGrid cols={2} spacing="xs">
        <PhotoScanButton
          onCode={(text) => read('photo', text)}
          onNoCode={(message) => {
            setLastSource('photo');
            door.showProblem(DOOR_SUBJECT.photo, message);
          }}
        />
        <Group align="center" h="100%">
          <Switch
            label={t('page.checkInOnScan')}
            size="md"
            checked={autoCheckIn}
            onChange={(change) => setAutoCheckIn(change.currentTarget.checked)}
          />
        </Group>
      </SimpleGrid>
      <OfflinePanel offline={offline} event={event} />
      <Divider />
      <AttendeeSearch
        eventId={event.id}
        timeZone={event.timezone}
        onPick={(attendee) => {
          setLastSource('search');
          door.showAttendee(attendee);
        }}
      />
      <ScanHistory entries={door.history} timeZone={event.timezone} />
    </Stack>
  );
}

/** /event/{eventId}/checkin: the scanner at the door, made for a phone held in one hand. */
export default function CheckinPage() {
  const { t } = useTranslation('checkin');
  const { eventId } = useParams();
  const event = useManagedEvent(eventId);
  const offline = useOfflineDoor(eventId ?? '');
  useEffect(() => {
    registerDoorWorker();
    if (eventId) rememberLastDoor(eventId);
  }, [eventId]);
  if (!eventId) return <NotFoundView status={404} message={t('page.eventNotFound')} />;
  // An answer of the server stands (a 404, a 403 for another user of this device); only a missing
  // connection falls back to the event kept with the list prepared here (docs/product.md section 20).
  if (event.isError && !isConnectionFailure(event.error)) {
    if (isApiError(event.error) && event.error.status === 404)
      return <NotFoundView status={404} message={t('page.eventNotFound')} />;
    return <QueryError error={event.error} onRetry={() => void event.refetch()} what={t('page.what')} />;
  }
  const shown: DoorEvent | null = event.data ?? offline.prepared?.event ?? null;
  if (!shown) {
    if (offline.prepared === undefined) return <PageLoader label={t('page.loading')} />;
    // Offline the event's query waits for the network (TanStack Query pauses it): say why, not "Loading".
    if (!offline.online || event.isError) return <NotFoundView status={503} message={t('page.notPrepared')} />;
    return <PageLoader label={t('page.loading')} />;
  }
  const id = encodeURIComponent(shown.id);
  return (
    <Stack gap="sm" maw={560} mx="auto">
      {/* A short header: on a phone the scanner, not the navigation, should fill the screen. */}
      <Group justify="space-between" align="flex-end" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('page.title')}
          </Title>
          <Text size="sm" c="dimmed" truncate data-testid="event-title">
            {shown.title}
          </Text>
        </div>
        <Group gap="sm">
          <Anchor component={Link} to={`/event/${id}/box-office`} size="sm">
            {t('page.boxOffice')}
          </Anchor>
          <Anchor component={Link} to={`/event/${id}/statistics`} size="sm">
            {t('page.statistics')}
          </Anchor>
        </Group>
      </Group>
      <Door event={shown} offline={offline} />
    </Stack>
  );
}
