import { Anchor, List, Text } from '@mantine/core';

interface Admin {
  id: string;
  name: string;
  email: string;
}

/** A club's admins as name and e-mail; says so plainly when there are none. */
export function AdminList({ admins, label }: { admins: readonly Admin[]; label: string }) {
  if (admins.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No admins yet.
      </Text>
    );
  }
  return (
    <List aria-label={label} size="sm" spacing={4} listStyleType="none" pl={0}>
      {admins.map((admin) => (
        <List.Item key={admin.id}>
          <Text span size="sm" fw={500}>
            {admin.name}
          </Text>{' '}
          <Anchor href={`mailto:${admin.email}`} size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {admin.email}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}
