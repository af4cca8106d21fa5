import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DoorEvent } from '../offline/door-store';
import { DEVICE_NAME_MAX } from '../offline/device';
import type { OfflineDoor } from '../offline/use-offline-door';
import { syncSummaryText } from '../offline/door-sync';
import { formatDoorTime } from '../scan-outcome';

/**
 * "Prepare for offline" (docs/product.md section 20): keeps the event's door list on this device,
 * says when it was prepared, and names the device for the duplicates other devices will see.
 */
export function OfflinePanel({ offline, event }: { offline: OfflineDoor; event: DoorEvent }) {
  const { t } = useTranslation('checkin');
  const [name, setName] = useState(offline.device.deviceName);
  if (offline.prepared === undefined) return null;
  const { prepared } = offline;
  // The tickets it admits: the cancelled ones it holds are there only to be refused as such.
  const count = prepared?.list.attendees.filter((attendee) => !attendee.cancelled).length ?? 0;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="offline-panel">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600} data-testid="offline-ready">
            {prepared
              ? t('offlinePanel.ready', {
                  count,
                  time: formatDoorTime(prepared.list.generatedAt, event.timezone),
                })
              : t('offlinePanel.notReady')}
          </Text>
          {/* Offline a prepared list cannot be updated: the button would only take room from the scanner. */}
          {prepared && !offline.online ? null : (
            <Button
              size="compact-sm"
              variant={prepared ? 'default' : 'filled'}
              onClick={() => void offline.prepare(event)}
              loading={offline.isPreparing}
              disabled={!offline.online}
            >
              {prepared ? t('offlinePanel.update') : t('offlinePanel.prepare')}
            </Button>
          )}
        </Group>
        {prepared ? null : (
          <Text size="xs" c="dimmed">
            {t('offlinePanel.explanation')}
          </Text>
        )}
        <TextInput
          size="xs"
          label={t('offlinePanel.deviceName')}
          description={t('offlinePanel.deviceNameHint')}
          placeholder={t('offlinePanel.deviceNamePlaceholder')}
          maxLength={DEVICE_NAME_MAX}
          value={name}
          onChange={(change) => setName(change.currentTarget.value)}
          onBlur={() => offline.renameDevice(name)}
          onKeyDown={(key) => {
            if (key.key === 'Enter') offline.renameDevice(name);
          }}
        />
        {offline.problem ? (
          <Alert color="red" variant="light" p="xs" role="alert">
            <Text size="sm">{offline.problem}</Text>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The door's connection state with a list prepared: offline or not, and what waits to sync. */
export function OfflineStatus({ offline, timeZone }: { offline: OfflineDoor; timeZone: string }) {
  const { t } = useTranslation('checkin');
  const waiting = offline.waiting.length;
  const { lastSync } = offline;
  // The sync's own answer (docs/decisions/0070-the-door-says-cancelled.md): how many admissions it
  // stored and how many duplicates it found, on the door's status line until the next one.
  const synced = lastSync ? syncSummaryText(lastSync, formatDoorTime(lastSync.at, timeZone)) : null;
  if (offline.online && waiting === 0) {
    if (!synced) return null;
    return (
      <Alert color="green" variant="light" p="sm" data-testid="offline-status" role="status">
        <Text size="sm" fw={700} data-testid="sync-summary">
          {synced}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color={offline.online ? 'blue' : 'orange'} variant="light" p="sm" data-testid="offline-status">
      <Group justify="space-between" gap="xs">
        <div>
          {/* Dark text: a pale background with coloured text falls below 4.5:1 at this size. */}
          <Text size="sm" fw={700}>
            {offline.online ? t('offlineStatus.backOnline') : t('offlineStatus.offline')}
          </Text>
          <Text size="sm" data-testid="offline-waiting">
            {waiting === 0 ? t('offlineStatus.noneWaiting') : t('offlineStatus.waiting', { count: waiting })}
          </Text>
          {synced ? (
            <Text size="sm" data-testid="sync-summary">
              {synced}
            </Text>
          ) : null}
        </div>
        {waiting > 0 ? (
          <Button size="compact-sm" variant="default" onClick={() => void offline.sync()} loading={offline.isSyncing}>
            {t('offlineStatus.syncNow')}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
