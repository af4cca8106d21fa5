import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * What the catalogue tests of the API and the web app check (docs/decisions/0043-languages.md): every
 * language holds exactly English's keys, every message is valid ICU, and a translation uses the same
 * {arguments} as its English message, so no placeholder is lost or invented in translation.
 */
export type FlatCatalogue = Record<string, string>;

function collectArguments(elements: MessageFormatElement[], into: Set<string>): void {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        into.add(element.value);
        break;
      case TYPE.select:
      case TYPE.plural:
        into.add(element.value);
        for (const option of Object.values(element.options)) collectArguments(option.value, into);
        break;
      case TYPE.tag:
        collectArguments(element.children, into);
        break;
      case TYPE.literal:
      case TYPE.pound:
        break;
    }
  }
}

/** The argument names a message uses; throws when it is not valid ICU. */
export function messageArguments(message: string): string[] {
  const found = new Set<string>();
  collectArguments(parse(message, { ignoreTag: true }), found);
  return [...found].sort();
}

/** Problems of one language's catalogue against English's, as readable lines (empty: none). */
export function catalogueProblems(english: FlatCatalogue, other: FlatCatalogue, language: string): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) {
    if (!(key in other)) problems.push(`${language}: missing ${key}`);
  }
  for (const key of Object.keys(other)) {
    if (!(key in english)) problems.push(`${language}: ${key} is not in English`);
  }
  for (const [key, message] of Object.entries(other)) {
    const source = english[key];
    if (source === undefined) continue;
    let want: string[];
    let have: string[];
    try {
      want = messageArguments(source);
    } catch (error) {
      problems.push(`en: ${key} is not valid ICU (${String(error)})`);
      continue;
    }
    try {
      have = messageArguments(message);
    } catch (error) {
      problems.push(`${language}: ${key} is not valid ICU (${String(error)})`);
      continue;
    }
    if (want.join(',') !== have.join(',')) {
      problems.push(`${language}: ${key} uses {${have.join(', ')}}, English uses {${want.join(', ')}}`);
    }
    if (language !== 'en' && message.trim() === '' && source.trim() !== '') {
      problems.push(`${language}: ${key} is empty`);
    }
  }
  return problems;
}

/** Nested JSON catalogues (the web's) flattened to dotted keys. */
export function flattenCatalogue(value: unknown, prefix = '', into: FlatCatalogue = {}): FlatCatalogue {
  if (typeof value === 'string') {
    into[prefix] = value;
    return into;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flattenCatalogue(inner, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}
