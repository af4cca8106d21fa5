import type { TPublicSponsorPackage } from '@clubtix/contract';
import { Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicSponsors } from '../api';
import { placesLeftText } from '../places-left';

function SponsorPackage({ item }: { item: TPublicSponsorPackage }) {
  const { t } = useTranslation('public');
  const places = placesLeftText(item.placesLeft);
  return (
    <Card component="li" withBorder radius="lg" padding="md" data-testid="public-sponsor-package">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {item.name}
          </Title>
          {places ? (
            <Text size="sm" fw={600} c={item.placesLeft === 0 ? 'gray.7' : 'purple.8'}>
              {places}
            </Text>
          ) : null}
        </Group>
        {item.sponsors.length > 0 ? (
          <Group
            component="ul"
            gap="md"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('sponsors.with', { name: item.name })}
          >
            {item.sponsors.map((sponsor, index) => (
              <li key={`${index}-${sponsor.name}`}>
                {sponsor.logoUrl ? (
                  <Image src={sponsor.logoUrl} alt={sponsor.name} h={56} w="auto" maw={160} fit="contain" />
                ) : (
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {sponsor.name}
                  </Text>
                )}
              </li>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * The event's shown sponsors by package, with each package's places left (docs/product.md section
 * 21). Nothing at all when no package has a sponsor to show (docs/decisions/0042-sponsors-on-show.md).
 */
export function PublicSponsors({ eventId }: { eventId: string }) {
  const { t } = useTranslation('public');
  const sponsors = usePublicSponsors(eventId);
  const packages = (sponsors.data?.packages ?? []).filter((item) => item.sponsors.length > 0);
  if (packages.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="event-sponsors" gap="md" data-testid="event-sponsors">
      <Title order={2} fz={{ base: 'xl', sm: 24 }} id="event-sponsors">
        {t('sponsors.title')}
      </Title>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {packages.map((item) => (
          <SponsorPackage key={item.packageId} item={item} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
