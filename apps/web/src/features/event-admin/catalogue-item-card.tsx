import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface CatalogueItemCardProps {
  name: string;
  /** The price or amount, already formatted in the event's currency. */
  price: string;
  description?: string | null;
  /** Counts and other facts, one short line each. */
  details?: ReactNode;
  isActive: boolean;
  isBusy?: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
  onDelete?: (() => void) | undefined;
}

/** One thing an event sells (ticket type, extra, package) with its actions; a card reads well on a phone. */
export function CatalogueItemCard({
  name,
  price,
  description,
  details,
  isActive,
  isBusy,
  onEdit,
  onToggleActive,
  onDelete,
}: CatalogueItemCardProps) {
  const { t } = useTranslation('events');
  const titleId = useId();
  return (
    <Card component="article" aria-labelledby={titleId} withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} id={titleId} fz="md" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Badge color={isActive ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }} data-testid="item-state">
            {isActive ? t('catalogue.active') : t('catalogue.inactive')}
          </Badge>
        </Group>
        <Text fw={700} data-testid="item-price">
          {price}
        </Text>
        {description ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }} lineClamp={3}>
            {description}
          </Text>
        ) : null}
        {details}
        <Group gap="xs" mt={4}>
          <Button size="compact-sm" variant="light" onClick={onEdit}>
            {t('catalogue.editButton')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={onToggleActive} loading={isBusy}>
            {isActive ? t('catalogue.deactivate') : t('catalogue.activate')}
          </Button>
          {onDelete ? (
            <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete}>
              {t('catalogue.delete')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
