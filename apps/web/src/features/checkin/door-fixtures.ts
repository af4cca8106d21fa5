import type { TAttendee } from '@clubtix/contract';

/** A ticket's attendee as the door's unit tests show it (door-card.test.ts, door-state.test.ts): not in yet. */
export const ADA: TAttendee = {
  attendeeId: 'a1',
  registrationId: 'r1',
  ticketId: 't1',
  ticketName: 'Adult',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: null,
  answers: {},
  checkinId: null,
  checkinTime: null,
  shortCode: 'ABCD2345',
};
