import type { RegistrationRow } from '../../db/schema';

/**
 * A registration deleted while its order had taken money is kept, cancelled and without attendees,
 * only as its order's anchor: to the attendee calls it is gone. An admin's cancelled registration
 * keeps its attendees.
 */
export function isDeletedRegistration(registration: Pick<RegistrationRow, 'status'>, attendeeCount: number): boolean {
  return registration.status === 'cancelled' && attendeeCount === 0;
}
