import { formatMoney, type TEvent, type TExtras } from '@clubtix/contract';
import { Button, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useEditor } from '../../../components/form-modal';
import { CatalogueEditor, type CatalogueEditorState } from '../../events/components/catalogue-editor';
import { ManagedEventPage } from '../../events/components/managed-event-page';
import { useEventExtras, useRemoveExtras, useSaveExtras } from '../api';
import { ExtrasForm } from '../components/extras-form';
import { extrasToRequest } from '../extras-form-values';

function Extras({ event, editor }: { event: TEvent; editor: CatalogueEditorState<TExtras> }) {
  const extras = useEventExtras(event.id);
  const save = useSaveExtras(event.id);
  const remove = useRemoveExtras(event.id);

  return (
    <CatalogueEditor
      items={extras}
      editor={editor}
      noun={{ one: 'extra', many: 'extras' }}
      empty="No extras yet. Extras are sold beside tickets: parking, a meal, a T-shirt."
      card={(item) => ({
        name: item.name,
        price: formatMoney(item.price, event.currency),
        description: item.description,
        details: (
          <Text size="sm" data-testid="extras-quantity">
            Quantity: {item.quantity === null ? 'Unlimited' : item.quantity}
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
  const { eventId } = useParams();
  const editor = useEditor<TExtras>();
  return (
    <ManagedEventPage
      eventId={eventId}
      title="Extras"
      screen="extras"
      actions={() => <Button onClick={editor.openNew}>Add extra</Button>}
    >
      {(event) => <Extras event={event} editor={editor} />}
    </ManagedEventPage>
  );
}
