import { DEFAULT_THEME, mergeMantineTheme, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableAlertVars, theme } from './theme';

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
