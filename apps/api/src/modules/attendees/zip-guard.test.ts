import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { deflated, deflatedZeros, zipOf } from '../../../test/zip';
import { checkZip } from './zip-guard';

const MB = 1024 * 1024;

describe('checkZip', () => {
  it('passes a spreadsheet as exceljs writes it', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Attendees').addRow(['firstName', 'lastName', 'email']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await checkZip(xlsx)).toMatchObject({ ok: true });
  });

  it('stops a zip that unpacks past the limit, counting what really comes out', async () => {
    const bomb = zipOf([await deflatedZeros('xl/worksheets/sheet1.xml', 8 * MB)]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await checkZip(bomb, 4 * MB)).toEqual({ ok: false, reason: 'too-large' });
    // The sizes a zip declares can lie: here it claims 10 bytes.
    const liar = await deflatedZeros('xl/worksheets/sheet1.xml', 8 * MB);
    expect(await checkZip(zipOf([{ ...liar, size: 10 }]), 4 * MB)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('adds up the entries', async () => {
    const entries = await Promise.all([1, 2, 3].map((n) => deflatedZeros(`part${n}.xml`, 2 * MB)));
    expect(await checkZip(zipOf(entries), 5 * MB)).toEqual({ ok: false, reason: 'too-large' });
    expect(await checkZip(zipOf(entries), 7 * MB)).toMatchObject({ ok: true });
  });

  it('refuses what is not a plain zip', async () => {
    expect(await checkZip(Buffer.from('firstName,lastName,email\n'))).toEqual({ ok: false, reason: 'unreadable' });
    expect(await checkZip(Buffer.alloc(0))).toEqual({ ok: false, reason: 'unreadable' });
    const sheet = await deflated('xl/worksheets/sheet1.xml', '<worksheet/>');
    // An entry the central directory does not list, which a reader walking from the start would unpack.
    const hidden = await deflatedZeros('xl/worksheets/sheet2.xml', 8 * MB);
    expect(await checkZip(zipOf([hidden, sheet], [sheet]), 4 * MB)).toEqual({ ok: false, reason: 'unreadable' });
    // A deflate stream that ends before the data the directory gives it.
    const padded = { ...sheet, deflated: Buffer.concat([sheet.deflated, Buffer.from('trailing')]) };
    expect(await checkZip(zipOf([padded]))).toEqual({ ok: false, reason: 'unreadable' });
    // One cut short.
    const cut = { ...sheet, deflated: sheet.deflated.subarray(0, 3) };
    expect(await checkZip(zipOf([cut]))).toEqual({ ok: false, reason: 'unreadable' });
  });
});
