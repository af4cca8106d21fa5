import type { TAttendeeListItem, TFormQuestion } from '@clubtix/contract';
import { describe, expect, it } from 'vitest';
import { editAnswerErrors, initialEditValues, isTransfer, toUpdateRequest } from './attendee-edit-values';

const attendee = {
  attendeeId: 'a1',
  firstName: 'Ann',
  lastName: null,
  email: null,
  answers: { q1: 'Vegan' },
} as unknown as TAttendeeListItem;

const question = (over: Partial<TFormQuestion>) =>
  ({ id: 'q1', type: 0, label: 'Diet', required: false, perAttendee: true, options: [], ...over }) as TFormQuestion;

describe('editing an attendee', () => {
  it('starts from the attendee, empty texts for what is missing', () => {
    expect(initialEditValues(attendee)).toEqual({
      firstName: 'Ann',
      lastName: '',
      email: '',
      answers: { q1: 'Vegan' },
    });
  });
  it('sends trimmed answers, blank ones left out', () => {
    const values = { firstName: 'Ann', lastName: 'Lee', email: 'a@x.org', answers: { q1: ' Vegan ', q2: '  ' } };
    expect(toUpdateRequest(values, { eventId: 'e', attendeeId: 'a1' })).toEqual({
      eventId: 'e',
      attendeeId: 'a1',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'a@x.org',
      answers: { q1: 'Vegan' },
    });
  });
  it.each([
    [null, 'new@x.org', true],
    ['old@x.org', 'new@x.org', true],
    ['old@x.org', ' OLD@x.org ', false],
    ['old@x.org', '', false],
  ])('from %s to %s is a transfer: %s', (before, typed, expected) => {
    expect(isTransfer(before, typed)).toBe(expected);
  });
  it('checks the per-attendee questions only, at the server paths', () => {
    const questions = [
      question({ required: true }),
      question({ id: 'q2', label: 'Company', required: true, perAttendee: false }),
    ];
    expect(editAnswerErrors({ firstName: '', lastName: '', email: '', answers: { q1: ' ' } }, questions)).toEqual({
      'answers.q1': 'Diet is required',
    });
    expect(editAnswerErrors({ firstName: '', lastName: '', email: '', answers: { q1: 'x' } }, questions)).toEqual({});
  });
});
