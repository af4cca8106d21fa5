import { currentLanguage } from '../../../i18n/i18n';
import { useTranslation } from 'react-i18next';
import { formatMoney, type TCurrency, type TSponsorshipPackage } from '@clubtix/contract';
import { Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Sponsorship packages with their amount and benefits; each name is an h3 under the page's h2. */
export function PackageList({
  packages,
  currency,
  columns = 1,
  action,
}: {
  packages: TSponsorshipPackage[];
  currency: TCurrency;
  /** Columns from the small breakpoint up; a phone always shows one. */
  columns?: 1 | 2 | 3;
  /** A call to act at the foot of each package (sponsor with it). */
  action?: (item: TSponsorshipPackage) => ReactNode;
}) {
  const { t } = useTranslation('public');
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: columns }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {packages.map((item) => (
        <Card component="li" key={item.id} withBorder radius="lg" padding="lg" data-testid="sponsorship-package">
          <Stack gap="xs">
            <Group justify="space-between" align="baseline" wrap="nowrap" gap="sm">
              <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Title>
              <Text fw={700} fz="lg" c="purple.7" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(item.amount, currency, currentLanguage())}
              </Text>
            </Group>
            {item.description ? (
              <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {item.description}
              </Text>
            ) : null}
            {item.benefits.length > 0 ? (
              <List size="sm" spacing={4} aria-label={t('packages.benefits', { name: item.name })}>
                {item.benefits.map((benefit, index) => (
                  <List.Item key={`${index}-${benefit}`}>{benefit}</List.Item>
                ))}
              </List>
            ) : null}
            {item.quantity !== null ? (
              <Text size="xs" c="gray.7">
                {t('packages.limited', { count: item.quantity })}
              </Text>
            ) : null}
            {action ? action(item) : null}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
