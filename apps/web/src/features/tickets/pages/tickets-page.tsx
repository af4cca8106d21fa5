import { formatMoney, type TEvent, type TTicket } from '@clubtix/contract';
import { Button, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useEditor } from '../../../components/form-modal';
import { CatalogueEditor, type CatalogueEditorState } from '../../events/components/catalogue-editor';
import { ManagedEventPage } from '../../events/components/managed-event-page';
import { useEventTickets, useRemoveTicket, useSaveTicket } from '../api';
import { TicketForm } from '../components/ticket-form';
import { ticketToRequest } from '../ticket-form-values';

function ticketCounts(ticket: TTicket): string {
  const quantity = ticket.quantity === null ? 'Unlimited' : String(ticket.quantity);
  const available = ticket.available === null ? 'Unlimited' : String(ticket.available);
  return `Quantity: ${quantity} · Sold: ${ticket.sold} · Available: ${available}`;
}

function Tickets({ event, editor }: { event: TEvent; editor: CatalogueEditorState<TTicket> }) {
  const tickets = useEventTickets(event.id);
  const save = useSaveTicket(event.id);
  const remove = useRemoveTicket(event.id);

  return (
    <CatalogueEditor
      items={tickets}
      editor={editor}
      noun={{ one: 'ticket type', many: 'tickets' }}
      empty="No ticket types yet. Add one so people can register."
      card={(ticket) => ({
        name: ticket.name,
        price: formatMoney(ticket.price, event.currency),
        description: ticket.description,
        details: (
          <>
            <Text size="sm" data-testid="ticket-counts">
              {ticketCounts(ticket)}
            </Text>
            {ticket.hidden ? (
              <Text size="sm" c="dimmed" data-testid="ticket-hidden">
                Hidden: offered only with an access code
              </Text>
            ) : null}
          </>
        ),
      })}
      toggleActive={(ticket) => save.mutateAsync(ticketToRequest(ticket, { isActive: !ticket.isActive }))}
      // A ticket with sales answers 409 with the server's reason, shown as a toast.
      remove={(ticket) => remove.mutate(ticket.id)}
      form={(ticket) => (
        <TicketForm
          key={ticket?.id ?? 'new'}
          event={event}
          ticket={ticket}
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
