import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { tone, type Tone } from '../theme';
import classes from './toasts.module.css';

type ToastTone = Extract<Tone, 'success' | 'error' | 'info' | 'warning'>;

const titles: Record<ToastTone, string> = {
  success: 'Done',
  error: 'Something went wrong',
  info: 'Note',
  warning: 'Warning',
};

/**
 * Shows a toast. The id is derived from tone and text so that several calls failing the same way
 * at once (parallel queries after a token expires) show one toast, not a stack of copies.
 */
export function showToast(kind: ToastTone, message: string, title: string = titles[kind]): string {
  return notifications.show({
    id: `${kind}:${message}`,
    title,
    message,
    color: tone[kind],
    withCloseButton: true,
    // Mantine's close button has no name of its own: screen readers would announce just "button".
    closeButtonProps: { 'aria-label': 'Close notification' },
    classNames: classes,
    autoClose: kind === 'error' ? 8000 : 5000,
  });
}

/** The apiQueryMsg toast of SPEC.md section 2: stays until the user presses Close. */
export function showQueryMessage(message: string): void {
  const id = `query:${message}`;
  notifications.show({
    id,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" c="inherit">
          {message}
        </Text>
        <Button size="compact-sm" variant="white" color="dark" onClick={() => notifications.hide(id)}>
          Close
        </Button>
      </Group>
    ),
    color: tone.info,
    // The Close action replaces the corner button, so there is one way to dismiss it.
    withCloseButton: false,
    autoClose: false,
    classNames: classes,
  });
}
