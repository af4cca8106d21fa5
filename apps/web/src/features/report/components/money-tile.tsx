import { Paper, Text } from '@mantine/core';

/** One figure of the sales page: a label, the amount large, a line of context under it. */
export function MoneyTile({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text
        fz={{ base: 26, sm: 34 }}
        fw={800}
        lh={1.15}
        data-testid={testId}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}
