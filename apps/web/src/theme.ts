import {
  createTheme,
  NativeSelect,
  NumberInput,
  PasswordInput,
  Select,
  Textarea,
  TextInput,
  type MantineColorsTuple,
} from '@mantine/core';

// SPEC.md section 9: light theme; primary purple, secondary gold, accent blue.
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
 * A green for white small text (badges): Mantine's darkest green (#2b8a3e) gives 4.4:1 with white,
 * under the 4.5:1 that small text needs; this one gives 7.9:1.
 */
export const TEXT_SAFE_GREEN = '#1b5e20';

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
    TextInput: TextInput.extend({ defaultProps: { withAsterisk: false } }),
    Textarea: Textarea.extend({ defaultProps: { withAsterisk: false } }),
    Select: Select.extend({ defaultProps: { withAsterisk: false } }),
    NativeSelect: NativeSelect.extend({ defaultProps: { withAsterisk: false } }),
    NumberInput: NumberInput.extend({ defaultProps: { withAsterisk: false } }),
    PasswordInput: PasswordInput.extend({
      defaultProps: {
        withAsterisk: false,
        // Mantine's default name for the eye button contains "password", which makes "the field
        // labelled Password" ambiguous for screen-reader users and for tests alike.
        visibilityToggleButtonProps: { 'aria-label': 'Show or hide the characters' },
      },
    }),
  },
});
