import { describe, expect, it } from 'vitest';
import type { TFormQuestion } from '@clubtix/contract';
import { checkboxChoices, mapHeader, personKey, readRow } from './import-rows';

const question = (id: string, type: TFormQuestion['type'], label: string, extra: Partial<TFormQuestion> = {}) => ({
  id,
  eventId: 'e',
  type,
  label,
  required: false,
  options: [],
  position: 0,
  perAttendee: true,
  showAtCheckin: false,
  ...extra,
});

const questions: TFormQuestion[] = [
  question('size', 4, 'Shirt size', { options: ['S', 'M', 'L'], required: true }),
  question('tracks', 3, 'Workshops', { options: ['Knots', 'Sails'] }),
  question('company', 0, 'Company', { perAttendee: false }),
];

describe('mapHeader', () => {
  it('takes the base columns under any usual spelling and questions by label, case and spaces aside', () => {
    const map = mapHeader(
      ['First name', 'LAST_NAME', 'E-mail', '  shirt SIZE ', 'workshops', '', 'Company'],
      questions,
    );
    expect(map).toMatchObject({ firstName: 0, lastName: 1, email: 2 });
    expect(map.questions.map((m) => [m.index, m.question.id])).toEqual([
      [3, 'size'],
      [4, 'tracks'],
      [6, 'company'],
    ]);
  });

  it('refuses labels two questions share', () => {
    const twins = [...questions, question('size2', 0, 'shirt size')];
    expect(() => mapHeader(['firstName', 'lastName', 'email', 'Shirt size'], twins)).toThrow(/Two questions/);
  });
});

describe('readRow', () => {
  const map = mapHeader(['firstName', 'lastName', 'email', 'Shirt size', 'Workshops', 'Company'], questions);

  it('spells choices as the form does, splits and dedupes checkboxes, files answers by question', () => {
    const outcome = readRow(
      2,
      [' Ana ', 'Silva', 'ANA@example.org', 'm', 'sails, Knots,, Sails', 'Harbour'],
      map,
      questions,
    );
    expect(outcome).toEqual({
      ok: true,
      value: {
        row: 2,
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'ana@example.org',
        answers: { size: 'M', tracks: ['Sails', 'Knots'] },
        registrationAnswers: { company: 'Harbour' },
      },
    });
  });

  it('names every problem of a row once', () => {
    expect(readRow(5, ['', 'Silva', '', 'XL', 'Cooking'], map, questions)).toEqual({
      ok: false,
      error: {
        row: 5,
        message:
          'First name is required; E-mail is required; Shirt size: choose one of the listed options; Workshops: choose from the listed options',
      },
    });
  });
});

describe('personKey', () => {
  it('matches people on e-mail and names without case', () => {
    expect(personKey({ email: 'A@x.org', firstName: ' Ana', lastName: 'SILVA' })).toBe(
      personKey({ email: 'a@x.org', firstName: 'ana', lastName: 'Silva ' }),
    );
  });
});

describe('checkboxChoices', () => {
  const workshops = { options: ['Knots', 'Sails', 'Size, adult', 'Size'] };

  it.each([
    ['Knots; Sails', ['Knots', 'Sails']],
    ['knots,sails', ['Knots', 'Sails']],
    ['Knots; Sails, knots', ['Knots', 'Sails']],
    [' ;Sails;; ', ['Sails']],
    // An option that holds a comma is read whole, and before a shorter option it starts with.
    ['Size, adult; Knots', ['Size, adult', 'Knots']],
    ['Size; Size, adult', ['Size', 'Size, adult']],
    ['Size, Knots', ['Size', 'Knots']],
    // What names no option stays as written, for the row's message to name it.
    ['Knots; Rowing', ['Knots', 'Rowing']],
    ['Knotsandmore', ['Knotsandmore']],
  ])('%j -> %j', (text, expected) => {
    expect(checkboxChoices(workshops, text)).toEqual(expected);
  });
});
