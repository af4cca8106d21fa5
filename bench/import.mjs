/* global Blob, FormData */
// Attendee import (docs/product.md section 17): ROWS attendees (20,000 by default) with three answers each, uploaded as
// .csv and as .xlsx to POST /registration/bulkImportAttendee of a real server. Prints the time of a
// first import, of the same file again (every row skipped as already there) and of the .xlsx into
// another ticket type of a fresh event, with the server's peak resident memory (VmHWM).
import { readFileSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { client, createEvent, saveBenchForm, seedKitOver, startProduct, SUDO } from './lib.mjs';

const ROWS = Number(process.env.ROWS ?? 20_000);

const peakMb = (pid) =>
  Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);

function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not Linux, or not ours: the peak then covers the whole run
  }
}

const header = ['firstName', 'lastName', 'email', 'Diet', 'Shirt size', 'Workshops'];
const rows = Array.from({ length: ROWS }, (_, i) => [
  `Guest${i}`,
  `Number ${i}`,
  `guest${i}@bench.test`,
  'No nuts',
  'M',
  'Knots, Radio',
]);
const csv = Buffer.from(
  [header, ...rows].map((row) => row.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(',')).join('\n'),
);
const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet('Attendees');
sheet.addRow(header);
for (const row of rows) sheet.addRow(row);
const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());

const product = await startProduct();
const call = client(product.baseUrl);

async function setUpEvent(token, clubId, title) {
  const { eventId, ticketId } = await createEvent(call, token, { clubId, title });
  await saveBenchForm(call, token, eventId);
  return { eventId, ticketId };
}

async function upload(token, target, filename, bytes) {
  const form = new FormData();
  form.set('eventId', target.eventId);
  form.set('ticketId', target.ticketId);
  form.set('file', new Blob([bytes]), filename);
  resetPeak(product.pid);
  const began = performance.now();
  const response = await fetch(`${product.baseUrl}/api/registration/bulkImportAttendee`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  const json = await response.json();
  const seconds = (performance.now() - began) / 1000;
  if (response.status !== 200) throw new Error(`import answered ${response.status}: ${json.msg}`);
  const { imported, skipped, errors } = json.payload;
  return {
    file: filename,
    megabytes: Math.round((bytes.length / 1024 / 1024) * 10) / 10,
    seconds: Math.round(seconds * 10) / 10,
    imported,
    skipped,
    errors: errors.length,
    serverPeakRssMb: peakMb(product.pid),
  };
}

try {
  const token = (await call('POST', '/auth/signin', { body: SUDO })).authorization;
  const club = await (await seedKitOver(call)).club(token, { name: 'Import Club' });
  const first = await setUpEvent(token, club.id, 'Import Regatta');
  const second = await setUpEvent(token, club.id, 'Import Regatta Two');
  const runs = [
    await upload(token, first, 'guests.csv', csv),
    await upload(token, first, 'guests.csv', csv),
    await upload(token, second, 'guests.xlsx', xlsx),
  ];
  console.log(JSON.stringify({ benchmark: 'import', rows: ROWS, runs }, null, 2));
} finally {
  await product.stop();
}
