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
  // Shown on buyers' pages too: it does not hold the page back for its one word (the club's name
  // alone stands in until the `clubs` catalogue is there).
  const { t, ready } = useTranslation('clubs', { useSuspense: false });
  const alt = ready ? t('logo.alt', { name }) : name;
  return <Avatar src={logoUrl} alt={alt} size={size} radius="md" color="purple" />;
}
