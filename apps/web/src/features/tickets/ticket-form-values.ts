import type { TSaveTicketRequest, TTicket } from '@clubtix/contract';
import { i18n } from '../../i18n/i18n';
import type { FormErrors } from '@mantine/form';
import type { CalendarDate } from '../../lib/date-parsing';
import { checkMoneyInput, toMajorUnits, toMinorUnits } from '../../lib/money-input';
import {
  checkOptionalMoment,
  checkSameDayOrder,
  END_OF_DAY,
  optionalMomentToIso,
  optionalNumber,
  START_OF_DAY,
} from '../../lib/moment-fields';
import { toWallClock } from '../../lib/zoned-time';

/** The ticket form's fields: price in major units, the sales window as days and times on the event clock. */
export type TicketFormValues = {
  name: string;
  description: string;
  price: number | string;
  quantity: number | string;
  maxPerOrder: number | string;
  salesStartDate: CalendarDate | null;
  salesStartTime: string;
  salesEndDate: CalendarDate | null;
  salesEndTime: string;
  isActive: boolean;
  hidden: boolean;
};

export const TICKET_FIELD_OF: Record<string, string> = {
  salesStartAt: 'salesStartDate',
  salesEndAt: 'salesEndDate',
};

export function ticketToFormValues(ticket: TTicket | undefined, timezone: string): TicketFormValues {
  const start = ticket?.salesStartAt ? toWallClock(ticket.salesStartAt, timezone) : null;
  const end = ticket?.salesEndAt ? toWallClock(ticket.salesEndAt, timezone) : null;
  return {
    name: ticket?.name ?? '',
    description: ticket?.description ?? '',
    price: ticket ? toMajorUnits(ticket.price) : '',
    quantity: ticket?.quantity ?? '',
    maxPerOrder: ticket?.maxPerOrder ?? 10,
    salesStartDate: start?.date ?? null,
    salesStartTime: start?.time ?? '',
    salesEndDate: end?.date ?? null,
    salesEndTime: end?.time ?? '',
    isActive: ticket?.isActive ?? true,
    hidden: ticket?.hidden ?? false,
  };
}

interface TicketContext {
  eventId: string;
  timezone: string;
  ticket?: TTicket;
}

export function ticketFormToRequest(
  values: TicketFormValues,
  { eventId, timezone, ticket }: TicketContext,
): TSaveTicketRequest {
  return {
    ...(ticket ? { id: ticket.id, position: ticket.position } : {}),
    eventId,
    name: values.name,
    description: values.description,
    // Unreadable amounts fail the schema; checkTicketForm gives the message in major units.
    price: toMinorUnits(values.price) ?? Number.NaN,
    quantity: optionalNumber(values.quantity),
    maxPerOrder: values.maxPerOrder === '' ? Number.NaN : Number(values.maxPerOrder),
    salesStartAt: optionalMomentToIso(values.salesStartDate, values.salesStartTime, timezone, START_OF_DAY),
    salesEndAt: optionalMomentToIso(values.salesEndDate, values.salesEndTime, timezone, END_OF_DAY),
    isActive: values.isActive,
    hidden: values.hidden,
  };
}

/** The saved ticket as a save request, for changes made from the list (activate, deactivate). */
export function ticketToRequest(ticket: TTicket, changes: Partial<TSaveTicketRequest> = {}): TSaveTicketRequest {
  return {
    id: ticket.id,
    eventId: ticket.eventId,
    name: ticket.name,
    description: ticket.description,
    price: ticket.price,
    quantity: ticket.quantity,
    maxPerOrder: ticket.maxPerOrder,
    salesStartAt: ticket.salesStartAt,
    salesEndAt: ticket.salesEndAt,
    isActive: ticket.isActive,
    hidden: ticket.hidden,
    position: ticket.position,
    ...changes,
  };
}

export function checkTicketForm(values: TicketFormValues): FormErrors {
  const errors: FormErrors = {};
  const price = checkMoneyInput(i18n.t('tickets:form.price'), values.price);
  if (price) errors.price = price;
  if (values.maxPerOrder === '') errors.maxPerOrder = i18n.t('tickets:form.perOrderRequired');
  const salesStart = {
    dateField: 'salesStartDate',
    timeField: 'salesStartTime',
    date: values.salesStartDate,
    time: values.salesStartTime,
  };
  const salesEnd = {
    dateField: 'salesEndDate',
    timeField: 'salesEndTime',
    date: values.salesEndDate,
    time: values.salesEndTime,
  };
  checkSameDayOrder(errors, salesStart, salesEnd, i18n.t('tickets:form.endBeforeStart'));
  checkOptionalMoment(errors, salesStart);
  checkOptionalMoment(errors, salesEnd);
  return errors;
}
