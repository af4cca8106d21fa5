import { currentLanguage } from '../../../i18n/i18n';
import { formatMoney, ZCreateSponsorshipRequest, type TEvent } from '@clubtix/contract';
import { Button, Chip, Fieldset, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useStartSponsorship } from '../api';
import { MAX_DONATION_MAJOR, MIN_DONATION_MAJOR, suggestedDonations, toMinorUnits } from '../donation-amounts';
import { SupporterFields, type SupporterValues } from './supporter-fields';
import { SupportPayment, type StartedSupport } from './support-payment';

const OTHER = 'other';

interface DonationValues extends SupporterValues {
  choice: string;
  other: string | number;
}

function donationAmount(values: Pick<DonationValues, 'choice' | 'other'>): number | null {
  return values.choice === OTHER ? toMinorUnits(values.other) : Number(values.choice);
}

/**
 * A donation: an amount (suggested or the giver's own), who gives, then payment with the
 * configured provider. Donations are sponsorships without a package (docs/product.md section 15).
 */
export function DonationForm({ event }: { event: Pick<TEvent, 'id' | 'title' | 'slug' | 'currency'> }) {
  const { t } = useTranslation('public');
  const { currency } = event;
  const suggestions = suggestedDonations(currency);
  const start = useStartSponsorship();
  const [started, setStarted] = useState<StartedSupport | null>(null);
  const rangeMessage = t('donation.range', {
    min: formatMoney(MIN_DONATION_MAJOR * 100, currency, currentLanguage()),
    max: formatMoney(MAX_DONATION_MAJOR * 100, currency, currentLanguage()),
  });
  const form = useSchemaForm<DonationValues>(
    ZCreateSponsorshipRequest,
    { choice: String(suggestions[1] ?? suggestions[0] ?? OTHER), other: '', name: '', email: '', message: '' },
    {
      toRequest: (values) => ({
        eventId: event.id,
        amount: donationAmount(values) ?? undefined,
        name: values.name,
        email: values.email,
        message: values.message,
      }),
      fieldOf: { amount: 'other' },
      check: (values): Record<string, string> =>
        values.choice === OTHER && donationAmount(values) === null ? { other: rangeMessage } : {},
    },
  );
  const amount = donationAmount(form.values);

  if (started) {
    return (
      <Paper component="section" aria-labelledby="donation-heading" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={2} fz={{ base: 'xl', sm: 24 }} id="donation-heading">
            {t('donation.title')}
          </Title>
          <SupportPayment event={event} started={started} onChangeDetails={() => setStarted(null)} />
        </Stack>
      </Paper>
    );
  }

  const submit = form.onSubmit((values) => {
    const minor = donationAmount(values);
    if (minor === null) return;
    start.mutate(
      { eventId: event.id, amount: minor, name: values.name, email: values.email, message: values.message },
      { onSuccess: setStarted, onError: (error) => applyServerErrors(form, error, { amount: 'other' }) },
    );
  });

  return (
    <Paper component="section" aria-labelledby="donation-heading" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz={{ base: 'xl', sm: 24 }} id="donation-heading">
            {t('donation.title')}
          </Title>
          <Text c="gray.7">{t('donation.intro')}</Text>
          <Fieldset
            legend={t('donation.amount')}
            variant="unstyled"
            p={0}
            styles={{ legend: { fontWeight: 600, padding: 0 } }}
          >
            <Chip.Group value={form.values.choice} onChange={(value) => form.setFieldValue('choice', value)}>
              <Group gap="xs" mt={4}>
                {suggestions.map((minor) => (
                  <Chip key={minor} value={String(minor)} size="md">
                    {formatMoney(minor, currency, currentLanguage())}
                  </Chip>
                ))}
                <Chip value={OTHER} size="md">
                  {t('donation.other')}
                </Chip>
              </Group>
            </Chip.Group>
          </Fieldset>
          {form.values.choice === OTHER ? (
            <NumberInput
              label={t('donation.yourAmount', { currency: currency.toUpperCase() })}
              min={MIN_DONATION_MAJOR}
              max={MAX_DONATION_MAJOR}
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=","
              // Only the point is a decimal point: "1,500" is fifteen hundred, never 1.50.
              allowedDecimalSeparators={['.']}
              // An amount out of range is said (the form's check), not silently changed on blur.
              clampBehavior="none"
              inputMode="decimal"
              hideControls
              // The field appears because the giver just asked for it.
              autoFocus
              {...form.getInputProps('other')}
            />
          ) : null}
          <Text size="lg" data-testid="donation-amount">
            {t('donation.yours')}{' '}
            <Text span fw={700} inherit>
              {amount ? formatMoney(amount, currency, currentLanguage()) : t('donation.choose')}
            </Text>
          </Text>
          <SupporterFields form={form} />
          <Button type="submit" size="md" fullWidth loading={start.isPending}>
            {amount
              ? t('donation.donateAmount', { amount: formatMoney(amount, currency, currentLanguage()) })
              : t('ticketPanel.donate')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
