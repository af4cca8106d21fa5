import { Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../components/confirm-delete';
import { FormModal, type useEditor } from '../../components/form-modal';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { CatalogueItemCard } from './catalogue-item-card';

export type CatalogueEditorState<T> = ReturnType<typeof useEditor<T>>;

interface CatalogueItem {
  id: string;
  isActive: boolean;
}

interface CatalogueEditorProps<T extends CatalogueItem> {
  items: UseQueryResult<T[]>;
  editor: CatalogueEditorState<T>;
  /** Singular and plural, translated: 'ticket type', 'tickets' ("Loading tickets", "Delete ticket type?"). */
  noun: { one: string; many: string };
  /** What the screen says while it lists nothing, and what the things are for. */
  empty: ReactNode;
  /** Above the list: a warning that concerns all of it. */
  notice?: ReactNode;
  /** The card's heading, amount and facts. */
  card: (item: T) => { name: string; price: string; description?: string | null; details?: ReactNode };
  /** Saves the item with isActive flipped; the client shows a refusal, the list keeps the saved state. */
  toggleActive: (item: T) => Promise<unknown>;
  /** Unset where an item cannot be deleted (a season pass, which may have been sold): no Delete button. */
  remove?: (item: T) => void;
  /** The form in the dialog: a new item (undefined) or the one being edited; it closes the dialog once saved. */
  form: (item: T | undefined) => ReactNode;
}

/**
 * The list-and-dialog editor of what an event sells or offers (ticket types, extras, codes): one
 * card per item with Edit, Activate/Deactivate and Delete (asked first), and a dialog holding the
 * item's form. The screens differ only in their cards and forms.
 */
export function CatalogueEditor<T extends CatalogueItem>({
  items,
  editor,
  noun,
  empty,
  notice,
  card,
  toggleActive,
  remove,
  form,
}: CatalogueEditorProps<T>) {
  const { t } = useTranslation('events');
  const [togglingId, setTogglingId] = useState<string | null>(null);

  const toggle = async (item: T) => {
    setTogglingId(item.id);
    try {
      await toggleActive(item);
    } catch {
      // The client has shown the server's message; the list still shows the saved state.
    } finally {
      setTogglingId(null);
    }
  };

  if (items.isPending) return <PageLoader label={t('catalogue.loading', { things: noun.many })} />;
  if (items.isError)
    return (
      <QueryError
        error={items.error}
        onRetry={() => void items.refetch()}
        what={t('catalogue.what', { things: noun.many })}
      />
    );

  return (
    <Stack gap="sm">
      {notice}
      {items.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : null}
      {items.data.map((item) => {
        const { name, price, description, details } = card(item);
        return (
          <CatalogueItemCard
            key={item.id}
            name={name}
            price={price}
            description={description}
            details={details}
            isActive={item.isActive}
            isBusy={togglingId === item.id}
            onEdit={() => editor.openEdit(item)}
            onToggleActive={() => void toggle(item)}
            onDelete={remove ? () => confirmDelete({ what: noun.one, name, onConfirm: () => remove(item) }) : undefined}
          />
        );
      })}
      <FormModal
        title={editor.item ? t('catalogue.edit', { thing: noun.one }) : t('catalogue.add', { thing: noun.one })}
        opened={editor.opened}
        onClose={editor.close}
      >
        {form(editor.item)}
      </FormModal>
    </Stack>
  );
}
