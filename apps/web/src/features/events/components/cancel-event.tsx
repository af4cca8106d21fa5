import type { TEvent, TEventCancellation } from '@clubtix/contract';
import { Alert, Button, Checkbox, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelEvent, useCancellation } from '../api';
import { cancellationProgress } from '../cancellation-progress';

/** The refunds of a cancellation as they go on: a bar and counts, polled until finished. */
export function CancellationProgressView({ cancellation }: { cancellation: TEventCancellation }) {
  const { t } = useTranslation('events');
  const progress = cancellationProgress(cancellation);
  return (
    <Stack gap={6} data-testid="cancellation-progress">
      <Progress
        value={progress.percent}
        aria-label={t('cancel.refundsDone')}
        color={cancellation.ordersFailed > 0 ? 'orange.9' : 'blue'}
        animated={!cancellation.finished}
      />
      <Text size="sm" aria-live="polite" data-testid="cancellation-counts">
        {progress.text}
      </Text>
      <Text size="sm" c="dimmed" data-testid="cancellation-status">
        {progress.status}
      </Text>
    </Stack>
  );
}

/** An event already cancelled: how its refunds went, or go on. Nothing for one cancelled by its status alone. */
export function CancellationPanel({ event }: { event: Pick<TEvent, 'id' | 'status'> }) {
  const { t } = useTranslation('events');
  const cancellation = useCancellation(event.id, event.status === 'cancelled');
  if (event.status !== 'cancelled' || !cancellation.data) return null;
  return (
    <Alert color="gray" title={t('cancel.isCancelled')} mb="md" maw={820}>
      <CancellationProgressView cancellation={cancellation.data} />
    </Alert>
  );
}

function CancelEventDialog({ event, opened, onClose }: { event: TEvent; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('events');
  const cancel = useCancelEvent();
  const [refundAll, setRefundAll] = useState(true);
  const started = cancel.isSuccess;
  const cancellation = useCancellation(event.id, started);
  const current = cancellation.data ?? cancel.data?.payload ?? null;
  return (
    <Modal opened={opened} onClose={onClose} title={started ? t('cancel.done') : t('cancel.ask')} size="lg">
      {current ? (
        <Stack gap="md">
          <CancellationProgressView cancellation={current} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('cancel.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('cancel.explain', { title: event.title })}</Text>
          <Checkbox
            label={t('cancel.refundAll')}
            description={t('cancel.refundAllHint')}
            checked={refundAll}
            onChange={(changed) => setRefundAll(changed.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('cancel.keep')}
            </Button>
            <Button
              color="red.9"
              loading={cancel.isPending}
              onClick={() => cancel.mutate({ eventId: event.id, refundAll })}
            >
              {refundAll ? t('cancel.confirmRefund') : t('cancel.button')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** "Cancel event" in the event's actions, with its dialog; hidden once the event is cancelled. */
export function CancelEventButton({ event }: { event: TEvent }) {
  const { t } = useTranslation('events');
  const [opened, setOpened] = useState(false);
  // The dialog is remade at each opening, so a finished cancellation is not shown to a new one.
  const [opening, setOpening] = useState(0);
  if (event.status === 'cancelled' && !opened) return null;
  return (
    <>
      <Button
        variant="outline"
        color="red.9"
        onClick={() => {
          setOpening((count) => count + 1);
          setOpened(true);
        }}
      >
        {t('cancel.button')}
      </Button>
      <CancelEventDialog key={opening} event={event} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
