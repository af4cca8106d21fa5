import { formatMoney, ZCreateSponsorshipRequest, type TEvent, type TSponsorshipPackage } from '@clubtix/contract';
import { Avatar, Button, Checkbox, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { uploadSponsorLogo } from '../../../api/client';
import { ImageDropzone } from '../../../components/image-dropzone';
import { useStartSponsorship } from '../api';
import { SupporterFields, type SupporterValues } from './supporter-fields';
import { SupportPayment, type StartedSupport } from './support-payment';

type SponsorValues = SupporterValues & { logoUrl: string | null; showPublicly: boolean };

/** Sponsoring with one package: its fixed amount, who sponsors, then payment as for a donation. */
export function SponsorshipForm({
  event,
  pkg,
  onChooseAnother,
}: {
  event: Pick<TEvent, 'id' | 'title' | 'slug' | 'currency'>;
  pkg: TSponsorshipPackage;
  onChooseAnother: () => void;
}) {
  const start = useStartSponsorship();
  const [started, setStarted] = useState<StartedSupport | null>(null);
  const form = useSchemaForm<SponsorValues>(
    ZCreateSponsorshipRequest,
    { name: '', email: '', message: '', logoUrl: null, showPublicly: false },
    { toRequest: (values) => ({ eventId: event.id, packageId: pkg.id, ...values }) },
  );
  const submit = form.onSubmit((values) => {
    start.mutate(
      { eventId: event.id, packageId: pkg.id, ...values },
      { onSuccess: setStarted, onError: (error) => applyServerErrors(form, error) },
    );
  });

  return (
    <Paper
      component="section"
      aria-labelledby="sponsorship-heading"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      data-testid="sponsorship-form"
    >
      <Stack gap="md">
        <Group justify="space-between" align="baseline" wrap="nowrap" gap="sm">
          <Title order={2} fz={{ base: 'xl', sm: 24 }} id="sponsorship-heading" style={{ overflowWrap: 'anywhere' }}>
            Sponsor with {pkg.name}
          </Title>
          <Text fw={700} fz="lg" c="purple.7" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(pkg.amount, event.currency)}
          </Text>
        </Group>
        {pkg.benefits.length > 0 ? (
          <List size="sm" spacing={4} aria-label={`Benefits of ${pkg.name}`}>
            {pkg.benefits.map((benefit, index) => (
              <List.Item key={`${index}-${benefit}`}>{benefit}</List.Item>
            ))}
          </List>
        ) : null}
        {started ? (
          <SupportPayment event={event} started={started} onChangeDetails={() => setStarted(null)} />
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <SupporterFields form={form} nameDescription="You, or the business to credit as the sponsor" />
              <ImageDropzone
                label="Logo"
                idleText="Drag your logo here"
                touchText="Choose your logo"
                clearText="Clear logo"
                value={form.values.logoUrl}
                onChange={(url) => form.setFieldValue('logoUrl', url)}
                upload={(file) => uploadSponsorLogo(event.id, file)}
                error={form.errors.logoUrl}
                preview={
                  <Avatar
                    src={form.values.logoUrl}
                    alt={form.values.logoUrl ? 'Your logo' : ''}
                    size={72}
                    radius="md"
                    color="purple"
                  />
                }
              />
              <Checkbox
                label="Show my name and logo on the event page"
                description="Once paid; your e-mail and message are never shown"
                {...form.getInputProps('showPublicly', { type: 'checkbox' })}
              />
              <Button type="submit" size="md" fullWidth loading={start.isPending}>
                Continue to payment
              </Button>
              <Button variant="subtle" onClick={onChooseAnother} style={{ alignSelf: 'flex-start' }}>
                Choose another package
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
