import {
  isLanguage,
  type TBuyerRegistration,
  type TRegistration,
  type ZSaveRegistrationRequest,
} from '@clubtix/contract';
import type { z } from 'zod';
import type { RegistrationRow } from '../../../db/schema';
import { type AppError, conflict, notFound } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { isDeletedRegistration } from '../deleted-registration';
import { toExtrasVoucherDto } from '../../extras/order-vouchers.mapper';
import { findOrderVouchers } from '../../extras/order-vouchers.repo';
import { toQuestionDto } from '../../forms/forms.service';
import { saveDetails, type DetailsRefusal, type GivenDetails } from './details.repo';
import { answerErrors, answersTo, formProblem, withTrimmedAnswers } from './form-answers';
import { toRegistrationDto } from '../registrations.mapper';
import {
  findAttendeesOf,
  type AttendeeDetails,
  type AttendeeView,
  findRegistrationBySecret,
} from '../registrations.repo';

export async function loadRegistrationDto(deps: Deps, row: RegistrationRow): Promise<TRegistration> {
  return toRegistrationDto(row, await findAttendeesOf(deps.db, [row.id]));
}

/** The buyer's own registration: the qrUuid is the secret that proves it. */
export async function loadBuyerRegistration(
  deps: Deps,
  registrationId: string,
  qrUuid: string,
): Promise<RegistrationRow> {
  const row = await findRegistrationBySecret(deps.db, registrationId, qrUuid);
  if (!row) throw notFound('Registration');
  return row;
}

/** The words of a refusal of the details statement (details.repo.ts), which decides it. */
function detailsRefusal(refusal: DetailsRefusal): AppError {
  switch (refusal) {
    case 'expired':
      return conflict('Your hold on these tickets has expired; please start again');
    case 'cancelled':
      return conflict('This registration was cancelled');
    case 'confirmed':
      // Every attendee's QR carries the qrUuid: once confirmed, one ticket holder must not rewrite the others.
      return conflict('This registration is confirmed; ask the organiser to change its details');
    case 'no_event':
      return notFound('Event');
  }
}

/**
 * Step 2: attendees' names, e-mails and answers, checked against the event's form on the server.
 * One statement reads and, for an event without a form, writes; with a form, the answers are
 * checked here and the same statement writes them (details.repo.ts).
 */
export async function saveRegistrationDetails(
  deps: Deps,
  body: z.output<typeof ZSaveRegistrationRequest>,
): Promise<TRegistration> {
  const input = withTrimmedAnswers(body);
  const save = async (given: GivenDetails) => {
    const read = await saveDetails(deps.db.$client, input.registrationId, input.qrUuid, given);
    if (!read) throw notFound('Registration');
    if (read.refusal) throw detailsRefusal(read.refusal);
    return read;
  };
  const withoutForm = input.attendees.map((attendee) => ({ ...attendee, answers: {} }));
  const read = await save({ answers: {}, party: withoutForm, checked: false });
  const { registration, slots } = read;
  if (read.written) return toRegistrationDto({ ...registration, answers: {} }, withDetails(slots, withoutForm));
  const questions = read.questions.map(toQuestionDto);
  const perAttendee = questions.filter((q) => q.perAttendee);
  const once = questions.filter((q) => !q.perAttendee);
  const given = new Map(input.attendees.map((a) => [a.attendeeId, a]));
  const errors = [
    ...answerErrors(once, input.answers, 'answers'),
    ...slots.flatMap((slot, index) => {
      const attendee = given.get(slot.id);
      if (!attendee) return [{ path: `attendees.${index}`, message: `Fill in attendee ${index + 1}` }];
      return answerErrors(perAttendee, attendee.answers, `attendees.${index}.answers`);
    }),
    ...input.attendees
      .filter((a) => !slots.some((slot) => slot.id === a.attendeeId))
      .map(() => ({ path: 'attendees', message: 'An attendee does not belong to this registration' })),
  ];
  if (errors.length > 0) throw formProblem(errors);
  // Only answers to the form's questions are kept: a body of made-up keys would otherwise be stored,
  // and answered again in every list of attendees (docs/decisions/0020).
  const answers = answersTo(once, input.answers);
  const party = input.attendees.map((attendee) => ({ ...attendee, answers: answersTo(perAttendee, attendee.answers) }));
  // Written only if still pending, under the registration's lock (a payment settling meanwhile).
  const written = await save({ answers, party, checked: true });
  if (!written.written) throw conflict('This registration can no longer be changed');
  return toRegistrationDto({ ...registration, answers }, withDetails(slots, party));
}

/** Every slot was given (checked): the slots as just written, without reading them again. */
function withDetails(slots: AttendeeView[], party: AttendeeDetails[]): AttendeeView[] {
  const written = new Map(party.map((a) => [a.attendeeId, a]));
  return slots.map((slot) => {
    const { firstName, lastName, email, answers } = written.get(slot.id)!;
    return { ...slot, firstName, lastName, email, answers };
  });
}

/**
 * The buyer's own registration, read back by the success page: once confirmed, with the vouchers
 * of the extras its order paid for (a hold or a cancelled registration shows none, and reads none)
 * and the wallets its tickets can be added to, when one is configured.
 */
export async function findBuyerRegistration(
  deps: Deps,
  registrationId: string,
  qrUuid: string,
): Promise<TBuyerRegistration> {
  const row = await loadBuyerRegistration(deps, registrationId, qrUuid);
  const registration = presentUnlessDeleted(await loadRegistrationDto(deps, row));
  if (registration.status !== 'confirmed') return { ...registration, extrasVouchers: [] };
  const vouchers = await findOrderVouchers(deps.db, { registrationId: registration.registrationId });
  const wallets = await deps.wallets?.walletsOf(registration, isLanguage(row.language) ? row.language : 'en');
  return { ...registration, extrasVouchers: vouchers.map(toExtrasVoucherDto), ...(wallets ? { wallets } : {}) };
}

/** A registration deleted while its order had taken money stays only as that order's anchor (0006). */
export function presentUnlessDeleted(registration: TRegistration): TRegistration {
  if (isDeletedRegistration(registration, registration.attendees.length)) throw notFound('Registration');
  return registration;
}
