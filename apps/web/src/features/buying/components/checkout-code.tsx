import { formatMoney, type TOrder } from '@clubtix/contract';
import { useState } from 'react';
import { currentLanguage, i18n } from '../../../i18n/i18n';
import { useCheckCode } from '../api';
import {
  codeApplies,
  codeErrorText,
  codeNotApplicable,
  describeCode,
  heldTicketsOrder,
  orderTicketLines,
  type CheckoutCode,
} from '../discount-code';
import { CodeField, type AppliedCode } from './code-field';

function describe(current: CheckoutCode, held: TOrder): string {
  if (current.check) {
    const tickets = held.items.flatMap((item) =>
      item.kind === 'ticket' && item.ticketId ? [{ id: item.ticketId, name: item.name, hidden: false }] : [],
    );
    return describeCode(current.check, tickets, held.currency);
  }
  const { discountAmount } = heldTicketsOrder(held, current);
  return i18n.t('buying:code.offTickets', { amount: formatMoney(discountAmount, held.currency, currentLanguage()) });
}

/**
 * The code at checkout (docs/product.md section 19): the one the tickets were held with, which the
 * buyer may change or remove; a new code is checked with the server at once, and the order is
 * priced with it when it is reviewed (createOrder's discountCode). `refusal`: the server refused the
 * code when pricing the order.
 */
export function CheckoutCodeField({
  eventId,
  held,
  current,
  onChange,
  refusal,
  disabled,
}: {
  eventId: string;
  held: TOrder;
  current: CheckoutCode | null;
  onChange: (next: CheckoutCode | null) => void;
  refusal: string | null;
  disabled: boolean;
}) {
  const checkCode = useCheckCode();
  const [error, setError] = useState<string | null>(null);
  const applied: AppliedCode | null = current ? { code: current.code, description: describe(current, held) } : null;
  return (
    <CodeField
      applied={applied}
      pending={checkCode.isPending || disabled}
      error={error ?? refusal}
      onEdit={() => setError(null)}
      onRemove={() => {
        setError(null);
        onChange(null);
      }}
      onApply={(code) => {
        setError(null);
        checkCode.mutate(
          { eventId, code },
          {
            onSuccess: (check) => {
              // The held tickets are set: a code that covers none of them cannot be used here.
              if (codeApplies(check, orderTicketLines(held))) onChange({ code: check.code, check });
              else setError(codeNotApplicable());
            },
            onError: (failure) => setError(codeErrorText(failure)),
          },
        );
      }}
    />
  );
}
