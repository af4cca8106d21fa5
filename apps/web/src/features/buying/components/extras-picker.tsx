import { type TCurrency, type TExtras } from '@clubtix/contract';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../public/ticket-offer';
import { QuantityStepper } from './quantity-stepper';

/** The contract's most of one extra per order. */
const MAX_PER_EXTRA = 100;

export type ExtrasChoice = Readonly<Record<string, number>>;

/** The extras upsell at checkout: each active extra with its price and a quantity. */
export function ExtrasPicker({
  extras,
  currency,
  choice,
  onChange,
  disabled,
}: {
  extras: TExtras[];
  currency: TCurrency;
  choice: ExtrasChoice;
  onChange: (choice: Record<string, number>) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(['buying', 'public']);
  return (
    <Stack component="section" aria-labelledby="checkout-extras" gap="sm">
      <Title order={2} fz="lg" id="checkout-extras">
        {t('public:extras.title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('extrasPicker.intro')}
      </Text>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('public:extras.title')}>
        {extras.map((extra) => (
          <Paper component="li" key={extra.id} withBorder radius="lg" p="md" data-testid="extra-option">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
                  {extra.name}
                </Title>
                <Text fw={700}>{formatPrice(extra.price, currency)}</Text>
                {extra.description ? (
                  <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {extra.description}
                  </Text>
                ) : null}
              </Stack>
              <QuantityStepper
                name={extra.name}
                value={choice[extra.id] ?? 0}
                max={Math.min(extra.quantity ?? MAX_PER_EXTRA, MAX_PER_EXTRA)}
                disabled={disabled}
                onChange={(quantity) => {
                  const next: Record<string, number> = { ...choice, [extra.id]: Math.max(0, quantity) };
                  if (next[extra.id] === 0) delete next[extra.id];
                  onChange(next);
                }}
              />
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/** The lines createOrder takes, in the extras' listed order; extras no longer offered are dropped. */
export function extrasLines(choice: ExtrasChoice, extras: TExtras[]): { extrasId: string; quantity: number }[] {
  return extras
    .filter((extra) => (choice[extra.id] ?? 0) > 0)
    .map((extra) => ({ extrasId: extra.id, quantity: choice[extra.id] ?? 0 }));
}
