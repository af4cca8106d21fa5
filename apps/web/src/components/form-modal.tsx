import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';

/** A dialog holding a form: full screen on a phone, where a floating box leaves no room to type. */
export function FormModal({
  title,
  opened,
  onClose,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={isPhone} size="lg" radius="lg">
      {children}
    </Modal>
  );
}

/**
 * Which item the editor dialog holds. Closing keeps the item, so the dialog's title and fields do
 * not switch to "Add" during its closing animation.
 */
export function useEditor<T>() {
  const [state, setState] = useState<{ opened: boolean; item: T | undefined }>({ opened: false, item: undefined });
  return {
    opened: state.opened,
    item: state.item,
    openNew: () => setState({ opened: true, item: undefined }),
    openEdit: (item: T) => setState({ opened: true, item }),
    close: () => setState((current) => ({ ...current, opened: false })),
  };
}
