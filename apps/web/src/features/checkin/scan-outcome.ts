import {
  cancellationOfConflict,
  checkinOfConflict,
  redeemedAtOfConflict,
  contractText,
  SCAN_MESSAGES,
  type TAnswers,
  type TDoorCancellation,
  type TFormQuestion,
  type TVoucherAtDoor,
  voucherEmailOf,
} from '@clubtix/contract';
import { isApiError } from '../../api/api-error';
import { currentLanguage, i18n } from '../../i18n/i18n';
import { formatDateTime, toWallClock } from '../../lib/zoned-time';

/**
 * What the door sees after a scan, worked out from the API's answers. Kept free of React so the
 * wording and the colours (docs/product.md section 9: success green, warning orange, error red) are tested.
 */

export type DoorTone = 'green' | 'orange' | 'red';

// Read when used, in the language shown then (docs/product.md section 22).
const door = (key: string, params: Record<string, unknown> = {}): string => i18n.t(`checkin:door.${key}`, params);

export const DOOR_TEXT = {
  get ready() {
    return door('ready');
  },
  get checkedIn() {
    return door('checkedIn');
  },
  alreadyCheckedIn: (at: string) => door('alreadyCheckedIn', { at }),
  get wrongEvent() {
    return door('wrongEvent');
  },
  get ticketNotFound() {
    return door('ticketNotFound');
  },
  get notOurCode() {
    return door('notOurCode');
  },
  get extraRedeemed() {
    return door('extraRedeemed');
  },
  get readyToRedeem() {
    return door('readyToRedeem');
  },
  get voucherNotRead() {
    return door('voucherNotRead');
  },
  get redeemQueued() {
    return door('redeemQueued');
  },
  alreadyRedeemed: (at: string) => door('alreadyRedeemed', { at }),
  get extraNotFound() {
    return door('extraNotFound');
  },
  get scanQueued() {
    return door('scanQueued');
  },
  get notRead() {
    return door('notRead');
  },
  get checkinQueued() {
    return door('checkinQueued');
  },
  get undoQueued() {
    return door('undoQueued');
  },
  get checkinUndone() {
    return door('checkinUndone');
  },
  get failed() {
    return door('failed');
  },
  get cancelledRefunded() {
    return door('cancelledRefunded');
  },
  get cancelled() {
    return door('cancelled');
  },
  refundedAt: (at: string) => door('refundedAt', { at }),
};

/**
 * A ticket cancelled after it was confirmed, as the door says it online and offline alike
 * (docs/decisions/0070-the-door-says-cancelled.md): "Cancelled: refunded" with when its money was
 * given back, or "Cancelled" when there was none; never "unknown" or "could not read".
 */
export function cancelledWords(
  cancelled: TDoorCancellation,
  timeZone: string,
  now?: Date,
): { title: string; detail: string | null } {
  if (!cancelled.refunded) return { title: DOOR_TEXT.cancelled, detail: null };
  return {
    title: DOOR_TEXT.cancelledRefunded,
    detail: cancelled.at ? DOOR_TEXT.refundedAt(formatDoorTime(cancelled.at, timeZone, now)) : null,
  };
}

/** The names the door's history gives what it could not name by a person. */
export const DOOR_SUBJECT = {
  get ticket() {
    return door('subject.ticket');
  },
  get code() {
    return door('subject.code');
  },
  get voucher() {
    return door('subject.voucher');
  },
  get photo() {
    return door('subject.photo');
  },
  get unnamed() {
    return door('subject.unnamed');
  },
};

/**
 * Whose a voucher is, as the door says it: to an admin the buyer's e-mail, which only an admin's view
 * carries, to door staff the holder's name (docs/decisions/0061-staff-scope.md); null when not known.
 */
export const voucherWhose = (purchase: TVoucherAtDoor): string | null =>
  voucherEmailOf(purchase) || purchase.holderName;

/** What and whose a voucher is, as the door says it: "2 × Parking, jane@example.com" (to staff: "…, Jane Doe"). */
export const voucherLabel = (purchase: TVoucherAtDoor) => {
  const whose = voucherWhose(purchase);
  return `${purchase.quantity} × ${purchase.extras.name}${whose ? `, ${whose}` : ''}`;
};

/** "hh:mm" for a time earlier today on the event's clock, "dd/mm/yyyy hh:mm" for another day. */
export function formatDoorTime(iso: string, timeZone: string, now: Date = new Date()): string {
  const at = toWallClock(iso, timeZone);
  const today = toWallClock(now.toISOString(), timeZone);
  const sameDay =
    at.date.year === today.date.year && at.date.month === today.date.month && at.date.day === today.date.day;
  return sameDay ? at.time : formatDateTime(iso, timeZone);
}

/** A request that never got an answer: no network, or our own time limit at a slow door. */
export function isConnectionFailure(error: unknown): boolean {
  if (isApiError(error)) return error.status === 0;
  return error instanceof DOMException && error.name === 'TimeoutError';
}

export interface DoorProblem {
  title: string;
  /** The server's own words, when they add something (which event the ticket is for). */
  detail: string | null;
  tone: DoorTone;
  /** For a 409: when the first check-in or redemption happened. */
  at: string | null;
}

function detailOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const named = error.errors.find((entry) => entry.path === 'eventId');
  return named?.message ?? error.msg;
}

/** The outcome of a failed ticket scan or check-in. */
export function ticketProblem(error: unknown, timeZone: string, now?: Date): DoorProblem {
  if (!isApiError(error)) return { title: DOOR_TEXT.failed, detail: null, tone: 'red', at: null };
  if (error.status === 409 && error.code === 'ALREADY_CHECKED_IN') {
    const checkin = checkinOfConflict({ errors: error.errors });
    const at = checkin?.createdAt ?? null;
    return {
      title: at ? DOOR_TEXT.alreadyCheckedIn(formatDoorTime(at, timeZone, now)) : error.msg,
      detail: null,
      tone: 'orange',
      at,
    };
  }
  if (error.status === 409 && error.code === 'CANCELLED') {
    // A server of before decision 0070 sent no field: its words said refunded.
    const cancelled = cancellationOfConflict({ errors: error.errors }) ?? { at: null, refunded: true };
    return { ...cancelledWords(cancelled, timeZone, now), tone: 'red', at: cancelled.at };
  }
  if (error.status === 404 && isScanMessage(error.msg, SCAN_MESSAGES.ticketForAnotherEvent)) {
    return { title: DOOR_TEXT.wrongEvent, detail: detailOf(error), tone: 'red', at: null };
  }
  if (error.status === 404) return { title: DOOR_TEXT.ticketNotFound, detail: error.msg, tone: 'red', at: null };
  if (error.status === 400) return { title: DOOR_TEXT.notOurCode, detail: error.msg, tone: 'red', at: null };
  return { title: DOOR_TEXT.failed, detail: error.msg, tone: 'red', at: null };
}

/** The outcome of a failed extras redemption. */
export function extrasProblem(error: unknown, timeZone: string, now?: Date): DoorProblem {
  if (!isApiError(error)) return { title: DOOR_TEXT.failed, detail: null, tone: 'red', at: null };
  if (error.status === 409) {
    const at = redeemedAtOfConflict({ errors: error.errors });
    if (at)
      return { title: DOOR_TEXT.alreadyRedeemed(formatDoorTime(at, timeZone, now)), detail: null, tone: 'orange', at };
    return { title: error.msg, detail: null, tone: 'orange', at: null };
  }
  if (error.status === 404 && isScanMessage(error.msg, SCAN_MESSAGES.extrasForAnotherEvent)) {
    return { title: DOOR_TEXT.wrongEvent, detail: detailOf(error), tone: 'red', at: null };
  }
  if (error.status === 404) return { title: DOOR_TEXT.extraNotFound, detail: error.msg, tone: 'red', at: null };
  if (error.status === 400) return { title: DOOR_TEXT.notOurCode, detail: error.msg, tone: 'red', at: null };
  return { title: DOOR_TEXT.failed, detail: error.msg, tone: 'red', at: null };
}

export interface AnswerLine {
  question: string;
  answer: string;
}

/**
 * The answers the admin marked to show at the door (a question's "Show at check-in"),
 * registration-wide ones first, in the form's order. The rest stay on the attendee list and in the
 * export: the door card is read at a glance. An answer to a question since removed from the form
 * carries no mark, so it is not shown here either.
 */
export function answerLines(questions: readonly TFormQuestion[], ...answerSets: TAnswers[]): AnswerLine[] {
  const shown = questions.filter((question) => question.showAtCheckin);
  const text = (value: string | string[]) => (Array.isArray(value) ? value.join(', ') : value).trim();
  const lines: AnswerLine[] = [];
  for (const answers of answerSets) {
    for (const question of shown) {
      const value = answers[question.id];
      if (value !== undefined && text(value)) lines.push({ question: question.label, answer: text(value) });
    }
  }
  return lines;
}

/**
 * "Ada Lovelace", or the e-mail (an admin's view carries it; door staff's does not), or a placeholder
 * for a ticket whose form was never filled.
 */
export function attendeeName(attendee: {
  firstName: string | null;
  lastName: string | null;
  email?: string | null;
}): string {
  const name = [attendee.firstName, attendee.lastName].filter(Boolean).join(' ').trim();
  return name || attendee.email || DOOR_SUBJECT.unnamed;
}

/** The server says its scan messages in the language of the door (docs/decisions/0047-server-messages.md). */
function isScanMessage(said: string, message: string): boolean {
  return said === message || said === contractText(message, currentLanguage());
}
