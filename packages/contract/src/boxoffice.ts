import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ZAdminDoorRegistration, ZDoorRegistration, ZSoldVoucher } from './door-view';
import { ZOrder } from './registrations';
import { optionalText, ZEmail, ZId } from './rules';

/**
 * Selling at the door (docs/product.md section 20; docs/decisions/0034-box-office.md): a confirmed
 * registration paid by cash, card terminal or nothing at all, sold under the same never-oversell
 * rule as an online hold, and checked in at once when asked.
 */
export const BOX_OFFICE_METHODS = ['cash', 'card_terminal', 'complimentary'] as const;
export const ZBoxOfficeMethod = z.enum(BOX_OFFICE_METHODS, {
  error: 'Payment method must be cash, card_terminal or complimentary',
});
export type TBoxOfficeMethod = z.infer<typeof ZBoxOfficeMethod>;

const quantity = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(100, 'Quantity must be at most 100');

export const ZBoxOfficeSellRequest = z
  .object({
    eventId: ZId,
    /** May be empty when extras are sold alone (docs/decisions/0034-box-office.md). */
    tickets: z
      .array(z.object({ ticketId: ZId, quantity }), { error: 'Choose at least one ticket' })
      .max(20, 'Too many ticket lines'),
    /** The event's extras sold with the tickets (or alone): each becomes a paid voucher at once. */
    extras: z
      .array(z.object({ extrasId: ZId, quantity }), { error: 'Extras must be a list' })
      .max(20, 'Too many extras lines')
      .optional(),
    /** Names for the tickets, in order (first line's tickets first); fewer than the tickets is fine. */
    attendees: z
      .array(
        z.object({
          firstName: optionalText('First name', 100),
          lastName: optionalText('Last name', 100),
          email: ZEmail.optional().nullable(),
        }),
      )
      .max(100, 'Too many attendees')
      .optional(),
    /** The buyer's e-mail, if any: the ticket mail goes to it (else to the first attendee e-mail). */
    email: ZEmail.optional().nullable(),
    paymentMethod: ZBoxOfficeMethod,
    checkIn: z.boolean({ error: 'checkIn must be true or false' }).optional(),
  })
  .superRefine((sale, ctx) => {
    if (sale.tickets.length === 0 && (sale.extras ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['tickets'], message: 'Choose at least one ticket or extra' });
    }
  });
export type TBoxOfficeSellRequest = z.input<typeof ZBoxOfficeSellRequest>;

/**
 * A sale as an admin reads it: the registration (no qrUuid: a door answer, docs/decisions/0061-staff-scope.md)
 * and its paid order. `extrasVouchers`: one paid voucher per extra sold, issued at once, redeemed at the
 * door, mailed with the tickets (its QR's secret is not in the answer either).
 */
export const ZBoxOfficeSale = z.object({
  registration: ZAdminDoorRegistration,
  order: ZOrder,
  extrasVouchers: z.array(ZSoldVoucher),
});
export type TBoxOfficeSale = z.infer<typeof ZBoxOfficeSale>;

/** A sale as door staff read it: the door's view of the registration, and what extras were sold; no order, no amount. */
export const ZDoorBoxOfficeSale = z.object({
  registration: ZDoorRegistration,
  extrasVouchers: z.array(ZSoldVoucher),
});
export type TDoorBoxOfficeSale = z.infer<typeof ZDoorBoxOfficeSale>;

/** The box office answers an admin's sale or, to door staff, the door's. */
export const ZBoxOfficeAnswer = z.union([ZBoxOfficeSale, ZDoorBoxOfficeSale]);
export type TBoxOfficeAnswer = z.infer<typeof ZBoxOfficeAnswer>;

export const boxOfficeEndpoints = {
  sell: defineEndpoint({
    method: 'POST',
    path: '/boxoffice/sell',
    access: 'admin',
    staff: true,
    summary:
      'Sell tickets and extras at the door (an admin, or door staff of the event): a confirmed, paid ' +
      'registration and its extras vouchers (409 SOLD_OUT past the stock, nothing sold)',
    body: ZBoxOfficeSellRequest,
    response: ZBoxOfficeAnswer,
  }),
};
