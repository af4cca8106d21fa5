import { Alert, Button, Group, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';

/** How many door actions wait for the connection, with a way to send them now. */
export function QueueStatus({ count, isSending, onRetry }: { count: number; isSending: boolean; onRetry: () => void }) {
  const { online } = useNetwork();
  if (count === 0 && online) return null;
  return (
    <Alert color="orange" variant="light" p="sm" data-testid="queue-status">
      <Group justify="space-between" gap="xs">
        {/* Dark text: orange on pale orange is below 4.5:1 at this size. */}
        <Text size="sm" fw={600}>
          {online ? '' : 'Offline. '}
          {count === 0 ? 'Scans will be kept on this device.' : `Waiting to send: ${count}`}
        </Text>
        {count > 0 ? (
          <Button size="compact-sm" variant="default" onClick={onRetry} loading={isSending}>
            Retry now
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
