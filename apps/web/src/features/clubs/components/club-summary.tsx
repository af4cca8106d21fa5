import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ClubLogo } from './club-logo';

interface ClubSummaryProps {
  club: { name: string; logoUrl: string | null; description?: string | null; website?: string | null };
  headingId?: string;
  headingOrder?: 2 | 3;
  children?: ReactNode;
}

/** Logo, name and, when given, description and website of a club. */
export function ClubSummary({ club, headingId, headingOrder = 2, children }: ClubSummaryProps) {
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <ClubLogo name={club.name} logoUrl={club.logoUrl} size={64} />
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Title order={headingOrder} id={headingId} fz={{ base: 'lg', sm: 'xl' }} style={{ overflowWrap: 'anywhere' }}>
          {club.name}
        </Title>
        {club.description ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {club.description}
          </Text>
        ) : null}
        {club.website ? (
          <Anchor
            href={club.website}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {club.website}
          </Anchor>
        ) : null}
        {children}
      </Stack>
    </Group>
  );
}
