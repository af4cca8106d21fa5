import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClubLogo } from '../../clubs/components/club-logo';
import { usePublicClub } from '../api';

/** "Organised by": the club behind an event, with a way to its other events. */
export function ClubOrganiser({ clubId }: { clubId: string }) {
  const { t } = useTranslation('public');
  const club = usePublicClub(clubId);
  // The event stands without it; a club that failed to load is simply left out.
  if (club.isError) return null;
  return (
    <Paper component="section" aria-labelledby="event-organiser" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id="event-organiser">
          {t('organiser.title')}
        </Title>
        {club.isPending ? (
          <Group gap="md" wrap="nowrap">
            <Skeleton height={56} width={56} radius="md" />
            <Skeleton height={20} width="50%" />
          </Group>
        ) : (
          <Group gap="md" wrap="nowrap" align="center">
            <ClubLogo name={club.data.name} logoUrl={club.data.logoUrl} size={56} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="organiser-name">
                {club.data.name}
              </Text>
              <Anchor component={Link} to={`/club/${encodeURIComponent(clubId)}/event`} size="sm" c="purple.7">
                {t('organiser.more', { name: club.data.name })}
              </Anchor>
            </Stack>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
