import { useTranslation } from 'react-i18next';
import { slugify, ZSaveClubRequest, type TClubSettings, type TSaveClubRequest } from '@clubtix/contract';
import { Button, Group, Input, Stack, Textarea, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { applyServerErrors } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { LogoDropzone } from './logo-dropzone';

interface ClubFormProps {
  club?: TClubSettings;
  isSaving: boolean;
  onSave: (body: TSaveClubRequest) => Promise<unknown>;
}

/** Club fields for both add (no club) and edit; validated with the contract's save schema. */
export function ClubForm({ club, isSaving, onSave }: ClubFormProps) {
  const { t } = useTranslation('clubs');
  const form = useSchemaForm(ZSaveClubRequest, {
    name: club?.name ?? '',
    description: club?.description ?? '',
    website: club?.website ?? '',
    logoUrl: club?.logoUrl ?? null,
    slug: club?.slug ?? '',
    contactEmail: club?.contactEmail ?? '',
  });
  const typedSlug = slugify(form.values.slug ?? '');

  const submit = form.onSubmit(async (values) => {
    try {
      // parse turns empty optional fields into null, as the API stores them.
      await onSave(ZSaveClubRequest.parse({ ...values, id: club?.id }));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('form.name')} required autoComplete="organization" {...form.getInputProps('name')} />
        <Textarea
          label={t('form.description')}
          description={t('form.optional')}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('description')}
        />
        <TextInput
          label={t('form.website')}
          description={t('form.optional')}
          type="url"
          inputMode="url"
          placeholder={t('form.websitePlaceholder')}
          autoComplete="url"
          {...form.getInputProps('website')}
        />
        <TextInput
          label={t('form.contactEmail')}
          description={t('form.contactEmailHint')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          {...form.getInputProps('contactEmail')}
        />
        <TextInput
          label={t('form.slug')}
          description={typedSlug ? t('form.slugTyped', { slug: typedSlug }) : t('form.slugEmpty')}
          placeholder={slugify(form.values.name ?? '') || t('form.slugPlaceholder')}
          autoCapitalize="none"
          spellCheck={false}
          {...form.getInputProps('slug')}
        />
        <LogoDropzone
          clubName={form.values.name}
          value={form.values.logoUrl}
          onChange={(url) => form.setFieldValue('logoUrl', url)}
        />
        {form.errors.logoUrl ? <Input.Error role="alert">{form.errors.logoUrl}</Input.Error> : null}
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/dashboard" variant="default">
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={isSaving}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
