import { Alert, Button, Stack, Text } from '@mantine/core';
import { isApiError } from '../api/api-error';

/** Inline state for a failed load, with a retry; the toast has already told what went wrong. */
export function QueryError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  return (
    <Alert color="red" title={`Could not load ${what}`}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{isApiError(error) ? error.msg : 'Please try again.'}</Text>
        {/* red.9: the default red on white is 3.3:1, below the 4.5:1 that small text needs. */}
        <Button size="xs" variant="white" color="red.9" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
