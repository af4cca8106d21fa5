import { Text, type TextProps } from '@mantine/core';

/**
 * Text typed by a club (descriptions, addresses) shown as typed: line breaks kept, long links
 * wrapped. It is always rendered as text, never as HTML, whatever the API sends.
 */
export function PlainText({ children, ...props }: TextProps & { children: string }) {
  return (
    <Text {...props} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}
