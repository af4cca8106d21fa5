import { formatMoney, type TPass, type TSeries } from '@clubtix/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../../components/form-modal';
import { currentLanguage } from '../../../i18n/i18n';
import { CatalogueEditor } from '../../event-admin/catalogue-editor';
import { useClubEvents } from '../../events/api';
import { useSavePass, useSeriesPasses } from '../api';
import { passCurrency, passToRequest } from '../pass-form-values';
import { PassForm } from './pass-form';

/** The series' season passes, on sale or not: add, edit, put on sale or take off (a sold pass stays). */
export function SeriesPasses({ series }: { series: TSeries }) {
  const { t } = useTranslation('series');
  const headingId = useId();
  const passes = useSeriesPasses(series.id);
  const save = useSavePass(series.id);
  const editor = useEditor<TPass>();
  const events = useClubEvents(series.clubId);
  const eventCurrency = events.data?.find((event) => event.seriesId === series.id)?.currency;
  const currencyOf = (pass?: TPass) => passCurrency(pass?.currency ?? passes.data?.[0]?.currency, eventCurrency);

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" mt="xl" maw={820}>
      <Group justify="space-between" align="center">
        <Title order={2} id={headingId} fz="xl">
          {t('passes.title')}
        </Title>
        <Button onClick={editor.openNew}>{t('passes.add')}</Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('passes.intro')}
      </Text>
      <CatalogueEditor
        items={passes}
        editor={editor}
        noun={{ one: t('passes.one'), many: t('passes.many') }}
        empty={t('passes.empty')}
        card={(pass) => ({
          name: pass.name,
          price: formatMoney(pass.price, currencyOf(pass), currentLanguage()),
          details: (
            <Text size="sm" data-testid="pass-quantity">
              {t('passes.quantity', { quantity: pass.quantity === null ? t('passes.unlimited') : pass.quantity })}
              {pass.available === null ? null : ` · ${t('passes.available', { count: pass.available })}`}
            </Text>
          ),
        })}
        toggleActive={(pass) => save.mutateAsync(passToRequest(pass, { isActive: !pass.isActive }))}
        form={(pass) => (
          <PassForm
            key={pass?.id ?? 'new'}
            seriesId={series.id}
            currency={currencyOf(pass)}
            pass={pass}
            isSaving={save.isPending}
            onCancel={editor.close}
            onSave={async (body) => {
              await save.mutateAsync(body);
              editor.close();
            }}
          />
        )}
      />
    </Stack>
  );
}
