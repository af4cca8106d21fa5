import { describe, expect, it } from 'vitest';
import { csvField, exampleRow, importHeader, templateCsv, templateFilename } from './import-template';

describe('importHeader', () => {
  it('starts with the three fixed columns, then the question labels in form order', () => {
    const questions = [
      { label: 'T-shirt size', position: 1 },
      { label: 'Dietary needs', position: 0 },
    ];
    expect(importHeader(questions)).toEqual(['firstName', 'lastName', 'email', 'Dietary needs', 'T-shirt size']);
  });

  it('is the fixed columns alone for an event without questions', () => {
    expect(importHeader([])).toEqual(['firstName', 'lastName', 'email']);
  });
});

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['Size, adult', '"Size, adult"'],
    ['Say "hi"', '"Say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [' padded', '" padded"'],
    ['Café ☕', 'Café ☕'],
  ])('%j -> %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('templateCsv', () => {
  it('is the header and an example row, each ending in CRLF, after a byte-order mark for Excel', () => {
    expect(templateCsv([{ label: 'Club, if any', position: 0, type: 0, options: [] }])).toBe(
      '\uFEFFfirstName,lastName,email,"Club, if any"\r\nAda,Example,ada.example@example.com,A short answer\r\n',
    );
  });
});

describe('exampleRow', () => {
  it('answers each question as the import reads it, in form order: several checkbox choices joined by ";"', () => {
    const questions = [
      { label: 'Workshops', position: 2, type: 3 as const, options: ['Knots', 'Sails', 'Radio'] },
      { label: 'Size', position: 1, type: 4 as const, options: ['S', 'M'] },
      { label: 'Heard from', position: 0, type: 2 as const, options: ['Poster'] },
      { label: 'Notes', position: 3, type: 1 as const, options: [] },
      { label: 'Allergies', position: 4, type: 3 as const, options: ['Nuts'] },
    ];
    expect(exampleRow(questions)).toEqual([
      'Ada',
      'Example',
      'ada.example@example.com',
      'Poster',
      'S',
      'Knots; Sails',
      'A longer answer',
      'Nuts',
    ]);
  });
});

describe('templateFilename', () => {
  it('names the event by its slug, safely', () => {
    expect(templateFilename('summer-tour')).toBe('attendee-import-template-summer-tour.csv');
    expect(templateFilename('../x y')).toBe('attendee-import-template-x-y.csv');
    expect(templateFilename('')).toBe('attendee-import-template.csv');
  });
});
