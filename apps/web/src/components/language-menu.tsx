import { LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '@clubtix/contract';
import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n/i18n';

/** The picker's menu, loaded apart from the first page (language-picker.tsx). */
export default function LanguageMenu({
  target,
  opened,
  onChange,
}: {
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
}) {
  const { i18n } = useTranslation('common');
  const language = currentLanguage();
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
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
