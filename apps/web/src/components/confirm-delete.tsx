import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * Asks before deleting. The dialog closes on Delete; whatever the server answers (a 409 for a
 * ticket that has sales, for instance) comes back as the client's toast.
 */
export function confirmDelete({ what, name, onConfirm }: { what: string; name: string; onConfirm: () => void }) {
  modals.openConfirmModal({
    title: `Delete ${what}?`,
    children: <Text size="sm">“{name}” will be deleted. This cannot be undone.</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    // Mantine's red (red.6) under white text reads at 3.3:1; red.9 at 5.4:1 (axe).
    confirmProps: { color: 'red.9' },
    onConfirm,
  });
}
