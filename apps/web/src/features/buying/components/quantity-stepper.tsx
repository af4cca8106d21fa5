import { ActionIcon, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * − count + for one item. The buttons are named after the item ("Add one Adult"), so a screen
 * reader (and a test) can tell the rows apart; the count is an <output>, announced when it changes.
 */
export function QuantityStepper({
  name,
  value,
  max,
  onChange,
  disabled = false,
}: {
  name: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('buying');
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={t('stepper.quantity', { name })}>
      <ActionIcon
        size={40}
        radius="xl"
        variant="default"
        aria-label={t('stepper.remove', { name })}
        disabled={disabled || value <= 0}
        onClick={() => onChange(value - 1)}
      >
        <span aria-hidden="true" style={{ fontSize: 22, lineHeight: 1 }}>
          −
        </span>
      </ActionIcon>
      <output
        aria-label={t('stepper.quantity', { name })}
        aria-live="polite"
        data-testid="quantity"
        style={{ minWidth: 28, textAlign: 'center', fontWeight: 700, fontSize: 18, fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </output>
      <ActionIcon
        size={40}
        radius="xl"
        variant="filled"
        aria-label={t('stepper.add', { name })}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <span aria-hidden="true" style={{ fontSize: 22, lineHeight: 1 }}>
          +
        </span>
      </ActionIcon>
    </Group>
  );
}
