import { LANGUAGE_NAMES } from '@clubtix/contract';
import { Button } from '@mantine/core';
import { lazy, Suspense, useCallback, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterFirstPage } from '../after-first-page';
import { currentLanguage } from '../i18n/i18n';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(loadMenu);

/**
 * The language picker of every header (docs/product.md section 22): each language named in itself, the
 * choice remembered on this device. Compact (the language's code) so it fits a phone's header.
 * The menu (Mantine's Menu with floating-ui and its focus trap) is fetched once the first page is shown,
 * or on the first press, so a buyer's first page does not wait for it
 * (docs/decisions/0046-fast-first-load.md); until then the button alone shows, the same button.
 */
export function LanguagePicker() {
  const { t } = useTranslation('common');
  const language = currentLanguage();
  // The name starts with the letters shown, so speech users can say what they see (WCAG 2.5.3).
  const code = language.toUpperCase();
  // Open or closed is kept here, not in the menu: a press on the plain button just before the menu
  // takes its place still opens it.
  const [opened, setOpened] = useState(false);
  const [pressed, setPressed] = useState(false);
  const withMenu = useAfterFirstPage() || pressed;
  // The menu's button replaces the plain one: the focus stays where the person left it.
  const hadFocus = useRef(false);
  const keepFocus = useCallback((node: HTMLButtonElement | null) => {
    if (node && hadFocus.current && document.activeElement !== node) node.focus();
  }, []);

  // `plain` stands while the menu is not there yet (before the first page is shown, and while its code
  // loads): a press on it asks for the menu open. Inside the menu, the menu's own target opens it.
  const button = (plain: boolean) => (
    <Button
      ref={keepFocus}
      variant="subtle"
      size="compact-md"
      fz={{ base: 'sm', sm: 'md' }}
      aria-label={t('language.pick', { code, language: LANGUAGE_NAMES[language] })}
      data-testid="language-picker"
      onFocus={() => (hadFocus.current = true)}
      // Moved elsewhere, not removed by the swap (which blurs towards nothing).
      onBlur={(event: FocusEvent) => (hadFocus.current = event.relatedTarget === null && hadFocus.current)}
      onClick={
        plain
          ? () => {
              setPressed(true);
              setOpened(true);
            }
          : undefined
      }
      onPointerEnter={plain ? () => void loadMenu() : undefined}
    >
      {code}
    </Button>
  );
  if (!withMenu) return button(true);
  return (
    <Suspense fallback={button(true)}>
      <LanguageMenu target={button(false)} opened={opened} onChange={setOpened} />
    </Suspense>
  );
}
