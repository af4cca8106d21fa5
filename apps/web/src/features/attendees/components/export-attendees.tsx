import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../toasts/toasts';
import { formatBytes } from '../../../lib/save-file';
import { exportAttendees } from '../api';

interface Transfer {
  received: number;
  total: number | null;
}

/**
 * 'Export to Excel': the server streams the .xlsx while it writes it, so the size is seldom known
 * in advance; the bar then moves with the bytes received rather than a percentage.
 */
export function ExportAttendees({ event }: { event: { id: string; timezone: string } }) {
  const { t } = useTranslation('attendees');
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setTransfer({ received: 0, total: null });
    try {
      await exportAttendees(event, (received, total) => setTransfer({ received, total }), abort.signal);
      showToast('success', t('export.done'));
    } catch {
      // Nothing to add: the client has toasted why it failed, and a cancel is the admin's own doing.
    } finally {
      controller.current = null;
      setTransfer(null);
    }
  };

  const percent = transfer?.total ? Math.min(100, Math.round((transfer.received / transfer.total) * 100)) : null;
  return (
    <Stack gap={6} miw={220}>
      <Button onClick={() => void start()} loading={transfer !== null} variant="light">
        {t('export.button')}
      </Button>
      {transfer ? (
        <Stack gap={4} role="status" aria-live="polite">
          <Progress
            value={percent ?? 100}
            striped={percent === null}
            animated={percent === null}
            aria-label={t('export.progress')}
            size="sm"
          />
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {transfer.received === 0
                ? t('export.preparing')
                : `${t('export.downloaded', { size: formatBytes(transfer.received) })}${percent === null ? '' : ` (${percent}%)`}`}
            </Text>
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => controller.current?.abort()}>
              {t('export.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
