import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../i18n/i18n';

/**
 * Asks before deleting. The dialog closes on Delete; whatever the server answers (a 409 for a
 * ticket that has sales, for instance) comes back as the client's toast.
 */
export function confirmDelete({ what, name, onConfirm }: { what: string; name: string; onConfirm: () => void }) {
  modals.openConfirmModal({
    title: i18n.t('common:confirmDelete.title', { what }),
    children: <Text size="sm">{i18n.t('common:confirmDelete.text', { name })}</Text>,
    labels: { confirm: i18n.t('common:actions.delete'), cancel: i18n.t('common:actions.cancel') },
    // Mantine's red (red.6) under white text reads at 3.3:1; red.9 at 5.4:1 (axe).
    confirmProps: { color: 'red.9' },
    onConfirm,
  });
}
