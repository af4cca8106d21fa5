import { PRODUCT_NAME } from '@clubtix/contract';
import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundView } from './not-found-view';

/** Error boundary for routes: a failed page chunk (after a deploy) or a render error. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container size="sm">
        <NotFoundView />
      </Container>
    );
  }
  const detail = error instanceof Error ? error.message : null;
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={t('routeError.title')}>
        <Stack gap="sm">
          <Text size="sm">{t('routeError.text', { product: PRODUCT_NAME })}</Text>
          {detail ? (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          ) : null}
          <Group>
            <Button size="xs" onClick={() => window.location.reload()}>
              {t('routeError.reload')}
            </Button>
            <Button size="xs" variant="default" component={Link} to="/">
              {t('notFound.home')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}
