import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/i18n';

/** One big figure (a count, or an amount already formatted), readable on a phone propped up at the door. */
export function StatTile({
  label,
  value,
  hint,
  testId,
  compact = false,
}: {
  label: string;
  value: number | string;
  hint?: string;
  testId: string;
  /** Smaller figures, for amounts that run longer than counts ("£12,345.50"). */
  compact?: boolean;
}) {
  // Subscribed to the language, so the figure's grouping follows it (docs/product.md section 22).
  useTranslation('common');
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text
        fz={compact ? { base: 26, sm: 34 } : { base: 36, sm: 44 }}
        fw={800}
        lh={1.1}
        data-testid={testId}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {typeof value === 'number' ? value.toLocaleString(currentLocale()) : value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}
