import { formatMoney, type TCurrency } from '@clubtix/contract';
import { Button, Chip, Fieldset, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { MAX_DONATION_MAJOR, MIN_DONATION_MAJOR, suggestedDonations, toMinorUnits } from '../donation-amounts';

const OTHER = 'other';

/**
 * The amount picker for a donation. Payment is built by a later issue: the giver can choose an
 * amount, but the final button stays disabled with a note, so nothing pretends to take money.
 */
export function DonationForm({ currency }: { currency: TCurrency }) {
  const suggestions = suggestedDonations(currency);
  const [choice, setChoice] = useState(String(suggestions[1] ?? suggestions[0] ?? OTHER));
  const [other, setOther] = useState<string | number>('');
  const isOther = choice === OTHER;
  const amount = isOther ? toMinorUnits(other) : Number(choice);
  const otherError =
    isOther && other !== '' && amount === null
      ? `Enter an amount from ${formatMoney(MIN_DONATION_MAJOR * 100, currency)} to ${formatMoney(MAX_DONATION_MAJOR * 100, currency)}`
      : undefined;

  return (
    <Paper component="section" aria-labelledby="donation-heading" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz={{ base: 'xl', sm: 24 }} id="donation-heading">
          Make a donation
        </Title>
        <Text c="gray.7">Give any amount you like; it goes to the club that runs this event.</Text>
        <Fieldset legend="Amount" variant="unstyled" p={0} styles={{ legend: { fontWeight: 600, padding: 0 } }}>
          <Chip.Group value={choice} onChange={setChoice}>
            <Group gap="xs" mt={4}>
              {suggestions.map((minor) => (
                <Chip key={minor} value={String(minor)} size="md">
                  {formatMoney(minor, currency)}
                </Chip>
              ))}
              <Chip value={OTHER} size="md">
                Other amount
              </Chip>
            </Group>
          </Chip.Group>
        </Fieldset>
        {isOther ? (
          <NumberInput
            label={`Your amount (${currency.toUpperCase()})`}
            value={other}
            onChange={setOther}
            min={MIN_DONATION_MAJOR}
            max={MAX_DONATION_MAJOR}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            inputMode="decimal"
            hideControls
            // The field appears because the giver just asked for it.
            autoFocus
            error={otherError}
            // Mantine's default error red (#fa5252) is 3.3:1 on white; the darkest red passes 4.5:1.
            style={{ '--mantine-color-error': 'var(--mantine-color-red-9)' }}
          />
        ) : null}
        <Text size="lg" data-testid="donation-amount">
          Your donation:{' '}
          <Text span fw={700} inherit>
            {amount ? formatMoney(amount, currency) : 'choose an amount'}
          </Text>
        </Text>
        <Stack gap={6}>
          <Button size="md" fullWidth disabled aria-describedby="donation-payment-note">
            {amount ? `Donate ${formatMoney(amount, currency)}` : 'Donate'}
          </Button>
          <Text size="sm" c="gray.7" ta="center" id="donation-payment-note">
            Online payment opens soon
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}
