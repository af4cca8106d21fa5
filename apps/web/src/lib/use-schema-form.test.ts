import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadContractLocale, requiredText, ZEmail } from '@clubtix/contract';
import { changeLanguage, startI18n } from '../i18n/i18n';
import { renameErrors, schemaErrors } from './use-schema-form';

const schema = z.object({ name: requiredText('Name', 120), email: ZEmail, seats: z.number() });

beforeAll(async () => {
  await startI18n('en');
});

afterAll(async () => {
  await changeLanguage('en');
});

describe('form errors from the contract schema, in the language shown', () => {
  it('reads English as the contract writes it, the first issue of each field', () => {
    expect(schemaErrors(schema, { name: '', email: 'nope', seats: 'two' })).toEqual({
      name: 'Name is required',
      email: 'Enter a valid e-mail address, like name@example.org, with no spaces',
      seats: 'Invalid input: expected number, received string',
    });
    expect(schemaErrors(schema, { name: 'Ann', email: 'ann@example.org', seats: 2 })).toEqual({});
  });

  it("says the contract's messages and zod's own in the language picked", async () => {
    await changeLanguage('fr');
    await loadContractLocale('fr');
    const errors = schemaErrors(schema, { name: '', email: 'nope', seats: 'two' });
    expect(errors.name).toBe('Nom : champ obligatoire');
    expect(errors.email).toBe('Saisissez une adresse e-mail valide, comme nom@example.org, sans espaces');
    expect(errors.seats).not.toBe('Invalid input: expected number, received string');
    expect(errors.seats).toContain('nombre');
  });

  it('moves errors onto the form fields that hold them', () => {
    expect(renameErrors({ registrationOpensAt: 'x', name: 'y' }, { registrationOpensAt: 'opensDate' })).toEqual({
      opensDate: 'x',
      name: 'y',
    });
  });
});
