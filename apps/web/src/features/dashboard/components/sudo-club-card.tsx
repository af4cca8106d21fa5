import type { TClubWithAdmins } from '@clubtix/contract';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClubSummary } from '../../clubs/components/club-summary';
import { AdminList } from '../../users/components/admin-list';

interface SudoClubCardProps {
  club: TClubWithAdmins;
  /** The club's takings in words (docs/product.md section 21); undefined while they load. */
  takings?: string;
  isRemoving: boolean;
  onRemove: (club: TClubWithAdmins) => void;
}

/** One club on the sudo dashboard; a labelled region, so each club's actions can be told apart. */
export function SudoClubCard({ club, takings, isRemoving, onRemove }: SudoClubCardProps) {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <ClubSummary club={club} headingId={headingId} />
        {takings ? (
          <Text size="sm" data-testid="club-takings">
            <strong>{t('sudo.sales')}</strong> {takings}
          </Text>
        ) : null}
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('admins')}
          </Text>
          <AdminList admins={club.admins} label={t('adminsOf', { club: club.name })} canDelete />
        </Stack>
        <Group gap="xs">
          <Button component={Link} to={`/club/edit/${club.id}`} variant="light" size="xs">
            {t('sudo.edit')}
          </Button>
          <Button component={Link} to={`/club/${club.id}/credential`} variant="light" color="gold" size="xs">
            {t('sudo.credentials')}
          </Button>
          <Button variant="subtle" color="red" size="xs" loading={isRemoving} onClick={() => onRemove(club)}>
            {t('sudo.remove')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
