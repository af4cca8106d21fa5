import type { TClub } from '@clubtix/contract';
import { Anchor, Group, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClubLogo } from '../../clubs/components/club-logo';
import { PlainText } from './plain-text';

/** The readable part of a website address, "example.org/club", for the link text. */
export function websiteLabel(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, '');
    return `${parsed.host.replace(/^www\./, '')}${path}`;
  } catch {
    return url;
  }
}

/** The head of the club page: logo (or the default image), name as the h1, description, website. */
export function ClubProfile({ club }: { club: TClub }) {
  const { t } = useTranslation('public');
  // The contract accepts only http(s) addresses; checked again here because this becomes an href.
  const website = club.website && /^https?:\/\//i.test(club.website) ? club.website : null;
  return (
    <Group component="header" align="flex-start" gap="lg" wrap="nowrap">
      <ClubLogo name={club.name} logoUrl={club.logoUrl} size={88} />
      <Stack gap="xs" style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 26, sm: 36 }} style={{ overflowWrap: 'anywhere' }}>
          {club.name}
        </Title>
        {club.description ? <PlainText c="gray.8">{club.description}</PlainText> : null}
        {website ? (
          <Anchor
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            c="purple.7"
            fw={600}
            style={{ overflowWrap: 'anywhere', alignSelf: 'flex-start' }}
            data-testid="club-website"
          >
            {websiteLabel(website)}
            <VisuallyHidden> {t('club.websiteHint')}</VisuallyHidden>
          </Anchor>
        ) : null}
      </Stack>
    </Group>
  );
}
