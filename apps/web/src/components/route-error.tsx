import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundView } from './not-found-view';

/** Error boundary for routes: a failed page chunk (after a deploy) or a render error. */
export function RouteError() {
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
      <Alert color="red" title="This page could not be shown">
        <Stack gap="sm">
          <Text size="sm">Reloading usually helps, for example after ClubTix was updated while the page was open.</Text>
          {detail ? (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          ) : null}
          <Group>
            <Button size="xs" onClick={() => window.location.reload()}>
              Reload
            </Button>
            <Button size="xs" variant="default" component={Link} to="/">
              Go to homepage
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}
