// Rewrites citations of the product documents kept outside the repository (SPEC.md, DECISIONS.md,
// ARCHITECTURE.md) to the repository's own: docs/product.md (part one has SPEC.md's section
// numbers, part two is DECISIONS.md's section N as section N + 9) and docs/architecture.md's
// conventions. Run it after merging a branch that still cites them: `node scripts/cite-docs.mjs`.
// apps/api/src/docs-citations.test.ts fails while any is left. docs/decisions/0025.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Migrations are frozen once generated (docs/architecture.md); their comments keep their words. */
const frozen = (file) => file.startsWith('apps/api/src/db/migrations/');

// What may stand between "DECISIONS.md" and "section 6" when a comment wraps: spaces, a line break
// and the next line's comment marker.
const gap = String.raw`(?:\s|\*|//|--|#)+`;
const decisions = new RegExp(
  String.raw`DECISIONS\.md(${gap})(sections?)(${gap})(\d+)(\.\d+)?(?:(\s*(?:-|to|and|,)\s*)(\d+))?`,
  'g',
);

export function citeDocs(text) {
  return text
    .replace(decisions, (_all, gap1, word, gap2, first, sub, joiner, last) => {
      const shift = (n) => String(Number(n) + 9);
      const tail = last ? `${joiner}${shift(last)}` : '';
      return `docs/product.md${gap1}${word}${gap2}${shift(first)}${sub ?? ''}${tail}`;
    })
    .replace(/\bDECISIONS\.md\b/g, 'docs/product.md')
    .replace(/\bSPEC\.md\b/g, 'docs/product.md')
    .replace(/\bARCHITECTURE\.md\b/g, 'docs/architecture.md');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = execFileSync('git', ['grep', '-lE', String.raw`(SPEC|DECISIONS|ARCHITECTURE)\.md`], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && !frozen(file) && file !== 'scripts/cite-docs.mjs' && file !== 'docs/product.md');
  for (const file of files) {
    const full = path.join(root, file);
    const before = readFileSync(full, 'utf8');
    const after = citeDocs(before);
    if (after !== before) {
      writeFileSync(full, after);
      process.stdout.write(`${file}\n`);
    }
  }
}
