import { createDeflateRaw, crc32 } from 'node:zlib';

/** A zip written by hand, to make the files a spreadsheet library would never write: bombs, hidden entries. */

export interface ZipEntry {
  name: string;
  /** The entry's data as stored (deflated). */
  deflated: Buffer;
  size: number;
  crc: number;
}

/** `size` zero bytes deflated, a megabyte at a time: a few hundred kilobytes that unpack to `size`. */
export async function deflatedZeros(name: string, size: number): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const megabyte = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let left = size; left > 0; left -= megabyte.length) {
    const piece = left >= megabyte.length ? megabyte : megabyte.subarray(0, left);
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { name, deflated: Buffer.concat(chunks), size, crc };
}

export async function deflated(name: string, text: string): Promise<ZipEntry> {
  const data = Buffer.from(text);
  const deflate = createDeflateRaw();
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  deflate.end(data);
  await done;
  return { name, deflated: Buffer.concat(chunks), size: data.length, crc: crc32(data) };
}

function localHeader(entry: ZipEntry): Buffer {
  const name = Buffer.from(entry.name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(entry.crc >>> 0, 14);
  header.writeUInt32LE(entry.deflated.length, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function centralHeader(entry: ZipEntry, offset: number): Buffer {
  const name = Buffer.from(entry.name);
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(8, 10);
  header.writeUInt32LE(entry.crc >>> 0, 16);
  header.writeUInt32LE(entry.deflated.length, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name]);
}

/**
 * A zip of these entries. `listed` (all by default) are the ones its central directory names: an
 * entry left out of it is one only a reader walking the file from its start would find.
 */
export function zipOf(entries: ZipEntry[], listed: ZipEntry[] = entries): Buffer {
  const parts: Buffer[] = [];
  const offsets = new Map<ZipEntry, number>();
  let at = 0;
  for (const entry of entries) {
    offsets.set(entry, at);
    const part = Buffer.concat([localHeader(entry), entry.deflated]);
    parts.push(part);
    at += part.length;
  }
  const central = Buffer.concat(listed.map((entry) => centralHeader(entry, offsets.get(entry)!)));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed.length, 8);
  end.writeUInt16LE(listed.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(at, 16);
  return Buffer.concat([...parts, central, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A minimal .xlsx written the way Excel lays it out: the worksheet before the workbook's parts and
 * the shared strings table last (or, with `inline`, no table: strings inside the cells).
 */
export async function excelLikeXlsx(
  rows: string[][],
  { inline = false, sheetXml }: { inline?: boolean; sheetXml?: string } = {},
): Promise<Buffer> {
  const strings: string[] = [];
  const cell = (text: string, column: number, row: number) => {
    const ref = `${String.fromCharCode(65 + column)}${row}`;
    if (inline) return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;
    strings.push(text);
    return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
  };
  const sheetRows = rows.map(
    (cells, i) => `<row r="${i + 1}">${cells.map((text, c) => cell(text, c, i + 1)).join('')}</row>`,
  );
  const entries = [
    await deflated(
      '[Content_Types].xml',
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
    ),
    await deflated(
      '_rels/.rels',
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    await deflated(
      'xl/worksheets/sheet1.xml',
      sheetXml ?? `<worksheet xmlns="${MAIN}"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
    ),
    await deflated(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="Guests" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    await deflated(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${OFFICE}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
  ];
  if (!inline) {
    const items = strings.map((text) => `<si><t>${escapeXml(text)}</t></si>`).join('');
    entries.push(
      await deflated(
        'xl/sharedStrings.xml',
        `<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${items}</sst>`,
      ),
    );
  }
  return zipOf(entries);
}
