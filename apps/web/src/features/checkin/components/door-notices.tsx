import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { deviceLabel, type DoorNotice } from '../offline/door-sync';
import type { OfflineDoor } from '../offline/use-offline-door';
import { formatDoorTime } from '../scan-outcome';

/** One duplicate or refusal, as staff read it: who, when here, and who was first (docs/product.md section 20). */
function NoticeText({ notice, deviceId, timeZone }: { notice: DoorNotice; deviceId: string; timeZone: string }) {
  const time = (iso: string) => formatDoorTime(iso, timeZone);
  if (notice.kind === 'rejected') {
    return (
      <Text size="sm">
        Admitted here at {time(notice.admittedHereAt)}, refused by the server: {notice.reason ?? 'no reason given'}.
      </Text>
    );
  }
  const first = notice.first;
  const firstHere = first !== null && first.deviceId === deviceId;
  const other = notice.other;
  return (
    <Stack gap={0}>
      <Text size="sm">Admitted here at {time(notice.admittedHereAt)}.</Text>
      {first && !firstHere ? (
        <Text size="sm" fw={600} data-testid="duplicate-first">
          First admitted at {time(first.at)} by {deviceLabel(first, deviceId)}.
        </Text>
      ) : null}
      {firstHere && other ? (
        <Text size="sm" fw={600} data-testid="duplicate-first">
          This device was first; also admitted at {time(other.at)} by {deviceLabel(other, deviceId)}.
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * What the sync brought back, shown until acknowledged: every ticket admitted twice and every
 * admission the server refused. A banner stays over the scanner; the list opens in a dialog.
 */
export function DoorNotices({ offline, timeZone }: { offline: OfflineDoor; timeZone: string }) {
  const [open, setOpen] = useState(false);
  const { notices } = offline;
  if (notices.length === 0) return null;
  const duplicates = notices.filter((notice) => notice.kind === 'duplicate').length;
  const refused = notices.length - duplicates;
  const summary = [
    duplicates > 0 ? `${duplicates} ${duplicates === 1 ? 'ticket was' : 'tickets were'} admitted twice` : null,
    refused > 0 ? `${refused} ${refused === 1 ? 'admission was' : 'admissions were'} refused` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <Alert color="red" variant="light" p="sm" data-testid="door-notices" role="alert">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={700}>
            {summary}
          </Text>
          <Button size="compact-sm" color="red.9" onClick={() => setOpen(true)}>
            Review
          </Button>
        </Group>
      </Alert>
      <Modal opened={open} onClose={() => setOpen(false)} title="After the sync" size="lg">
        <Stack gap="sm">
          {notices.map((notice) => (
            <Alert
              key={notice.id}
              color={notice.kind === 'duplicate' ? 'orange' : 'red'}
              variant="light"
              p="sm"
              data-testid="door-notice"
            >
              <Stack gap={4}>
                <Text fw={700}>
                  {notice.kind === 'duplicate' ? 'Admitted twice: ' : 'Refused: '}
                  {notice.name} ({notice.ticketName})
                </Text>
                <NoticeText notice={notice} deviceId={offline.device.deviceId} timeZone={timeZone} />
                <Group justify="flex-end">
                  <Button size="compact-sm" variant="default" onClick={() => void offline.acknowledge([notice.id])}>
                    Acknowledge
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ))}
          <Group justify="flex-end">
            <Button
              onClick={() => {
                void offline.acknowledge(notices.map((notice) => notice.id)).then(() => setOpen(false));
              }}
            >
              Acknowledge all
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
