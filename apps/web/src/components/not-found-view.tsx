import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const DEFAULT_NOT_FOUND_MESSAGE = "Looks like you're lost!";

interface NotFoundViewProps {
  status?: string | number;
  message?: string;
}

/** The not-found screen, also shown in place when a page's own data turns out to be missing. */
export function NotFoundView({ status = 404, message }: NotFoundViewProps) {
  const { t } = useTranslation('common');
  // The English default passed by callers stands for the default in the language shown.
  const shown = !message || message === DEFAULT_NOT_FOUND_MESSAGE ? t('notFound.lost') : message;
  return (
    <Stack align="center" gap="md" py={64} ta="center">
      <Title order={1} fz={{ base: 72, sm: 120 }} c="purple.6" lh={1}>
        {status}
      </Title>
      <Text size="xl" fw={500}>
        {shown}
      </Text>
      <Button component={Link} to="/" variant="light">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
