import { i18n, currentLanguage } from '../../../i18n/i18n';
import { formatMoney, type TEvent, type TTicket } from '@clubtix/contract';
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useEditor } from '../../../components/form-modal';
import { CatalogueEditor, type CatalogueEditorState } from '../../event-admin/catalogue-editor';
import { ManagedEventPage } from '../../event-admin/managed-event-page';
import { useEventTickets, useRemoveTicket, useSaveTicket } from '../api';
import { TicketForm } from '../components/ticket-form';
import { ticketToRequest } from '../ticket-form-values';

function ticketCounts(ticket: TTicket): string {
  const unlimited = i18n.t('tickets:counts.unlimited');
  const quantity = ticket.quantity === null ? unlimited : String(ticket.quantity);
  const available = ticket.available === null ? unlimited : String(ticket.available);
  return i18n.t('tickets:counts.line', { quantity, sold: ticket.sold, available });
}

function Tickets({ event, editor }: { event: TEvent; editor: CatalogueEditorState<TTicket> }) {
  const { t } = useTranslation('tickets');
  const tickets = useEventTickets(event.id);
  const save = useSaveTicket(event.id);
  const remove = useRemoveTicket(event.id);

  return (
    <CatalogueEditor
      items={tickets}
      editor={editor}
      noun={{ one: t('page.nounOne'), many: t('page.nounMany') }}
      empty={t('page.empty')}
      card={(ticket) => ({
        name: ticket.name,
        price: formatMoney(ticket.price, event.currency, currentLanguage()),
        description: ticket.description,
        details: (
          <>
            <Text size="sm" data-testid="ticket-counts">
              {ticketCounts(ticket)}
            </Text>
            {ticket.hidden ? (
              <Text size="sm" c="dimmed" data-testid="ticket-hidden">
                {t('form.hidden')}
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
  const { t } = useTranslation('tickets');
  const { eventId } = useParams();
  const editor = useEditor<TTicket>();
  return (
    <ManagedEventPage
      eventId={eventId}
      title={t('page.title')}
      screen="tickets"
      actions={() => <Button onClick={editor.openNew}>{t('page.add')}</Button>}
    >
      {(event) => <Tickets event={event} editor={editor} />}
    </ManagedEventPage>
  );
}
