import { ZSaveSeriesRequest, type TSeries } from '@clubtix/contract';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, focusFirstError, formFailure } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveSeries } from '../api';

interface SeriesValues extends Record<string, unknown> {
  name: string;
  description: string;
}

/** A series' name and description: a new one (no series) or changes to one. */
export function SeriesForm({
  series,
  onSaved,
  onCancel,
}: {
  series?: TSeries | undefined;
  onSaved: (series: TSeries) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('series');
  const save = useSaveSeries();
  const [failure, setFailure] = useState<string | null>(null);
  const toRequest = (values: SeriesValues) => ({
    ...(series ? { id: series.id } : {}),
    name: values.name,
    description: values.description,
  });
  const form = useSchemaForm<SeriesValues>(
    ZSaveSeriesRequest,
    { name: series?.name ?? '', description: series?.description ?? '' },
    { toRequest },
  );

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      save.mutate(toRequest(values), {
        onSuccess: onSaved,
        onError: (error) => {
          applyServerErrors(form, error);
          setFailure(formFailure(error));
        },
      });
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('form.name')} required data-autofocus maxLength={200} {...form.getInputProps('name')} />
        <Textarea
          label={t('form.description')}
          description={t('form.descriptionHint')}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('description')}
        />
        {failure ? (
          <Alert color="red" role="alert" title={t('form.failed')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
