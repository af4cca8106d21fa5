import { describe, expect, it } from 'vitest';
import { checkAnswers, trimAnswers, ZAnswers, type TAnswers, type TFormQuestion } from './forms';

const question = (
  id: string,
  type: TFormQuestion['type'],
  options: string[] = [],
  required = false,
): TFormQuestion => ({
  id,
  eventId: 'e1',
  type,
  label: id.toUpperCase(),
  required,
  options,
  position: 0,
  perAttendee: true,
  showAtCheckin: false,
});

const form = [
  question('name', 0, [], true),
  question('notes', 1),
  question('boat', 2, ['Laser', 'Optimist'], true),
  question('sessions', 3, ['Morning', 'Afternoon']),
  question('size', 4, ['S', 'M']),
];
const good: TAnswers = { name: 'Ann', notes: '', boat: 'Laser', sessions: ['Morning', 'Afternoon'], size: 'M' };

describe('checkAnswers', () => {
  it.each<[string, TAnswers, { questionId: string; message: string }[]]>([
    ['all good', good, []],
    ['only the required ones', { name: 'Ann', boat: 'Optimist' }, []],
    ['extra keys are ignored', { ...good, unknown: 'x' }, []],
    [
      'no answers at all',
      {},
      [
        { questionId: 'name', message: 'NAME is required' },
        { questionId: 'boat', message: 'BOAT is required' },
      ],
    ],
    ['a blank required answer', { ...good, name: '   ' }, [{ questionId: 'name', message: 'NAME is required' }]],
    [
      'an empty list for a required choice',
      { ...good, boat: [] },
      [{ questionId: 'boat', message: 'BOAT is required' }],
    ],
    [
      'an option not in the list',
      { ...good, boat: 'Dinghy' },
      [{ questionId: 'boat', message: 'BOAT: choose one of the listed options' }],
    ],
    [
      'an option of another case',
      { ...good, size: 'm' },
      [{ questionId: 'size', message: 'SIZE: choose one of the listed options' }],
    ],
    [
      'checkboxes with one unknown choice',
      { ...good, sessions: ['Morning', 'Evening'] },
      [{ questionId: 'sessions', message: 'SESSIONS: choose from the listed options' }],
    ],
    [
      'checkboxes answered with a string',
      { ...good, sessions: 'Morning' },
      [{ questionId: 'sessions', message: 'SESSIONS: choose from the listed options' }],
    ],
    ['an empty checkbox list (not required)', { ...good, sessions: [] }, []],
    [
      'a list for a short answer',
      { ...good, name: ['Ann'] },
      [{ questionId: 'name', message: 'NAME takes one answer' }],
    ],
    ['a list for a dropdown', { ...good, size: ['S'] }, [{ questionId: 'size', message: 'SIZE takes one answer' }]],
    ['any text for a paragraph', { ...good, notes: 'Vegetarian, no nuts' }, []],
  ])('%s', (_title, answers, problems) => {
    expect(checkAnswers(form, answers)).toEqual(problems);
  });
});

describe('ZAnswers', () => {
  it.each([
    ['strings and lists of strings', { a: 'x', b: ['y'] }, true],
    ['a number', { a: 1 }, false],
    ['a list with a number', { a: ['x', 2] }, false],
    ['an object', { a: { b: 'c' } }, false],
    ['a list as the whole answer', ['x'], false],
    ['null', null, false],
  ])('%s -> %s', (_title, input, valid) => {
    expect(ZAnswers.safeParse(input).success).toBe(valid);
  });
});

describe('trimAnswers', () => {
  it.each([
    ['text trimmed at both ends', { a: ' \tVegan  ' }, { a: 'Vegan' }],
    ['inner spaces kept', { a: ' Harbour  Ltd ' }, { a: 'Harbour  Ltd' }],
    ['blank text dropped', { a: '   ', b: '' }, {}],
    ['choices trimmed, blank choices dropped', { a: [' Knots', '', ' '] }, { a: ['Knots'] }],
    ['an empty list dropped', { a: [] }, {}],
  ])('%s', (_title, answers: TAnswers, expected) => {
    expect(trimAnswers(answers)).toEqual(expected);
  });
});
