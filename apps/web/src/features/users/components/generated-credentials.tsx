import { Alert, Button, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface GeneratedCredentialsProps {
  email: string;
  password: string;
  onDone: () => void;
}

/**
 * The one and only showing of a generated password (docs/product.md section 3: the server never returns
 * it). It lives in this component's props only, never in storage or the query cache.
 */
export function GeneratedCredentials({ email, password, onDone }: GeneratedCredentialsProps) {
  const { t } = useTranslation('users');
  const headingId = useId();
  const headingRef = useRef<HTMLParagraphElement>(null);
  // On a phone the box appears below the fold: bring it into view and move focus to it, so
  // neither sighted nor screen-reader users miss the only showing of the password.
  useEffect(() => {
    headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    headingRef.current?.focus({ preventScroll: true });
  }, [password]);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="lg" bg="gold.0">
      <Stack gap="sm">
        <Text id={headingId} ref={headingRef} tabIndex={-1} fw={700}>
          {t('credentials.title')}
        </Text>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('email')}
          </Text>
          <Text ff="monospace" fz="lg" data-testid="generated-email" style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Text>
          <Text size="sm" c="dimmed">
            {t('credentials.password')}
          </Text>
          <Text ff="monospace" fz="lg" fw={700} data-testid="generated-password">
            {password}
          </Text>
        </Stack>
        <Alert color="orange" variant="light" p="xs">
          {t('credentials.copyNow')}
        </Alert>
        <Group gap="xs">
          <CopyButton value={`${t('email')}: ${email}\n${t('credentials.password')}: ${password}`}>
            {({ copied, copy }) => (
              <Button color={copied ? 'green' : 'purple'} onClick={copy}>
                {copied ? t('credentials.copied') : t('credentials.copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            {t('credentials.done')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
