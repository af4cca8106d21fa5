import { Avatar, type MantineSize } from '@mantine/core';

/** A club's logo; with none, Mantine's default user image stands in (docs/product.md section 3). */
export function ClubLogo({
  name,
  logoUrl,
  size = 'lg',
}: {
  name: string;
  logoUrl: string | null;
  size?: MantineSize | number;
}) {
  return <Avatar src={logoUrl} alt={`${name} logo`} size={size} radius="md" color="purple" />;
}
