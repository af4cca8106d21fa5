import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

const run = promisify(execFile);

/**
 * A PDF as poppler (poppler-utils, as CI installs it) reads it: its page count, each page's text
 * (pdftotext) and the QR code drawn on each page, decoded from the page rendered to PNG (pdftoppm).
 */
export interface ReadPdf {
  pages: number;
  texts: string[];
  qrs: (string | null)[];
  /** Images drawn on each page (pdfimages -list), counted. */
  images: number[];
}

export async function readPdf(pdf: Buffer): Promise<ReadPdf> {
  const dir = await mkdtemp(path.join(tmpdir(), 'clubtix-pdf-'));
  try {
    const file = path.join(dir, 'tickets.pdf');
    await writeFile(file, pdf);
    const info = (await run('pdfinfo', [file])).stdout;
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    const texts: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const args = ['-layout', '-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-'];
      texts.push((await run('pdftotext', args)).stdout);
    }
    await run('pdftoppm', ['-r', '100', '-png', file, path.join(dir, 'page')]);
    const pngs = (await readdir(dir)).filter((name) => name.endsWith('.png')).sort();
    const qrs: (string | null)[] = [];
    for (const name of pngs) {
      const png = PNG.sync.read(await readFile(path.join(dir, name)));
      qrs.push(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null);
    }
    const list = (await run('pdfimages', ['-list', file])).stdout.split('\n').slice(2).filter(Boolean);
    // Columns: page, num, type ('image', or 'smask' for an image's transparency), ...
    const rows = list.map((line) => line.trim().split(/\s+/));
    const images = Array.from(
      { length: pages },
      (_, index) => rows.filter((row) => Number(row[0]) === index + 1 && row[2] === 'image').length,
    );
    return { pages, texts, qrs, images };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
