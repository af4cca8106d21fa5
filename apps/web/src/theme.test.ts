import { DEFAULT_THEME, mergeMantineTheme, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { i18n, startI18n } from './i18n/i18n';
import { contrastRatio, cssVariablesResolver, ERROR_SHADE, readableAlertVars, theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);

/** The title colour a light alert of this colour gets, as Mantine asks the theme for it. */
function alertTitleColor(props: { color?: string; variant?: string }): string | undefined {
  return readableAlertVars(full, props).root['--alert-color'];
}

describe('light alerts: the title reads at 4.5:1 on the pale fill (WCAG AA for small text)', () => {
  it.each(Object.entries(full.colors))('%s', (name, shades: MantineColorsTuple) => {
    const title = alertTitleColor({ color: name });
    expect(title).toBeDefined();
    expect(contrastRatio(title!, shades[1])).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens only the colours whose darkest shade does not read', () => {
    expect(contrastRatio(full.colors.orange[9], full.colors.orange[1])).toBeLessThan(4.5);
    expect(alertTitleColor({ color: 'orange' })).not.toBe(full.colors.orange[9]);
    expect(alertTitleColor({ color: 'blue' })).toBe(full.colors.blue[9]);
  });

  it('takes the primary colour when none is given, and leaves filled alerts and set shades alone', () => {
    expect(contrastRatio(alertTitleColor({})!, full.colors.purple![1])).toBeGreaterThanOrEqual(4.5);
    expect(alertTitleColor({ color: 'orange', variant: 'filled' })).toBeUndefined();
    expect(alertTitleColor({ color: 'orange.7' })).toBeUndefined();
  });
});

type Props = { color?: string; variant?: string };
type ThemeVars = (theme: typeof full, props: Props) => { root: Record<string, string | undefined> };

/** The label colour the theme gives a Badge or Button, as Mantine asks the theme for its vars. */
function labelColor(component: 'Badge' | 'Button', props: Props): string | undefined {
  const vars = full.components[component]!.vars as ThemeVars;
  return vars(full, props).root[component === 'Badge' ? '--badge-color' : '--button-color'];
}

describe('light badges and buttons: the label reads at 4.5:1 on the pale fill', () => {
  it.each(Object.entries(full.colors))('%s badge', (name, shades: MantineColorsTuple) => {
    const label = labelColor('Badge', { color: name, variant: 'light' });
    expect(label).toBeDefined();
    expect(contrastRatio(label!, shades[1])).toBeGreaterThanOrEqual(4.5);
  });

  // Hovered, a light button's fill is shade 2; the label keeps one colour that reads on both.
  it.each(Object.entries(full.colors))('%s button, hovered or not', (name, shades: MantineColorsTuple) => {
    const label = labelColor('Button', { color: name, variant: 'light' });
    expect(label).toBeDefined();
    expect(contrastRatio(label!, shades[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(label!, shades[2])).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps the primary colour's own label, which already reads", () => {
    expect(labelColor('Badge', { variant: 'light' })).toBe(full.colors.purple![9]);
    expect(labelColor('Button', { variant: 'light' })).toBe(full.colors.purple![9]);
  });

  it('leaves filled badges and buttons (their default) and set shades as Mantine draws them', () => {
    for (const component of ['Badge', 'Button'] as const) {
      expect(labelColor(component, { color: 'orange' })).toBeUndefined();
      expect(labelColor(component, { color: 'orange', variant: 'filled' })).toBeUndefined();
      expect(labelColor(component, { color: 'gray.7', variant: 'outline' })).toBeUndefined();
      expect(labelColor(component, { color: 'orange.9', variant: 'light' })).toBeUndefined();
    }
  });
});

describe('menus (docs/product.md section 9)', () => {
  it('open after 300 ms and close after 250 ms, for every menu that does not say otherwise', () => {
    expect(full.components.Menu?.defaultProps).toMatchObject({ openDelay: 300, closeDelay: 250 });
  });
});

describe('form errors and links', () => {
  it('draws form errors in a red that reads at 4.5:1 on white', () => {
    const light = cssVariablesResolver(full).light;
    expect(light['--mantine-color-error']).toBe(`var(--mantine-color-red-${ERROR_SHADE})`);
    expect(contrastRatio(full.colors.red[ERROR_SHADE], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Mantine's own (red.6) is the 3.3:1 the walk found.
    expect(contrastRatio(full.colors.red[6], '#ffffff')).toBeLessThan(4.5);
  });

  it('gives every dialog close button and password eye a name, in the language shown', async () => {
    const resolved = (component: 'Modal' | 'PasswordInput') => {
      const props: unknown = full.components[component]?.defaultProps;
      return typeof props === 'function' ? (props as (theme: typeof full) => unknown)(full) : props;
    };
    await startI18n('en');
    expect(resolved('Modal')).toMatchObject({ closeButtonProps: { 'aria-label': 'Close dialog' } });
    expect(resolved('PasswordInput')).toMatchObject({
      withAsterisk: false,
      visibilityToggleButtonProps: { 'aria-label': 'Show or hide the characters' },
    });
    await i18n.changeLanguage('fr');
    expect(resolved('Modal')).toMatchObject({ closeButtonProps: { 'aria-label': 'Fermer la fenêtre' } });
    await i18n.changeLanguage('en');
  });
});
