import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Frame of the sign-in and register forms: narrow on desktop, full width on a phone. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      maw={440}
      mx="auto"
      mt={{ base: 0, sm: 'xl' }}
    >
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
