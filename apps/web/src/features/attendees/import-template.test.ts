import { describe, expect, it } from 'vitest';
import { csvField, importHeader, templateCsv, templateFilename } from './import-template';

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
  it('is one header row ending in CRLF, after a byte-order mark for Excel', () => {
    expect(templateCsv([{ label: 'Club, if any', position: 0 }])).toBe(
      '\uFEFFfirstName,lastName,email,"Club, if any"\r\n',
    );
  });
});

describe('templateFilename', () => {
  it('names the event by its slug, safely', () => {
    expect(templateFilename('summer-tour')).toBe('attendee-import-template-summer-tour.csv');
    expect(templateFilename('../x y')).toBe('attendee-import-template-x-y.csv');
    expect(templateFilename('')).toBe('attendee-import-template.csv');
  });
});
