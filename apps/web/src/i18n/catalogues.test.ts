import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LANGUAGES } from '@clubtix/contract';
import { catalogueProblems, flattenCatalogue, type FlatCatalogue } from '@clubtix/contract/catalogue-check';
import { describe, expect, it } from 'vitest';

/**
 * The web catalogues (docs/decisions/0043-languages.md): every language holds English's keys with the
 * same ICU arguments, and every key the code asks for by a literal exists in English.
 */
const LOCALES = join(import.meta.dirname, 'locales');
const SRC = join(import.meta.dirname, '..');

function namespacesOf(language: string): string[] {
  return readdirSync(join(LOCALES, language))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

function catalogue(language: string, namespace: string): FlatCatalogue {
  try {
    return flattenCatalogue(JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')));
  } catch {
    return {};
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the web catalogues', () => {
  it('give every language the namespaces English has', () => {
    const english = namespacesOf('en');
    for (const language of LANGUAGES) expect(namespacesOf(language), language).toEqual(english);
  });

  it('hold every English key in every language, with the same arguments, as valid ICU', () => {
    const problems = namespacesOf('en').flatMap((namespace) => {
      const english = catalogue('en', namespace);
      return LANGUAGES.flatMap((language) =>
        catalogueProblems(english, catalogue(language, namespace), language).map((line) => `${namespace}: ${line}`),
      );
    });
    expect(problems).toEqual([]);
  });

  it('hold every key the code names', () => {
    const english = Object.fromEntries(namespacesOf('en').map((namespace) => [namespace, catalogue('en', namespace)]));
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      // The namespace a file's bare keys belong to: its (first) useTranslation('ns') or getFixedT(…, 'ns').
      const defaultNamespace = /useTranslation\(\s*\[?\s*'([\w-]+)'/.exec(text)?.[1] ?? 'common';
      for (const match of text.matchAll(/\bt\(\s*'([\w-]+:)?([\w.-]+)'/g)) {
        const namespace = match[1] ? match[1].slice(0, -1) : defaultNamespace;
        const key = match[2] ?? '';
        if (!(namespace in english) || !(key in (english[namespace] ?? {}))) {
          missing.push(`${relative(SRC, file)}: ${namespace}:${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
