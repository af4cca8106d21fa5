import { useTranslation } from 'react-i18next';
import { Anchor, Button, Group, List, Text } from '@mantine/core';
import { confirmDelete } from '../../../components/confirm-delete';
import { useDeleteAppUser } from '../api';

interface Admin {
  id: string;
  name: string;
  email: string;
}

interface AdminListProps {
  admins: readonly Admin[];
  label: string;
  /** A Delete action per admin, after confirmation (the super user's lists). */
  canDelete?: boolean;
}

/** A club's admins as name and e-mail; says so plainly when there are none. */
export function AdminList({ admins, label, canDelete = false }: AdminListProps) {
  const { t } = useTranslation('users');
  const remove = useDeleteAppUser();
  if (admins.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('admins.none')}
      </Text>
    );
  }
  return (
    <List
      aria-label={label}
      size="sm"
      spacing={4}
      listStyleType="none"
      pl={0}
      // Full-width rows, so the Delete action sits at the end and a long address wraps beside it.
      styles={{ itemWrapper: { display: 'flex', width: '100%' }, itemLabel: { flex: 1, minWidth: 0 } }}
    >
      {admins.map((admin) => (
        <List.Item key={admin.id}>
          <Group gap="xs" justify="space-between" wrap="nowrap" align="center">
            <Text span size="sm" style={{ minWidth: 0 }}>
              <Text span size="sm" fw={500}>
                {admin.name}
              </Text>{' '}
              <Anchor href={`mailto:${admin.email}`} size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {admin.email}
              </Anchor>
            </Text>
            {canDelete ? (
              <Button
                variant="subtle"
                color="red"
                size="compact-xs"
                style={{ flexShrink: 0 }}
                aria-label={t('admins.deleteLabel', { name: admin.name, email: admin.email })}
                loading={remove.isPending && remove.variables === admin.id}
                onClick={() =>
                  confirmDelete({
                    what: t('admins.what'),
                    name: `${admin.name} (${admin.email})`,
                    // The client toasts the server's answer: "Admin removed", or why it was refused.
                    onConfirm: () => remove.mutate(admin.id),
                  })
                }
              >
                {t('delete')}
              </Button>
            ) : null}
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
