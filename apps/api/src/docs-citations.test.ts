import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every document a comment (or a test's name) cites is in the repository, and so is the section it
 * names: a newcomer can open each one. docs/decisions/0025-import-help-suite-and-docs.md.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
const ROOT_FILES = ['vitest.config.ts', 'eslint.config.js', '.ci/run'];
const CODE = /\.(ts|tsx|js|mjs|cjs|css|html|sql|sh)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git']);
/** Frozen once generated (docs/architecture.md), and the script that rewrites old citations names them. */
const EXEMPT = [
  /^apps\/api\/src\/db\/migrations\//,
  /^scripts\/cite-docs\.mjs$/,
  /^apps\/api\/src\/docs-citations\.test\.ts$/,
];

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(path.join(root, dir))) {
    if (SKIP_DIRS.has(name)) continue;
    const relative = path.posix.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory()) found.push(...sourceFiles(relative));
    else if (CODE.test(name)) found.push(relative);
  }
  return found;
}

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The numbered headings of docs/product.md ("## 15. Buying") and the numbered steps in them ("15.5."). */
function productSections(text: string): Set<string> {
  const sections = new Set<string>();
  for (const match of text.matchAll(/^## (\d+)\. /gm)) sections.add(match[1]!);
  for (const match of text.matchAll(/^(\d+\.\d+)\. /gm)) sections.add(match[1]!);
  return sections;
}

function conventions(text: string): Set<string> {
  const list = text.slice(text.indexOf('## Conventions'));
  return new Set([...list.matchAll(/^(\d+)\. /gm)].map((match) => match[1]!));
}

/** What is wrong with the citations in one file's text: each problem names the line. */
function citationProblems(
  text: string,
  exists: (file: string) => boolean,
  sections: Set<string>,
  architecture: Set<string>,
): string[] {
  const problems: string[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const match of text.matchAll(/(?<![\w/.-])(SPEC|DECISIONS|ARCHITECTURE)\.md\b/g)) {
    problems.push(`line ${lineOf(match.index)}: ${match[0]} is not in the repository (docs/product.md is)`);
  }
  for (const match of text.matchAll(/(?<![\w/.-])docs\/([\w./-]*[\w/])/g)) {
    const cited = `docs/${match[1]!}`;
    // docs/decisions/0006 stands for docs/decisions/0006-<title>.md.
    const number = /^docs\/decisions\/(\d{4})$/.exec(cited);
    const ok = number ? exists(`docs/decisions/${number[1]}-`) : exists(cited) || exists(cited.replace(/\.$/, ''));
    if (!ok) problems.push(`line ${lineOf(match.index)}: ${cited} does not exist`);
  }
  const gap = String.raw`(?:\s|\*|//|--|#)+`;
  const sectionCite = new RegExp(
    String.raw`docs/product\.md${gap}sections?${gap}(\d+(?:\.\d+)?)(?:\s*(?:-|to|and|,)\s*(\d+))?`,
    'g',
  );
  for (const match of text.matchAll(sectionCite)) {
    for (const section of [match[1], match[2]].filter(Boolean) as string[]) {
      if (!sections.has(section))
        problems.push(`line ${lineOf(match.index)}: docs/product.md has no section ${section}`);
    }
  }
  for (const match of text.matchAll(new RegExp(String.raw`docs/architecture\.md${gap}conventions?${gap}(\d+)`, 'g'))) {
    if (!architecture.has(match[1]!)) {
      problems.push(`line ${lineOf(match.index)}: docs/architecture.md has no convention ${match[1]}`);
    }
  }
  return problems;
}

describe('citations of documents', () => {
  const docs = readdirSync(path.join(root, 'docs/decisions')).map((name) => `docs/decisions/${name}`);
  const exists = (file: string) =>
    file.endsWith('-') ? docs.some((doc) => doc.startsWith(file)) : existsSync(path.join(root, file));
  const sections = productSections(read('docs/product.md'));
  const architecture = conventions(read('docs/architecture.md'));

  it('docs/product.md has its 24 numbered sections and docs/architecture.md its conventions', () => {
    for (let n = 1; n <= 24; n++) expect(sections.has(String(n)), `section ${n}`).toBe(true);
    expect(architecture.size).toBeGreaterThanOrEqual(14);
  });

  it('finds what a comment cites that is not in the repository', () => {
    const text = [
      '// as SPEC.md section 5 says',
      '/* docs/product.md section 15.5 and docs/product.md section 31 */',
      ' * docs/decisions/0006 and docs/decisions/9999, docs/nothing-here.md',
      '// docs/architecture.md convention 99',
    ].join('\n');
    expect(citationProblems(text, exists, sections, architecture)).toEqual([
      'line 1: SPEC.md is not in the repository (docs/product.md is)',
      'line 3: docs/decisions/9999 does not exist',
      'line 3: docs/nothing-here.md does not exist',
      'line 2: docs/product.md has no section 31',
      'line 4: docs/architecture.md has no convention 99',
    ]);
  });

  it('every file of the code cites only documents, sections and conventions the repository has', () => {
    const files = [
      ...SOURCE_DIRS.flatMap(sourceFiles),
      ...ROOT_FILES.filter((file) => existsSync(path.join(root, file))),
    ];
    expect(files.length).toBeGreaterThan(100);
    const problems = files
      .filter((file) => !EXEMPT.some((pattern) => pattern.test(file)))
      .flatMap((file) => citationProblems(read(file), exists, sections, architecture).map((p) => `${file} ${p}`));
    expect(problems).toEqual([]);
  });
});
