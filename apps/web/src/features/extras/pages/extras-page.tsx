import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { formatMoney, type TEvent, type TExtras } from '@clubtix/contract';
import { Button, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useEditor } from '../../../components/form-modal';
import { CatalogueEditor, type CatalogueEditorState } from '../../event-admin/catalogue-editor';
import { ManagedEventPage } from '../../event-admin/managed-event-page';
import { useEventExtras, useRemoveExtras, useSaveExtras } from '../api';
import { ExtrasForm } from '../components/extras-form';
import { extrasToRequest } from '../extras-form-values';

function Extras({ event, editor }: { event: TEvent; editor: CatalogueEditorState<TExtras> }) {
  const { t } = useTranslation('extras');
  const extras = useEventExtras(event.id);
  const save = useSaveExtras(event.id);
  const remove = useRemoveExtras(event.id);

  return (
    <CatalogueEditor
      items={extras}
      editor={editor}
      noun={{ one: t('noun.one'), many: t('noun.many') }}
      empty={t('empty')}
      card={(item) => ({
        name: item.name,
        price: formatMoney(item.price, event.currency, currentLanguage()),
        description: item.description,
        details: (
          <Text size="sm" data-testid="extras-quantity">
            {t('quantity', { quantity: item.quantity === null ? t('unlimited') : item.quantity })}
          </Text>
        ),
      })}
      toggleActive={(item) => save.mutateAsync(extrasToRequest(item, { isActive: !item.isActive }))}
      remove={(item) => remove.mutate(item.id)}
      form={(item) => (
        <ExtrasForm
          key={item?.id ?? 'new'}
          event={event}
          extras={item}
          isSaving={save.isPending}
          onCancel={editor.close}
          onSave={async (body) => {
            await save.mutateAsync(body);
            editor.close();
          }}
        />
      )}
    />
  );
}

/** /event/{eventId}/extras: what the event sells beside tickets, active or not. */
export default function ExtrasPage() {
  // Every namespace the screen's parts read, loaded before it shows: no flash of a half-loaded page.
  const { t } = useTranslation(['extras', 'events']);
  const { eventId } = useParams();
  const editor = useEditor<TExtras>();
  return (
    <ManagedEventPage
      eventId={eventId}
      title={t('title')}
      screen="extras"
      actions={() => <Button onClick={editor.openNew}>{t('add')}</Button>}
    >
      {(event) => <Extras event={event} editor={editor} />}
    </ManagedEventPage>
  );
}
