import { ZSaveTicketRequest, type TTicket } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkTicketForm, ticketFormToRequest, ticketToFormValues, ticketToRequest } from './ticket-form-values';
import { i18n, startI18n } from '../../i18n/i18n';

beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('tickets');
});

const ticket: TTicket = {
  id: 't1',
  eventId: 'e1',
  name: 'Standard',
  description: null,
  price: 1250,
  quantity: 100,
  sold: 3,
  available: 97,
  held: 0,
  heldUntil: null,
  maxPerOrder: 6,
  salesStartAt: null,
  salesEndAt: '2026-08-15T16:00:00.000Z',
  isActive: true,
  hidden: false,
  position: 2,
};

describe('ticket form values', () => {
  it('sends the typed price in minor units and an empty quantity as unlimited', () => {
    const values = { ...ticketToFormValues(undefined, 'Europe/London'), name: 'VIP', price: '12.50' };
    const request = ticketFormToRequest(values, { eventId: 'e1', timezone: 'Europe/London' });
    expect(request).toMatchObject({ eventId: 'e1', name: 'VIP', price: 1250, quantity: null, maxPerOrder: 10 });
    expect(request.id).toBeUndefined();
    expect(ZSaveTicketRequest.safeParse(request).success).toBe(true);
  });

  it('edits in major units and on the event clock, and round-trips', () => {
    const values = ticketToFormValues(ticket, 'Europe/London');
    expect(values).toMatchObject({ price: 12.5, quantity: 100, salesEndTime: '17:00', salesStartDate: null });
    // Compared as the server reads them: an empty description is null either way.
    expect(
      ZSaveTicketRequest.parse(ticketFormToRequest(values, { eventId: 'e1', timezone: 'Europe/London', ticket })),
    ).toEqual(ZSaveTicketRequest.parse(ticketToRequest(ticket)));
  });

  it('keeps a hidden ticket hidden, and hides one on request', () => {
    const hidden = { ...ticket, hidden: true };
    expect(ticketToFormValues(hidden, 'UTC').hidden).toBe(true);
    expect(ticketToRequest(hidden)).toMatchObject({ hidden: true });
    const values = { ...ticketToFormValues(ticket, 'UTC'), hidden: true };
    expect(ticketFormToRequest(values, { eventId: 'e1', timezone: 'UTC', ticket })).toMatchObject({ hidden: true });
  });

  it('changes one field of a saved ticket for the list actions', () => {
    expect(ticketToRequest(ticket, { isActive: false })).toMatchObject({ id: 't1', isActive: false, price: 1250 });
  });

  it('explains money in major units', () => {
    const values = ticketToFormValues(undefined, 'UTC');
    expect(checkTicketForm(values)).toEqual({ price: 'Price is required (0 for free)' });
    expect(checkTicketForm({ ...values, price: 0 })).toEqual({});
    expect(checkTicketForm({ ...values, price: 0, maxPerOrder: '', salesEndTime: '10:00' })).toEqual({
      maxPerOrder: 'Per-order limit is required',
      salesEndDate: 'Choose a date for this time',
    });
  });

  it('puts a sales end before its start on the same day on the end time', () => {
    const day = { year: 2027, month: 3, day: 1 };
    const values = { ...ticketToFormValues(undefined, 'UTC'), price: 0 };
    const window = { salesStartDate: day, salesStartTime: '18:00', salesEndDate: day, salesEndTime: '17:59' };
    expect(checkTicketForm({ ...values, ...window })).toEqual({
      salesEndTime: 'Sales end time must not be before the sales start time',
      salesEndDate: null,
    });
  });
});
