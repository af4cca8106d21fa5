import type { TAttendee, TRegistration } from '@clubtix/contract';
import type { RegistrationRow } from '../../db/schema';
import type { AttendeeFields } from './registrations.repo';

export function toAttendeeDto(row: AttendeeFields): TAttendee {
  return {
    attendeeId: row.id,
    registrationId: row.registrationId,
    ticketId: row.ticketId,
    ticketName: row.ticketName,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    answers: row.answers,
    checkinId: row.checkinId,
    checkinTime: row.checkinTime?.toISOString() ?? null,
    shortCode: row.shortCode,
  };
}

export function toRegistrationDto(row: RegistrationRow, attendees: AttendeeFields[]): TRegistration {
  return {
    registrationId: row.id,
    eventId: row.eventId,
    email: row.email,
    qrUuid: row.qrUuid,
    status: row.status as TRegistration['status'],
    answers: row.answers,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    attendees: attendees.filter((a) => a.registrationId === row.id).map(toAttendeeDto),
  };
}
