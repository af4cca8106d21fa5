import { createInflateRaw, crc32 } from 'node:zlib';

/**
 * An .xlsx is a zip, and a zip of a few megabytes can unpack to gigabytes (a zip bomb). Before
 * exceljs reads one, every entry is inflated here and its real size counted, stopping as soon as the
 * total passes the limit; nothing inflated is kept. The reader walks the file from its first byte
 * while this check walks the central directory, so the two are made to see the same entries: they
 * must follow each other with no gap a hidden entry could sit in, each local header must name its
 * directory entry, and each deflate stream must end exactly where the directory says it does.
 */

export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;
const MAX_ENTRIES = 10_000;
/** A data descriptor after an entry's data: 12 bytes, 16 with its optional signature, 24 in zip64. */
const MAX_DESCRIPTOR = 24;

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
  /** Its record in the central directory. */
  record: Buffer;
  /** Where the next entry, or the central directory, starts: its bytes are [localOffset, end). */
  end: number;
}

export interface ZipLayout {
  entries: Entry[];
}

export type ZipVerdict = { ok: true; layout: ZipLayout } | { ok: false; reason: 'unreadable' | 'too-large' };

function endOfCentralDirectory(zip: Buffer): number {
  const earliest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= earliest; at--) {
    if (zip.readUInt32LE(at) === 0x06054b50) return at;
  }
  return -1;
}

function centralDirectory(zip: Buffer): { entries: Entry[]; offset: number } | null {
  const end = endOfCentralDirectory(zip);
  if (end < 0) return null;
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  // Several disks or zip64 markers: no spreadsheet under the upload limit needs them.
  if (zip.readUInt16LE(end + 4) !== 0 || count === 0xffff || offset === 0xffffffff) return null;
  if (count === 0 || count > MAX_ENTRIES || offset + size > end) return null;
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = zip.readUInt16LE(at + 28);
    const length = 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const entry: Entry = {
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('latin1', at + 46, at + 46 + nameLength),
      record: zip.subarray(at, at + length),
      end: 0,
    };
    if (entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff || entry.flags & 1) return null;
    entries.push(entry);
    at += length;
  }
  entries.sort((a, b) => a.localOffset - b.localOffset);
  entries.forEach((entry, i) => (entry.end = entries[i + 1]?.localOffset ?? offset));
  return { entries, offset };
}

/** Where an entry's data starts, if its local header is there and names the same file. */
function dataStart(zip: Buffer, entry: Entry): number | null {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== 0x04034b50) return null;
  const nameLength = zip.readUInt16LE(at + 26);
  if (zip.toString('latin1', at + 30, at + 30 + nameLength) !== entry.name) return null;
  return at + 30 + nameLength + zip.readUInt16LE(at + 28);
}

/** Inflates `data` and counts what comes out, giving up past `budget` bytes; it must be exactly one deflate stream. */
function inflatedSize(data: Buffer, budget: number): Promise<number | 'too-large' | 'unreadable'> {
  return new Promise((resolve) => {
    const inflate = createInflateRaw();
    let size = 0;
    let settled = false;
    const settle = (value: number | 'too-large' | 'unreadable') => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) settle('too-large');
    });
    inflate.on('error', () => settle('unreadable'));
    inflate.on('end', () => settle(inflate.bytesWritten === data.length ? size : 'unreadable'));
    inflate.end(data);
  });
}

export async function checkZip(zip: Buffer, limit = MAX_UNZIPPED_BYTES): Promise<ZipVerdict> {
  const directory = centralDirectory(zip);
  if (!directory) return { ok: false, reason: 'unreadable' };
  let expectedAt = 0;
  let total = 0;
  for (const entry of directory.entries) {
    const gap = entry.localOffset - expectedAt;
    if (gap < 0 || gap > MAX_DESCRIPTOR) return { ok: false, reason: 'unreadable' };
    const start = dataStart(zip, entry);
    if (start === null || start + entry.compressedSize > entry.end) return { ok: false, reason: 'unreadable' };
    const data = zip.subarray(start, start + entry.compressedSize);
    let size: number | 'too-large' | 'unreadable';
    if (entry.method === 0) size = data.length;
    else if (entry.method === 8) size = await inflatedSize(data, limit - total);
    else size = 'unreadable';
    if (typeof size === 'string') return { ok: false, reason: size };
    total += size;
    if (total > limit) return { ok: false, reason: 'too-large' };
    expectedAt = start + entry.compressedSize;
  }
  if (directory.offset - expectedAt > MAX_DESCRIPTOR) return { ok: false, reason: 'unreadable' };
  return { ok: true, layout: { entries: directory.entries } };
}

const SHARED_STRINGS = 'xl/sharedStrings.xml';
/** What exceljs's streaming reader must have read before a worksheet to parse it on the fly. */
const READ_FIRST = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', SHARED_STRINGS, 'xl/styles.xml'];

/** A stored (not deflated) entry: its local part and its central directory record, the offset left 0. */
function storedEntry(name: string, text: string): { local: Buffer; record: Buffer } {
  const data = Buffer.from(text);
  const nameBytes = Buffer.from(name, 'latin1');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(20, 4);
  record.writeUInt16LE(20, 6);
  record.writeUInt32LE(crc32(data), 16);
  record.writeUInt32LE(data.length, 20);
  record.writeUInt32LE(data.length, 24);
  record.writeUInt16LE(nameBytes.length, 28);
  return { local: Buffer.concat([local, nameBytes, data]), record: Buffer.concat([record, nameBytes]) };
}

/**
 * The same workbook with the entries exceljs's streaming reader needs before any worksheet moved to
 * the front (and an empty shared strings table added when there is none). Excel writes its shared
 * strings after the worksheets, and then the reader would unpack every worksheet to a temporary file
 * first, which it removes only if the whole workbook is read to its end. Answers null when the
 * workbook part itself is missing: that is no spreadsheet.
 */
export function inStreamingOrder(zip: Buffer, layout: ZipLayout): Buffer | null {
  const byName = new Map(layout.entries.map((entry) => [entry.name, entry]));
  if (!byName.has('xl/workbook.xml') || !byName.has('xl/_rels/workbook.xml.rels')) return null;
  const parts: { local: Buffer; record: Buffer }[] = [];
  const copy = (entry: Entry) => ({ local: zip.subarray(entry.localOffset, entry.end), record: entry.record });
  for (const name of READ_FIRST) {
    const entry = byName.get(name);
    if (entry) parts.push(copy(entry));
    else if (name === SHARED_STRINGS) {
      parts.push(storedEntry(name, '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>'));
    }
  }
  for (const entry of layout.entries) if (!READ_FIRST.includes(entry.name)) parts.push(copy(entry));

  const records: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const record = Buffer.from(part.record);
    record.writeUInt32LE(offset, 42);
    records.push(record);
    offset += part.local.length;
  }
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts.map((part) => part.local), directory, end]);
}
