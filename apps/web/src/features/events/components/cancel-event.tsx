import type { TEvent, TEventCancellation } from '@clubtix/contract';
import { Alert, Button, Checkbox, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useCancelEvent, useCancellation } from '../api';
import { cancellationProgress } from '../cancellation-progress';

/** The refunds of a cancellation as they go on: a bar and counts, polled until finished. */
export function CancellationProgressView({ cancellation }: { cancellation: TEventCancellation }) {
  const progress = cancellationProgress(cancellation);
  return (
    <Stack gap={6} data-testid="cancellation-progress">
      <Progress
        value={progress.percent}
        aria-label="Refunds done"
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
  const cancellation = useCancellation(event.id, event.status === 'cancelled');
  if (event.status !== 'cancelled' || !cancellation.data) return null;
  return (
    <Alert color="gray" title="This event is cancelled" mb="md" maw={820}>
      <CancellationProgressView cancellation={cancellation.data} />
    </Alert>
  );
}

function CancelEventDialog({ event, opened, onClose }: { event: TEvent; opened: boolean; onClose: () => void }) {
  const cancel = useCancelEvent();
  const [refundAll, setRefundAll] = useState(true);
  const started = cancel.isSuccess;
  const cancellation = useCancellation(event.id, started);
  const current = cancellation.data ?? cancel.data?.payload ?? null;
  return (
    <Modal opened={opened} onClose={onClose} title={started ? 'Event cancelled' : 'Cancel event?'} size="lg">
      {current ? (
        <Stack gap="md">
          <CancellationProgressView cancellation={current} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">
            “{event.title}” will be cancelled: its sales stop at once and its public page says so. This cannot be
            undone.
          </Text>
          <Checkbox
            label="Refund everyone"
            description="Every paid order is refunded in full through the payment provider, its tickets stop working, and each buyer is mailed."
            checked={refundAll}
            onChange={(changed) => setRefundAll(changed.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              Keep event
            </Button>
            <Button
              color="red.9"
              loading={cancel.isPending}
              onClick={() => cancel.mutate({ eventId: event.id, refundAll })}
            >
              {refundAll ? 'Cancel event and refund everyone' : 'Cancel event'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** "Cancel event" in the event's actions, with its dialog; hidden once the event is cancelled. */
export function CancelEventButton({ event }: { event: TEvent }) {
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
        Cancel event
      </Button>
      <CancelEventDialog key={opening} event={event} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
