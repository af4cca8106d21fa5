import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';

/**
 * Inline state for a failed load, with a retry; the toast has already told what went wrong. `title`
 * and `message` replace the generic wording where the page knows better (a script that did not load).
 */
export function QueryError({
  error,
  onRetry,
  what,
  title,
  message,
}: {
  error: unknown;
  onRetry: () => void;
  what: string;
  title?: string;
  message?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" role="alert" title={title ?? t('query.couldNotLoad', { what })}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message ?? (isApiError(error) ? error.msg : t('query.tryAgainText'))}</Text>
        {/* red.9: the default red on white is 3.3:1, below the 4.5:1 that small text needs. */}
        <Button size="xs" variant="white" color="red.9" onClick={onRetry}>
          {t('query.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
