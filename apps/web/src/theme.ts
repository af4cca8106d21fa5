import {
  createTheme,
  type AlertFactory,
  type AnchorFactory,
  type BadgeFactory,
  type ButtonFactory,
  type CSSVariablesResolver,
  darken,
  type ExtendComponent,
  type FactoryPayload,
  luminance,
  type ModalProps,
  type PasswordInputProps,
  type MantineColorsTuple,
  type MantineTheme,
  type MantineThemeComponent,
  type MenuFactory,
  type NativeSelectFactory,
  type NumberInputFactory,
  parseThemeColor,
  type SelectFactory,
  type TextareaFactory,
  type TextInputFactory,
} from '@mantine/core';
import { i18n } from './i18n/i18n';
import classes from './theme.module.css';

/**
 * A component's `extend`, typed as Mantine's own, without importing the component: `Modal.extend` only
 * returns its argument, and importing Menu, Select or NumberInput here would put their code
 * (floating-ui, react-number-format, react-remove-scroll) on every first page, a buyer's included
 * (docs/decisions/0046-fast-first-load.md).
 */
const themed = <Payload extends FactoryPayload>() => ({
  extend: (input: ExtendComponent<Payload>) => input as MantineThemeComponent,
});
const Alert = themed<AlertFactory>();
const Anchor = themed<AnchorFactory>();
const Badge = themed<BadgeFactory>();
const Button = themed<ButtonFactory>();
const Menu = themed<MenuFactory>();
const NativeSelect = themed<NativeSelectFactory>();
const NumberInput = themed<NumberInputFactory>();
const Select = themed<SelectFactory>();
const Textarea = themed<TextareaFactory>();
const TextInput = themed<TextInputFactory>();

// docs/product.md section 9: light theme; primary purple, secondary gold, accent blue.
// Mantine ships no purple or gold scale, so both are defined here (shade 6 is the brand tone).
const purple: MantineColorsTuple = [
  '#f6ecff',
  '#e7d6fb',
  '#caa9f2',
  '#ad79ea',
  '#944fe3',
  '#8535de',
  '#7d28dc',
  '#6b1cc4',
  '#5f16b0',
  '#52109b',
];

const gold: MantineColorsTuple = [
  '#fff8e1',
  '#ffefcc',
  '#ffdd9b',
  '#ffca64',
  '#ffba38',
  '#ffb01b',
  '#ffab09',
  '#e39500',
  '#ca8500',
  '#af7100',
];

/** Semantic colour names, so screens say what a colour means rather than which hue it is. */
export const tone = {
  primary: 'purple',
  secondary: 'gold',
  accent: 'blue',
  success: 'green',
  error: 'red',
  warning: 'orange',
  info: 'blue',
} as const;

export type Tone = keyof typeof tone;

/**
 * docs/product.md section 9 and docs/product.md section 24: a menu opens 300 ms after the pointer comes to
 * rest on its button and closes 250 ms after it leaves, so passing over a row opens nothing. Mantine
 * applies both to menus that open on hover; a click or a key opens one at once (docs/decisions/0022).
 */
export const MENU_OPEN_DELAY_MS = 300;
export const MENU_CLOSE_DELAY_MS = 250;

/**
 * A green for white small text (badges): Mantine's darkest green (#2b8a3e) gives 4.4:1 with white,
 * under the 4.5:1 that small text needs; this one gives 7.9:1.
 */
export const TEXT_SAFE_GREEN = '#1b5e20';

/** WCAG 2 contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/**
 * A text colour for a light alert, badge or button on its pale fill (shade 1 in the light scheme the
 * app is forced into; a light button's hover fill is shade 2). Mantine uses shade 9, which reads on
 * shade 1 at 3.6:1 for orange, 2.7:1 for yellow and 3.8:1 for green, under the 4.5:1 that small text
 * needs; such a shade is darkened in small steps until it reads, the others are left as Mantine draws them.
 */
export function readableOnLightFill(shades: MantineColorsTuple, fill: string = shades[1]): string {
  let color = shades[9];
  for (let amount = 0.05; contrastRatio(color, fill) < 4.5 && amount <= 1; amount += 0.05) {
    color = darken(shades[9], amount);
  }
  return color;
}

/**
 * Theme `vars` that give every light variant of a theme colour readable text, so no screen has to
 * pick a shade. `defaultVariant` is what the component draws when given none (Alert: light; Badge,
 * Button: filled, which stays as Mantine draws it); `fill` is the darkest pale fill the text sits on.
 */
function readableLightVars<V extends string>(
  cssVar: V,
  defaultVariant: 'light' | 'filled',
  fill: 1 | 2 = 1,
): (theme: MantineTheme, props: { color?: string; variant?: string }) => { root: Partial<Record<V, string>> } {
  return (theme, props) => {
    if ((props.variant ?? defaultVariant) !== 'light') return { root: {} };
    const parsed = parseThemeColor({ color: props.color ?? theme.primaryColor, theme });
    // A shade or CSS colour given by hand is the caller's choice.
    const shades = parsed.isThemeColor && parsed.shade === undefined ? theme.colors[parsed.color] : undefined;
    if (!shades) return { root: {} };
    return { root: { [cssVar]: readableOnLightFill(shades, shades[fill]) } as Partial<Record<V, string>> };
  };
}

/** The title and icon of a light alert (Alert's default variant). */
export const readableAlertVars = readableLightVars('--alert-color', 'light');

/**
 * The error red of form messages and borders: Mantine's (red.6, #fa5252) reads at 3.3:1 on white,
 * under the 4.5:1 small text needs; red.8 reads at 4.6:1 and more. Set once here, so no form needs
 * its own (docs/decisions/0024-admin-screens-and-accessibility.md, "Readable errors").
 */
export const ERROR_SHADE = 8;

/**
 * CSS variables over Mantine's light scheme (the app is forced into it): the dimmed grey (gray.6 is
 * 3.3:1 on white; gray.7 reads at 8:1) and the error red.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': `var(--mantine-color-red-${ERROR_SHADE})`,
  },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'purple',
  primaryShade: 6,
  colors: { purple, gold },
  // Gold and other light fills need dark text to stay readable.
  autoContrast: true,
  defaultRadius: 'md',
  cursorType: 'pointer',
  headings: { fontWeight: '700' },
  other: { tone },
  // Forms mark the few optional fields with an "Optional" description instead of starring the
  // required ones: the star would become part of the label text ("Name *") for tools that read it.
  components: {
    Alert: Alert.extend({ vars: readableAlertVars }),
    // A link inside a sentence is underlined: colour alone does not tell it apart (WCAG 1.4.1).
    Anchor: Anchor.extend({ classNames: { root: classes.anchor } }),
    // Mantine's close button has no name: screen readers would announce just "button" (axe: critical).
    // Its name is read at each render, in the language shown then (docs/product.md section 22).
    // Mantine reads a function here at every render; its `extend` types only take objects.
    Modal: {
      defaultProps: (): Partial<ModalProps> => ({ closeButtonProps: { 'aria-label': i18n.t('common:dialog.close') } }),
    },
    // Staff read light badges at the door ("In at 19:05"), buyers on the public pages.
    Badge: Badge.extend({ vars: readableLightVars('--badge-color', 'filled') }),
    // One label colour that also reads on the darker fill a light button gets when hovered.
    Button: Button.extend({ vars: readableLightVars('--button-color', 'filled', 2) }),
    Menu: Menu.extend({ defaultProps: { openDelay: MENU_OPEN_DELAY_MS, closeDelay: MENU_CLOSE_DELAY_MS } }),
    TextInput: TextInput.extend({ defaultProps: { withAsterisk: false } }),
    Textarea: Textarea.extend({ defaultProps: { withAsterisk: false } }),
    Select: Select.extend({ defaultProps: { withAsterisk: false } }),
    NativeSelect: NativeSelect.extend({ defaultProps: { withAsterisk: false } }),
    NumberInput: NumberInput.extend({ defaultProps: { withAsterisk: false } }),
    PasswordInput: {
      defaultProps: (): Partial<PasswordInputProps> => ({
        withAsterisk: false,
        // Mantine's default name for the eye button contains "password", which makes "the field
        // labelled Password" ambiguous for screen-reader users and for tests alike.
        visibilityToggleButtonProps: { 'aria-label': i18n.t('common:password.toggle') },
      }),
    },
  },
});
