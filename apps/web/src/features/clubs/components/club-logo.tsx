import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('clubs');
  return <Avatar src={logoUrl} alt={t('logo.alt', { name })} size={size} radius="md" color="purple" />;
}
