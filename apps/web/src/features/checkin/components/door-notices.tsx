import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceLabel, type DoorNotice } from '../offline/door-sync';
import type { OfflineDoor } from '../offline/use-offline-door';
import { formatDoorTime } from '../scan-outcome';

/** One duplicate or refusal, as staff read it: who, when here, and who was first (docs/product.md section 20). */
function NoticeText({ notice, deviceId, timeZone }: { notice: DoorNotice; deviceId: string; timeZone: string }) {
  const { t } = useTranslation('checkin');
  const time = (iso: string) => formatDoorTime(iso, timeZone);
  if (notice.kind === 'rejected') {
    return (
      <Text size="sm">
        {t('notices.refusedText', {
          time: time(notice.admittedHereAt),
          reason: notice.reason ?? t('notices.noReason'),
        })}
      </Text>
    );
  }
  const first = notice.first;
  const firstHere = first !== null && first.deviceId === deviceId;
  const other = notice.other;
  return (
    <Stack gap={0}>
      <Text size="sm">{t('notices.admittedHere', { time: time(notice.admittedHereAt) })}</Text>
      {first && !firstHere ? (
        <Text size="sm" fw={600} data-testid="duplicate-first">
          {t('notices.firstBy', { time: time(first.at), device: deviceLabel(first, deviceId) })}
        </Text>
      ) : null}
      {firstHere && other ? (
        <Text size="sm" fw={600} data-testid="duplicate-first">
          {t('notices.alsoBy', { time: time(other.at), device: deviceLabel(other, deviceId) })}
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
  const { t } = useTranslation('checkin');
  const [open, setOpen] = useState(false);
  const { notices } = offline;
  if (notices.length === 0) return null;
  const duplicates = notices.filter((notice) => notice.kind === 'duplicate').length;
  const refused = notices.length - duplicates;
  const summary = [
    duplicates > 0 ? t('notices.duplicates', { count: duplicates }) : null,
    refused > 0 ? t('notices.refused', { count: refused }) : null,
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
            {t('notices.review')}
          </Button>
        </Group>
      </Alert>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('notices.title')} size="lg">
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
                  {t(notice.kind === 'duplicate' ? 'notices.admittedTwice' : 'notices.refusedOne', {
                    name: notice.name,
                    ticket: notice.ticketName,
                  })}
                </Text>
                <NoticeText notice={notice} deviceId={offline.device.deviceId} timeZone={timeZone} />
                <Group justify="flex-end">
                  <Button size="compact-sm" variant="default" onClick={() => void offline.acknowledge([notice.id])}>
                    {t('notices.acknowledge')}
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
              {t('notices.acknowledgeAll')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
