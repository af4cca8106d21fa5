import { MAX_IMPORT_BYTES } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkImportFile,
  importEmptyMessage,
  importSizeMessage,
  importTypeMessage,
  summariseImport,
  summariseRefusal,
} from './import-result';
import { i18n, startI18n } from '../../i18n/i18n';

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('attendees');
});

describe('checkImportFile', () => {
  it('takes .xlsx and .csv in any case', () => {
    expect(checkImportFile({ name: 'guests.xlsx', size: 10 })).toBeNull();
    expect(checkImportFile({ name: 'GUESTS.CSV', size: 10 })).toBeNull();
  });

  it('refuses other types, empty files and files over the limit', () => {
    expect(checkImportFile({ name: 'guests.xls', size: 10 })).toBe(importTypeMessage());
    expect(checkImportFile({ name: 'guests.csv.exe', size: 10 })).toBe(importTypeMessage());
    expect(checkImportFile({ name: 'guests.csv', size: 0 })).toBe(importEmptyMessage());
    expect(checkImportFile({ name: 'guests.csv', size: MAX_IMPORT_BYTES })).toBeNull();
    expect(checkImportFile({ name: 'guests.csv', size: MAX_IMPORT_BYTES + 1 })).toBe(importSizeMessage());
  });

  it('names the limit in megabytes', () => {
    expect(importSizeMessage()).toBe('Import files can be at most 10 MB');
  });
});

describe('summariseImport', () => {
  it('counts the imported attendees', () => {
    expect(summariseImport({ imported: 3, skipped: 0, errors: [], errorsNotListed: 0 })).toEqual({
      tone: 'success',
      title: 'Imported 3 attendees',
      detail: null,
      rows: [],
    });
    expect(summariseImport({ imported: 1, skipped: 0, errors: [], errorsNotListed: 0 }).title).toBe(
      'Imported 1 attendee',
    );
  });

  it('says how many rows were already there', () => {
    const summary = summariseImport({ imported: 0, skipped: 2, errors: [], errorsNotListed: 0 });
    expect(summary.title).toBe('Imported 0 attendees');
    expect(summary.detail).toBe('2 rows were skipped: already imported before.');
  });

  it('lists every bad row in file order and says nothing was imported', () => {
    const summary = summariseImport({
      imported: 0,
      skipped: 0,
      errors: [
        { row: 7, message: 'E-mail is not valid' },
        { row: 3, message: 'firstName is required' },
      ],
      errorsNotListed: 0,
    });
    expect(summary.tone).toBe('error');
    expect(summary.title).toBe('Nothing was imported');
    expect(summary.detail).toBe('2 rows need fixing. Correct them in the file and import it again.');
    expect(summary.rows.map((row) => row.row)).toEqual([3, 7]);
  });

  it('counts the bad rows the server did not list, and says the list is the first of them', () => {
    const errors = [
      { row: 2, message: 'E-mail is not valid' },
      { row: 3, message: 'E-mail is not valid' },
    ];
    const summary = summariseImport({ imported: 0, skipped: 0, errors, errorsNotListed: 19_998 });
    expect(summary.detail).toBe(
      '20,000 rows need fixing. The first 2 are listed below. Correct them in the file and import it again.',
    );
    expect(summary.rows).toEqual(errors);
  });
});

describe('summariseImport of a check (dry run)', () => {
  it('says what an import would do and that nothing is imported yet', () => {
    expect(summariseImport({ imported: 4, skipped: 1, errors: [], errorsNotListed: 0 }, 'check')).toEqual({
      tone: 'ready',
      title: 'Ready to import 4 attendees',
      detail:
        '1 row was already imported before and will be skipped. Nothing has been imported yet: press Import to add them.',
      rows: [],
    });
  });

  it('lists the bad rows of a file that cannot be imported', () => {
    const summary = summariseImport(
      { imported: 0, skipped: 0, errors: [{ row: 3, message: 'E-mail is not valid' }], errorsNotListed: 0 },
      'check',
    );
    expect(summary.title).toBe('This file cannot be imported');
    expect(summary.detail).toBe('1 row needs fixing. Correct it in the file and check it again.');
  });
});

describe('summariseRefusal', () => {
  it('reads rows named in field errors', () => {
    const summary = summariseRefusal({
      msg: 'Some rows are not valid',
      errors: [
        { path: 'rows.4', message: 'E-mail is not valid' },
        { path: 'body.rows[2].email', message: 'E-mail is required' },
        { path: 'ticketId', message: 'Choose a ticket type' },
      ],
    });
    expect(summary.rows).toEqual([
      { row: 2, message: 'E-mail is required' },
      { row: 4, message: 'E-mail is not valid' },
    ]);
  });

  it('keeps the message of a refusal about the whole file', () => {
    expect(summariseRefusal({ msg: 'This file is not a spreadsheet', errors: [] })).toEqual({
      tone: 'error',
      title: 'Nothing was imported',
      detail: 'This file is not a spreadsheet',
      rows: [],
    });
  });
});
