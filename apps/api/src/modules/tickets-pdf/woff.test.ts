import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { sfntOfWoff } from './woff';

const require = createRequire(import.meta.url);
const woffOf = (file: string) => readFileSync(require.resolve(`@fontsource/noto-sans-thai/files/${file}`));

/** The table records of an sfnt: tag, offset and length. */
function tablesOf(sfnt: Buffer) {
  return Array.from({ length: sfnt.readUInt16BE(4) }, (_, index) => {
    const record = 12 + index * 16;
    return {
      tag: sfnt.toString('latin1', record, record + 4),
      offset: sfnt.readUInt32BE(record + 8),
      length: sfnt.readUInt32BE(record + 12),
    };
  });
}

describe('a WOFF font as TrueType', () => {
  it('keeps every table whole, inflated, at 4-byte offsets, its glyphs and names readable', () => {
    const woff = woffOf('noto-sans-thai-thai-400-normal.woff');
    const sfnt = sfntOfWoff(woff);
    const tables = tablesOf(sfnt);
    expect(tables).toHaveLength(woff.readUInt16BE(12));
    // The lengths the WOFF's own directory gives for each table once inflated.
    const declared = tables.map((_, index) => woff.readUInt32BE(44 + index * 20 + 12));
    expect(tables.map((table) => table.length)).toEqual(declared);
    expect(tables.map((table) => table.tag)).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'name']));
    for (const table of tables) {
      expect(table.offset % 4).toBe(0);
      expect(table.offset + table.length).toBeLessThanOrEqual(sfnt.length);
    }
    // The head table's magic number, and the family named in the (UTF-16) name table.
    const head = tables.find((table) => table.tag === 'head')!;
    expect(sfnt.readUInt32BE(head.offset + 12)).toBe(0x5f0f3cf5);
    const name = tables.find((table) => table.tag === 'name')!;
    // Its strings are UTF-16 big-endian: swapped (in a copy) to read them.
    const names = Buffer.from(sfnt.subarray(name.offset, name.offset + name.length))
      .swap16()
      .toString('utf16le');
    expect(names).toContain('Noto Sans Thai');
  });

  it('refuses what is not a WOFF 1.0 font', () => {
    expect(() => sfntOfWoff(Buffer.from('wOF2 is another format'))).toThrow('Not a WOFF 1.0 font');
  });
});
