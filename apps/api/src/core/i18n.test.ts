import { LANGUAGES } from '@clubtix/contract';
import { catalogueProblems, type FlatCatalogue } from '@clubtix/contract/catalogue-check';
import { describe, expect, it } from 'vitest';
import { catalogueKeys, catalogueMessage, translate } from './i18n';

function catalogueOf(language: (typeof LANGUAGES)[number]): FlatCatalogue {
  const keys = catalogueKeys()[language];
  return Object.fromEntries(keys.map((key) => [key, catalogueMessage(language, key) ?? '']));
}

describe('the server catalogues', () => {
  it('hold every English key in every language, with the same arguments, as valid ICU', () => {
    const english = catalogueOf('en');
    const problems = LANGUAGES.flatMap((language) => catalogueProblems(english, catalogueOf(language), language));
    expect(problems).toEqual([]);
  });

  it('translate by language, falling back to English, and name an unknown key', () => {
    expect(translate('fr', 'common.appName')).toBe('ClubTix');
    expect(translate('th', 'common.noSuchKey')).toBe('common.noSuchKey');
  });
});
