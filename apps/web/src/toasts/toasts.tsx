import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n';
import { tone, type Tone } from '../theme';
import classes from './toasts.module.css';

type ToastTone = Extract<Tone, 'success' | 'error' | 'info' | 'warning'>;

/** The default title of each tone, in the language shown when the toast appears. */
const titleOf = (kind: ToastTone): string => i18n.t(`common:toast.${kind}`);

/**
 * The id is derived from tone and text so that several calls failing the same way at once
 * (parallel queries after a token expires) show one toast, not a stack of copies.
 */
function toastId(kind: ToastTone, message: string): string {
  return `${kind}:${message}`;
}

/** Shows a toast; the same tone and text already on screen is not shown twice. */
export function showToast(kind: ToastTone, message: string, title: string = titleOf(kind)): string {
  return notifications.show({
    id: toastId(kind, message),
    title,
    message,
    color: tone[kind],
    withCloseButton: true,
    // Mantine's close button has no name of its own: screen readers would announce just "button".
    closeButtonProps: { 'aria-label': i18n.t('common:toast.closeNotification') },
    classNames: classes,
    autoClose: kind === 'error' ? 8000 : 5000,
  });
}

/**
 * Takes back the error toast of a message now shown where it belongs (on the form's fields): one
 * place per message (docs/decisions/0024-admin-screens-and-accessibility.md).
 */
export function hideErrorToast(message: string): void {
  notifications.hide(toastId('error', message));
}

/** The id of the error toast a message shows as (one per tone and text). */
export const errorToastId = (message: string): string => toastId('error', message);

/** Hides toasts by their ids, those on screen and those waiting for a place. */
export function hideToasts(ids: Iterable<string>): void {
  for (const id of ids) notifications.hide(id);
}

/** The apiQueryMsg toast of docs/product.md section 2: stays until the user presses Close. */
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
          {i18n.t('common:actions.close')}
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
