import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogueProblems } from './catalogue-check';
import { LANGUAGES } from './languages';
import './locales/all';
import { messages as en } from './locales/en';
import { messages as th } from './locales/th';
import { messages as fr } from './locales/fr';
import { messages as es } from './locales/es';
import { messages as de } from './locales/de';
import { ZInitRegistrationRequest } from './registrations';
import { requiredText, ZEmail } from './rules';
import { SCAN_MESSAGES } from './checkin';
import { checkAnswers } from './forms';
import { contractText, issueText } from './validation-text';

const firstIssue = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0]!;
};

describe('contract messages in five languages', () => {
  it('every language has exactly English keys, valid ICU and the same arguments', () => {
    const catalogues = { en, th, fr, es, de };
    for (const language of LANGUAGES) {
      expect(catalogueProblems(en, catalogues[language], language)).toEqual([]);
    }
  });

  it('English reads as the schemas write it', () => {
    expect(firstIssue(requiredText('Name', 120), '').message).toBe('Name is required');
    expect(issueText(firstIssue(requiredText('Name', 120), ''), 'en')).toBe('Name is required');
    expect(issueText(firstIssue(ZEmail, 'nope'), 'en')).toBe(
      'Enter a valid e-mail address, like name@example.org, with no spaces',
    );
  });

  it('says a message with a label, its label translated', () => {
    const issue = firstIssue(requiredText('First name', 100), '  ');
    expect(issueText(issue, 'fr')).toBe('Prénom : champ obligatoire');
    expect(issueText(issue, 'de')).toBe('Vorname ist erforderlich');
    expect(issueText(firstIssue(requiredText('First name', 100), 'x'.repeat(101)), 'es')).toBe(
      'Nombre debe tener como máximo 100 caracteres',
    );
  });

  it('says fixed messages and the scan messages in each language', () => {
    expect(issueText(firstIssue(ZEmail, 'nope'), 'th')).toBe('กรอกอีเมลที่ถูกต้อง เช่น name@example.org โดยไม่มีเว้นวรรค');
    expect(contractText(SCAN_MESSAGES.notATicket, 'de')).toBe('Das ist kein ClubTix-Ticket');
    expect(contractText('Some text of no catalogue', 'fr')).toBe('Some text of no catalogue');
  });

  it("says zod's own messages from zod's locale, the type received included", () => {
    const schema = z.object({ count: z.number() });
    const issue = firstIssue(schema, { count: 'three' });
    expect(issueText(issue, 'en')).toBe(issue.message);
    const french = issueText(issue, 'fr');
    expect(french).not.toBe(issue.message);
    expect(french).toContain('nombre');
    expect(issueText(issue, 'de')).toContain('Zahl');
  });

  it('says a request schema issue in every language, never English twice', () => {
    const issue = firstIssue(ZInitRegistrationRequest, { eventId: 'e', tickets: [] });
    const texts = LANGUAGES.map((language) => issueText(issue, language));
    expect(new Set(texts).size).toBe(LANGUAGES.length);
  });

  it('says form answer problems in the language asked for, the question as written', () => {
    const question = {
      id: 'q1',
      eventId: 'e1',
      label: 'T-shirt size',
      type: 0 as const,
      required: true,
      options: [],
      position: 0,
      perAttendee: false,
      showAtCheckin: false,
    };
    expect(checkAnswers([question], {})[0]!.message).toBe('T-shirt size is required');
    expect(checkAnswers([question], {}, 'es')[0]!.message).toBe('T-shirt size: la respuesta es obligatoria');
  });
});
