import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sfntOfWoff } from './woff';

/**
 * The fonts a ticket PDF writes with: Noto Sans as @fontsource ships it, one WOFF file per script
 * subset (Latin, Thai, Cyrillic, Greek, Vietnamese...), read from node_modules and embedded (only
 * the glyphs used, by pdfkit), so a Thai or Greek name prints as typed and nothing is fetched at
 * run time (docs/decisions/0044-pdf-tickets.md). A piece of text is cut into runs, each in the
 * first subset whose Unicode ranges (the package's unicode.json) hold its characters.
 */
const require = createRequire(import.meta.url);

export type FontWeight = 400 | 700;

interface Subset {
  /** The @fontsource package and the subset's name in it. */
  pkg: '@fontsource/noto-sans' | '@fontsource/noto-sans-thai';
  subset: string;
}

/** In order of preference: a character two subsets hold is written in the first. */
const SUBSETS: Subset[] = [
  { pkg: '@fontsource/noto-sans', subset: 'latin' },
  { pkg: '@fontsource/noto-sans', subset: 'latin-ext' },
  { pkg: '@fontsource/noto-sans-thai', subset: 'thai' },
  { pkg: '@fontsource/noto-sans', subset: 'vietnamese' },
  { pkg: '@fontsource/noto-sans', subset: 'cyrillic' },
  { pkg: '@fontsource/noto-sans', subset: 'cyrillic-ext' },
  { pkg: '@fontsource/noto-sans', subset: 'greek' },
  { pkg: '@fontsource/noto-sans', subset: 'greek-ext' },
  { pkg: '@fontsource/noto-sans', subset: 'devanagari' },
];

type Range = [number, number];

/** "U+0000-00FF,U+0131" as code point ranges. */
export function parseUnicodeRanges(text: string): Range[] {
  return text.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(from!, 16);
    return [start, to === undefined ? start : parseInt(to, 16)];
  });
}

interface LoadedSubset extends Subset {
  ranges: Range[];
}

let loaded: LoadedSubset[] | undefined;

function subsets(): LoadedSubset[] {
  loaded ??= SUBSETS.map((subset) => {
    const unicode = JSON.parse(readFileSync(require.resolve(`${subset.pkg}/unicode.json`), 'utf8')) as Record<
      string,
      string
    >;
    return { ...subset, ranges: parseUnicodeRanges(unicode[subset.subset] ?? '') };
  });
  return loaded;
}

/** The name a subset's font is registered under in a document. */
export const fontName = (subset: string, weight: FontWeight) => `noto-${subset}-${weight}`;

/** The index of the subset that writes a code point: the first that holds it, else Latin. */
function subsetOf(codePoint: number): number {
  const index = subsets().findIndex((subset) =>
    subset.ranges.some(([start, end]) => codePoint >= start && codePoint <= end),
  );
  return index === -1 ? 0 : index;
}

export interface FontRun {
  font: string;
  text: string;
}

/**
 * Text cut into runs of one font each, composed first (NFC: "e" and a combining acute become "é",
 * which the Latin subset has). A combining mark left stays in the run of the letter it sits on when
 * that font has it; so does a space.
 */
export function fontRuns(text: string, weight: FontWeight): FontRun[] {
  const runs: { subset: number; text: string }[] = [];
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0)!;
    const last = runs.at(-1);
    const isMark = /\p{M}/u.test(char);
    let subset = subsetOf(codePoint);
    if (last && (isMark || char === ' ') && holds(last.subset, codePoint)) subset = last.subset;
    if (last && last.subset === subset) last.text += char;
    else runs.push({ subset, text: char });
  }
  return runs.map((run) => ({ font: fontName(subsets()[run.subset]!.subset, weight), text: run.text }));
}

function holds(index: number, codePoint: number): boolean {
  return subsets()[index]!.ranges.some(([start, end]) => codePoint >= start && codePoint <= end);
}

const fileCache = new Map<string, Buffer>();

/**
 * Every subset's font file, by the name `fontName` gives it, read and inflated once and kept (about
 * 50 KB each, woff.ts).
 */
export function fontFiles(): { name: string; file: Buffer }[] {
  return subsets().flatMap((subset) =>
    ([400, 700] as const).map((weight) => {
      const name = fontName(subset.subset, weight);
      let file = fileCache.get(name);
      if (!file) {
        const base = subset.pkg.slice('@fontsource/'.length);
        file = sfntOfWoff(
          readFileSync(require.resolve(`${subset.pkg}/files/${base}-${subset.subset}-${weight}-normal.woff`)),
        );
        fileCache.set(name, file);
      }
      return { name, file };
    }),
  );
}
