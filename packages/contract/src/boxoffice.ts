import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ZExtrasVoucher } from './extras';
import { ZOrder, ZRegistration } from './registrations';
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

/** `extrasVouchers`: one paid voucher per extra sold, issued at once, redeemed at the door. */
export const ZBoxOfficeSale = z.object({
  registration: ZRegistration,
  order: ZOrder,
  extrasVouchers: z.array(ZExtrasVoucher),
});
export type TBoxOfficeSale = z.infer<typeof ZBoxOfficeSale>;

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
    response: ZBoxOfficeSale,
  }),
};
