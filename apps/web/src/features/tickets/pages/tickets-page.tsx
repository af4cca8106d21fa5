import { formatMoney, type TEvent, type TTicket } from '@clubtix/contract';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete';
import { FormModal, useEditor } from '../../../components/form-modal';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { CatalogueItemCard } from '../../events/components/catalogue-item-card';
import { ManagedEventPage } from '../../events/components/managed-event-page';
import { useEventTickets, useRemoveTicket, useSaveTicket } from '../api';
import { TicketForm } from '../components/ticket-form';
import { ticketToRequest } from '../ticket-form-values';

function ticketCounts(ticket: TTicket): string {
  const quantity = ticket.quantity === null ? 'Unlimited' : String(ticket.quantity);
  const available = ticket.available === null ? 'Unlimited' : String(ticket.available);
  return `Quantity: ${quantity} · Sold: ${ticket.sold} · Available: ${available}`;
}

type Editor = ReturnType<typeof useEditor<TTicket>>;

function Tickets({ event, editor }: { event: TEvent; editor: Editor }) {
  const tickets = useEventTickets(event.id);
  const save = useSaveTicket(event.id);
  const remove = useRemoveTicket(event.id);
  const [togglingId, setTogglingId] = useState<string | null>(null);

  const toggle = async (ticket: TTicket) => {
    setTogglingId(ticket.id);
    try {
      await save.mutateAsync(ticketToRequest(ticket, { isActive: !ticket.isActive }));
    } catch {
      // The client has shown the server's message; the list still shows the saved state.
    } finally {
      setTogglingId(null);
    }
  };

  if (tickets.isPending) return <PageLoader label="Loading tickets" />;
  if (tickets.isError)
    return <QueryError error={tickets.error} onRetry={() => void tickets.refetch()} what="the tickets" />;

  return (
    <Stack gap="sm">
      {tickets.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No ticket types yet. Add one so people can register.
        </Text>
      ) : null}
      {tickets.data.map((ticket) => (
        <CatalogueItemCard
          key={ticket.id}
          name={ticket.name}
          price={formatMoney(ticket.price, event.currency)}
          description={ticket.description}
          details={
            <Text size="sm" data-testid="ticket-counts">
              {ticketCounts(ticket)}
            </Text>
          }
          isActive={ticket.isActive}
          isBusy={togglingId === ticket.id}
          onEdit={() => editor.openEdit(ticket)}
          onToggleActive={() => void toggle(ticket)}
          onDelete={() =>
            confirmDelete({
              what: 'ticket type',
              name: ticket.name,
              // A ticket with sales answers 409 with the server's reason, shown as a toast.
              onConfirm: () => remove.mutate(ticket.id),
            })
          }
        />
      ))}
      <FormModal
        title={editor.item ? 'Edit ticket type' : 'Add ticket type'}
        opened={editor.opened}
        onClose={editor.close}
      >
        <TicketForm
          key={editor.item?.id ?? 'new'}
          event={event}
          ticket={editor.item}
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

/** /event/{eventId}/tickets: the event's ticket types, active or not. */
export default function TicketsPage() {
  const { eventId } = useParams();
  const editor = useEditor<TTicket>();
  return (
    <ManagedEventPage
      eventId={eventId}
      title="Tickets"
      screen="tickets"
      actions={() => <Button onClick={editor.openNew}>Add ticket type</Button>}
    >
      {(event) => <Tickets event={event} editor={editor} />}
    </ManagedEventPage>
  );
}
