import type { TFormQuestion, TRegistration } from '@clubtix/contract';
import { describe, expect, it } from 'vitest';
import { answerErrors, cleanAnswers, initialAttendeeValues, toSaveRequest } from './attendee-form-values';

const slot = (attendeeId: string, ticketName: string) => ({
  attendeeId,
  registrationId: 'r1',
  ticketId: 't1',
  ticketName,
  firstName: null,
  lastName: null,
  email: null,
  answers: {},
  checkinId: null,
  checkinTime: null,
  shortCode: 'ABCD2345',
});

const registration: TRegistration = {
  registrationId: 'r1',
  eventId: 'e1',
  email: 'buyer@example.org',
  qrUuid: 'q1',
  status: 'pending',
  answers: {},
  expiresAt: '2026-05-01T12:15:00Z',
  confirmedAt: null,
  createdAt: '2026-05-01T12:00:00Z',
  attendees: [slot('a1', 'Adult'), slot('a2', 'Child')],
};

const question = (id: string, overrides: Partial<TFormQuestion> = {}): TFormQuestion => ({
  id,
  eventId: 'e1',
  type: 0,
  label: id,
  required: false,
  options: [],
  position: 0,
  perAttendee: true,
  showAtCheckin: false,
  ...overrides,
});

describe('initialAttendeeValues', () => {
  it('gives each slot a section and the buyer e-mail to the first', () => {
    const values = initialAttendeeValues(registration);
    expect(values.attendees.map((a) => [a.attendeeId, a.ticketName, a.email])).toEqual([
      ['a1', 'Adult', 'buyer@example.org'],
      ['a2', 'Child', ''],
    ]);
  });

  it('brings back saved details', () => {
    const saved = {
      ...registration,
      answers: { q9: 'Yes' },
      attendees: [
        { ...slot('a1', 'Adult'), firstName: 'Ann', lastName: 'Lee', email: 'ann@x.org', answers: { q1: 'M' } },
      ],
    };
    expect(initialAttendeeValues(saved)).toEqual({
      attendees: [
        {
          attendeeId: 'a1',
          ticketName: 'Adult',
          firstName: 'Ann',
          lastName: 'Lee',
          email: 'ann@x.org',
          answers: { q1: 'M' },
        },
      ],
      answers: { q9: 'Yes' },
    });
  });
});

describe('cleanAnswers', () => {
  it.each([
    [{ a: ' text ' }, { a: 'text' }],
    [{ a: '   ' }, {}],
    [{ a: '' }, {}],
    [{ a: [] }, {}],
    [{ a: ['x', 'y'] }, { a: ['x', 'y'] }],
  ])('%j -> %j', (answers, expected) => {
    expect(cleanAnswers(answers)).toEqual(expected);
  });
});

describe('toSaveRequest', () => {
  it('sends ids, names and answers, not the ticket names', () => {
    const values = initialAttendeeValues(registration);
    values.attendees[0] = { ...values.attendees[0]!, firstName: 'Ann', lastName: 'Lee', answers: { q1: 'M', q2: '' } };
    values.answers = { q9: ['a'] };
    const request = toSaveRequest(values, { registrationId: 'r1', qrUuid: 'q1' });
    expect(request).toEqual({
      registrationId: 'r1',
      qrUuid: 'q1',
      attendees: [
        { attendeeId: 'a1', firstName: 'Ann', lastName: 'Lee', email: 'buyer@example.org', answers: { q1: 'M' } },
        { attendeeId: 'a2', firstName: '', lastName: '', email: '', answers: {} },
      ],
      answers: { q9: ['a'] },
    });
  });
});

describe('answerErrors', () => {
  const questions = [
    question('size', { type: 4, label: 'Shirt size', required: true, options: ['S', 'M'] }),
    question('diet', { type: 3, label: 'Diet', options: ['Vegan', 'None'] }),
    question('how', { label: 'How did you hear', required: true, perAttendee: false }),
  ];

  it('puts each problem at the path the server uses', () => {
    const values = initialAttendeeValues(registration);
    values.attendees[0]!.answers = { size: 'XL', diet: ['Vegan'] };
    values.attendees[1]!.answers = { diet: ['Meat'] };
    expect(answerErrors(values, questions)).toEqual({
      'attendees.0.answers.size': 'Shirt size: choose one of the listed options',
      'attendees.1.answers.size': 'Shirt size is required',
      'attendees.1.answers.diet': 'Diet: choose from the listed options',
      'answers.how': 'How did you hear is required',
    });
  });

  it('is empty when every answer is fine', () => {
    const values = initialAttendeeValues(registration);
    values.attendees.forEach((attendee) => (attendee.answers = { size: 'S' }));
    values.answers = { how: 'A friend' };
    expect(answerErrors(values, questions)).toEqual({});
  });
});
