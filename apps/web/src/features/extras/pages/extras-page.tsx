import { formatMoney, type TEvent, type TExtras } from '@clubtix/contract';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete';
import { FormModal, useEditor } from '../../../components/form-modal';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { CatalogueItemCard } from '../../events/components/catalogue-item-card';
import { ManagedEventPage } from '../../events/components/managed-event-page';
import { useEventExtras, useRemoveExtras, useSaveExtras } from '../api';
import { ExtrasForm } from '../components/extras-form';
import { extrasToRequest } from '../extras-form-values';

type Editor = ReturnType<typeof useEditor<TExtras>>;

function Extras({ event, editor }: { event: TEvent; editor: Editor }) {
  const extras = useEventExtras(event.id);
  const save = useSaveExtras(event.id);
  const remove = useRemoveExtras(event.id);
  const [togglingId, setTogglingId] = useState<string | null>(null);

  const toggle = async (item: TExtras) => {
    setTogglingId(item.id);
    try {
      await save.mutateAsync(extrasToRequest(item, { isActive: !item.isActive }));
    } catch {
      // The client has shown the server's message; the list still shows the saved state.
    } finally {
      setTogglingId(null);
    }
  };

  if (extras.isPending) return <PageLoader label="Loading extras" />;
  if (extras.isError)
    return <QueryError error={extras.error} onRetry={() => void extras.refetch()} what="the extras" />;

  return (
    <Stack gap="sm">
      {extras.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No extras yet. Extras are sold beside tickets: parking, a meal, a T-shirt.
        </Text>
      ) : null}
      {extras.data.map((item) => (
        <CatalogueItemCard
          key={item.id}
          name={item.name}
          price={formatMoney(item.price, event.currency)}
          description={item.description}
          details={
            <Text size="sm" data-testid="extras-quantity">
              Quantity: {item.quantity === null ? 'Unlimited' : item.quantity}
            </Text>
          }
          isActive={item.isActive}
          isBusy={togglingId === item.id}
          onEdit={() => editor.openEdit(item)}
          onToggleActive={() => void toggle(item)}
          onDelete={() => confirmDelete({ what: 'extra', name: item.name, onConfirm: () => remove.mutate(item.id) })}
        />
      ))}
      <FormModal title={editor.item ? 'Edit extra' : 'Add extra'} opened={editor.opened} onClose={editor.close}>
        <ExtrasForm
          key={editor.item?.id ?? 'new'}
          event={event}
          extras={editor.item}
          isSaving={save.isPending}
          onCancel={editor.close}
          onSave={async (body) => {
            await save.mutateAsync(body);
            editor.close();
          }}
        />
      </FormModal>
    </Stack>
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
