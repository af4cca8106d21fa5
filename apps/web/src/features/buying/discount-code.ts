import { formatMoney, type TCodeCheck, type TCurrency, type TOrder, type TTicket } from '@clubtix/contract';
import { fieldErrors, isApiError } from '../../api/api-error';
import { currentLanguage, currentLocale, i18n } from '../../i18n/i18n';

/**
 * Discount and access codes as the buyer sees them (docs/product.md section 19,
 * docs/decisions/0030-money-screens.md). The server prices
 * every order itself; what is computed here is the preview shown before it does (at the ticket
 * selection, and at checkout once the code is changed), made the way the server makes it: a
 * percent of the covered lines' total, rounded once, half up, to the minor unit; or an amount off
 * each covered ticket, never more than the ticket's price.
 */

/** What the buyer is told when a code covers none of the chosen tickets (the server then spends no use). */
export const codeNotApplicable = (): string => i18n.t('buying:code.notApplicable');

/** The code of a `?code=` link, trimmed; null when absent or blank. */
export function codeFromSearch(params: URLSearchParams): string | null {
  const code = params.get('code')?.trim() ?? '';
  return code === '' ? null : code.slice(0, 40);
}

/** Whether a code covers a ticket type: all of them when it names none. */
export function codeCovers(check: Pick<TCodeCheck, 'ticketIds'>, ticketId: string): boolean {
  return check.ticketIds.length === 0 || check.ticketIds.includes(ticketId);
}

/** A percent of an amount in minor units, half up, in integers (no floating-point error). */
function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * Math.min(percent, 100) + 50) / 100);
}

/** What a code takes off one line of `quantity` tickets at `unitPrice` each, taken alone. */
export function lineDiscount(check: Pick<TCodeCheck, 'kind' | 'value'>, unitPrice: number, quantity: number): number {
  if (unitPrice <= 0 || quantity <= 0) return 0;
  if (check.kind === 'percent') return percentOf(unitPrice * quantity, check.value);
  return Math.min(check.value, unitPrice) * quantity;
}

export interface PricedLine {
  ticketId: string;
  quantity: number;
  unitPrice: number;
}

/** Whether a code covers any of these lines: else the server refuses it for them. */
export function codeApplies(check: Pick<TCodeCheck, 'ticketIds'>, lines: readonly PricedLine[]): boolean {
  return lines.some((line) => line.quantity > 0 && codeCovers(check, line.ticketId));
}

/** What a code takes off these ticket lines, in minor units. */
export function codeDiscount(
  check: Pick<TCodeCheck, 'kind' | 'value' | 'ticketIds'>,
  lines: readonly PricedLine[],
): number {
  const covered = lines.filter((line) => line.quantity > 0 && codeCovers(check, line.ticketId));
  if (check.kind === 'percent') {
    return percentOf(
      covered.reduce((sum, line) => sum + Math.max(0, line.unitPrice) * line.quantity, 0),
      check.value,
    );
  }
  return covered.reduce((sum, line) => sum + lineDiscount(check, line.unitPrice, line.quantity), 0);
}

/** The ticket lines of an order (priced before the discount). */
export function orderTicketLines(order: Pick<TOrder, 'items'>): PricedLine[] {
  return order.items.flatMap((item) =>
    item.kind === 'ticket' && item.ticketId && item.quantity > 0
      ? [{ ticketId: item.ticketId, quantity: item.quantity, unitPrice: item.unitPrice }]
      : [],
  );
}

/** The chosen quantities as priced lines, at the listed prices. */
export function selectionPricedLines(
  selection: Readonly<Record<string, number>>,
  tickets: ReadonlyArray<Pick<TTicket, 'id' | 'price'>>,
): PricedLine[] {
  return tickets
    .filter((ticket) => (selection[ticket.id] ?? 0) > 0)
    .map((ticket) => ({ ticketId: ticket.id, quantity: selection[ticket.id] ?? 0, unitPrice: ticket.price }));
}

/**
 * What a code takes off, in words: "10% off" or "£5 off each ticket", then the tickets it is
 * limited to when it names some ("on Adult and Child"). An access code that opens hidden tickets
 * says so too.
 */
export function describeCode(
  check: TCodeCheck,
  tickets: ReadonlyArray<Pick<TTicket, 'id' | 'name' | 'hidden'>>,
  currency: TCurrency,
): string {
  const off =
    check.kind === 'percent'
      ? i18n.t('buying:code.percentOff', { percent: check.value })
      : i18n.t('buying:code.amountOff', { amount: formatMoney(check.value, currency, currentLanguage()) });
  const named = tickets.filter((ticket) => check.ticketIds.includes(ticket.id));
  const opens = named.filter((ticket) => ticket.hidden).length;
  const names = new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(
    named.map((ticket) => ticket.name),
  );
  const parts = [named.length === 0 ? off : i18n.t('buying:code.offOn', { off, names })];
  if (opens > 0) parts.push(i18n.t('buying:code.opens', { count: opens }));
  return parts.join('; ');
}

/** The summary line of a discount: "Discount (SPRING) −£4.50". */
export function discountLabel(code: string): string {
  return i18n.t('buying:code.discountLine', { code });
}

export function minusMoney(amount: number, currency: TCurrency): string {
  return `−${formatMoney(amount, currency, currentLanguage())}`;
}

/**
 * Why a code was refused, for the field that holds it: the server's word for it (unknown, expired,
 * used up, inactive, or not for this event), or the schema's message for a malformed one.
 */
export function codeErrorText(error: unknown): string {
  if (!isApiError(error)) return i18n.t('buying:code.checkFailed');
  const fields = fieldErrors(error);
  return fields.code ?? fields.discountCode ?? error.msg;
}

/** Whether a failed hold or order was refused for its code rather than for anything else. */
export function isCodeRefusal(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400) return false;
  const fields = fieldErrors(error);
  return 'discountCode' in fields || 'code' in fields;
}

/** Codes are compared without regard to case, as the server compares them. */
export function sameCode(a: string | null, b: string | null): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}

/** The code the buyer has at checkout; `check` is known once they apply one there. */
export interface CheckoutCode {
  code: string;
  check: TCodeCheck | null;
}

/** What createOrder's `discountCode` says: absent keeps the held code, a code applies it, null removes it. */
export function codeChange(current: CheckoutCode | null, held: string | null): string | null | undefined {
  if (sameCode(current?.code ?? null, held)) return undefined;
  return current?.code ?? null;
}

/**
 * The held tickets for the checkout's first summary: without extras chosen on an earlier visit
 * (they are chosen again below it), and with the code the buyer has now: the server's discount
 * while it is the held one, the preview of a code applied here, none once it is removed.
 */
export function heldTicketsOrder(order: TOrder, current: CheckoutCode | null): TOrder {
  const items = order.items.filter((item) => item.kind === 'ticket');
  const gross = items.reduce((sum, item) => sum + item.amount, 0);
  const kept = codeChange(current, order.discountCode) === undefined;
  const discountCode = kept ? order.discountCode : (current?.code ?? null);
  const previewed = current?.check ? codeDiscount(current.check, orderTicketLines({ items })) : 0;
  const discountAmount = Math.min(gross, kept ? order.discountAmount : previewed);
  return { ...order, items, discountCode, discountAmount, amount: gross - discountAmount };
}
