import { Alert, Button, Group, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** How many door actions wait for the connection, with a way to send them now. */
export function QueueStatus({ count, isSending, onRetry }: { count: number; isSending: boolean; onRetry: () => void }) {
  const { t } = useTranslation('checkin');
  const { online } = useNetwork();
  if (count === 0 && online) return null;
  return (
    <Alert color="orange" variant="light" p="sm" data-testid="queue-status">
      <Group justify="space-between" gap="xs">
        {/* Dark text: orange on pale orange is below 4.5:1 at this size. */}
        <Text size="sm" fw={600}>
          {online ? '' : `${t('queue.offline')} `}
          {count === 0 ? t('queue.kept') : t('queue.waiting', { count })}
        </Text>
        {count > 0 ? (
          <Button size="compact-sm" variant="default" onClick={onRetry} loading={isSending}>
            {t('queue.retry')}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
