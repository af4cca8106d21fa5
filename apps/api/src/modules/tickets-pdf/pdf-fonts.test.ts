import { describe, expect, it } from 'vitest';
import { fontFiles, fontRuns, parseUnicodeRanges } from './pdf-fonts';

describe('ticket PDF fonts', () => {
  it('reads unicode-range lists', () => {
    expect(parseUnicodeRanges('U+0000-00FF,U+0131, U+2000-206F')).toEqual([
      [0x0000, 0x00ff],
      [0x0131, 0x0131],
      [0x2000, 0x206f],
    ]);
  });

  it('writes each script in the font that has it, a mark with its letter', () => {
    expect(fontRuns('Ann Walker', 400)).toEqual([{ font: 'noto-latin-400', text: 'Ann Walker' }]);
    expect(fontRuns('สมชาย ใจดี – Łódź', 700)).toEqual([
      { font: 'noto-thai-700', text: 'สมชาย' },
      { font: 'noto-latin-700', text: ' ' },
      { font: 'noto-thai-700', text: 'ใจดี' },
      { font: 'noto-latin-700', text: ' – ' },
      { font: 'noto-latin-ext-700', text: 'Ł' },
      { font: 'noto-latin-700', text: 'ód' },
      { font: 'noto-latin-ext-700', text: 'ź' },
    ]);
    expect(fontRuns('Ελένη Иван', 400).map((run) => run.font)).toEqual([
      'noto-greek-400',
      'noto-latin-400',
      'noto-cyrillic-400',
    ]);
    // A letter and its combining accent are written composed, in the font that has the composed letter.
    expect(fontRuns('e\u0301', 400)).toEqual([{ font: 'noto-latin-400', text: '\u00e9' }]);
  });

  it('ships every font it names, from node_modules (nothing is fetched at run time)', () => {
    const files = fontFiles();
    expect(files.map((file) => file.name)).toContain('noto-thai-400');
    // Inflated once from @fontsource's WOFF files to TrueType (woff.ts).
    for (const { file } of files) expect(file.readUInt32BE(0)).toBe(0x00010000);
  });
});
