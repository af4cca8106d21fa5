import { currentLanguage } from '../../../i18n/i18n';
import { formatMoney, ZCreateSponsorshipRequest, type TEvent, type TSponsorshipPackage } from '@clubtix/contract';
import { Avatar, Button, Checkbox, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/form-errors';
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
  const { t } = useTranslation('public');
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
            {t('eventPage.sponsorWith', { name: pkg.name })}
          </Title>
          <Text fw={700} fz="lg" c="purple.7" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(pkg.amount, event.currency, currentLanguage())}
          </Text>
        </Group>
        {pkg.benefits.length > 0 ? (
          <List size="sm" spacing={4} aria-label={t('packages.benefits', { name: pkg.name })}>
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
              <SupporterFields form={form} nameDescription={t('sponsorForm.nameHint')} />
              <ImageDropzone
                label={t('sponsorForm.logo')}
                idleText={t('sponsorForm.logoIdle')}
                touchText={t('sponsorForm.logoTouch')}
                clearText={t('sponsorForm.logoClear')}
                value={form.values.logoUrl}
                onChange={(url) => form.setFieldValue('logoUrl', url)}
                upload={(file) => uploadSponsorLogo(event.id, file)}
                error={form.errors.logoUrl}
                preview={
                  <Avatar
                    src={form.values.logoUrl}
                    alt={form.values.logoUrl ? t('sponsorForm.yourLogo') : ''}
                    size={72}
                    radius="md"
                    color="purple"
                  />
                }
              />
              <Checkbox
                label={t('sponsorForm.show')}
                description={t('sponsorForm.showHint')}
                {...form.getInputProps('showPublicly', { type: 'checkbox' })}
              />
              <Button type="submit" size="md" fullWidth loading={start.isPending}>
                {t('sponsorForm.continue')}
              </Button>
              <Button variant="subtle" onClick={onChooseAnother} style={{ alignSelf: 'flex-start' }}>
                {t('sponsorForm.another')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
