import { LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '@clubtix/contract';
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n/i18n';

/**
 * The language picker of every header (docs/product.md section 22): each language named in itself, the
 * choice remembered on this device. Compact (the language's code) so it fits a phone's header.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation('common');
  const language = currentLanguage();
  // The name starts with the letters shown, so speech users can say what they see (WCAG 2.5.3).
  const code = language.toUpperCase();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-md"
          fz={{ base: 'sm', sm: 'md' }}
          aria-label={t('language.pick', { code, language: LANGUAGE_NAMES[language] })}
          data-testid="language-picker"
        >
          {code}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((option: TLanguage) => (
          <Menu.Item
            key={option}
            lang={option}
            aria-current={option === i18n.resolvedLanguage ? 'true' : undefined}
            fw={option === language ? 700 : undefined}
            onClick={() => void changeLanguage(option)}
          >
            {LANGUAGE_NAMES[option]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
