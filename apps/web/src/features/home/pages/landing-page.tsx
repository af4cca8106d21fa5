import { PRODUCT_NAME } from '@clubtix/contract';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { useSession } from '../../../session/session';

/** The feature cards: each key names its title and text in the home catalogue (features.<key>.*). */
const features = [
  { key: 'sell', mark: 'T' },
  { key: 'checkin', mark: 'Q' },
  { key: 'support', mark: 'D' },
  { key: 'clubs', mark: 'C' },
] as const;

export default function LandingPage() {
  const { t } = useTranslation('home');
  const { token } = useSession();

  return (
    <Stack gap={48}>
      <Stack component="section" align="center" ta="center" gap="md" pt={{ base: 'md', sm: 48 }}>
        <BrandMark size={64} />
        <Badge variant="light" color="gold" size="lg">
          {t('badge')}
        </Badge>
        <Title order={1} fz={{ base: 34, sm: 52 }} maw={760}>
          {t('title', { product: PRODUCT_NAME })}
        </Title>
        <Text size="lg" c="dimmed" maw={640}>
          {t('intro')}
        </Text>
        <Group justify="center" gap="sm" mt="sm">
          {token ? (
            <Button component={Link} to="/dashboard" size="md">
              {t('dashboard')}
            </Button>
          ) : (
            <>
              <Button component={Link} to="/register" size="md">
                {t('register')}
              </Button>
              <Button component={Link} to="/signin" size="md" variant="default">
                {t('signIn')}
              </Button>
            </>
          )}
        </Group>
      </Stack>

      <SimpleGrid
        component="section"
        aria-label={t('featuresLabel', { product: PRODUCT_NAME })}
        cols={{ base: 1, sm: 2, md: 4 }}
        spacing="md"
      >
        {features.map((feature) => (
          <Card key={feature.key} withBorder radius="lg" padding="lg">
            <Stack gap="xs">
              <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
                <Text fw={800}>{feature.mark}</Text>
              </ThemeIcon>
              <Title order={2} fz="lg">
                {t(`features.${feature.key}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`features.${feature.key}.text`)}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
