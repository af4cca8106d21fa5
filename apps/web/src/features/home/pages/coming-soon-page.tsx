import { Stack, Text, Title } from '@mantine/core';
import { useRouteTitle } from '../../../components/document-title';

/** Stand-in for pages that later issues build; the route, title and guard already hold. */
export default function ComingSoonPage() {
  const title = useRouteTitle();
  return (
    <Stack align="center" ta="center" py={64} gap="sm">
      {title ? <Title order={1}>{title}</Title> : null}
      <Text size="lg" c="dimmed">
        Coming soon
      </Text>
    </Stack>
  );
}
