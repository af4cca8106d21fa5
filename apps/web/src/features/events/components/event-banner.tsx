import { Box, Image } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** docs/product.md section 3: without a banner an event shows a generated blue gradient. */
export const BANNER_PLACEHOLDER_GRADIENT =
  'linear-gradient(135deg, var(--mantine-color-blue-7) 0%, var(--mantine-color-blue-4) 55%, var(--mantine-color-cyan-3) 100%)';

/** An event's banner at a fixed 3:1 shape, so a missing or tall image does not move the page. */
export function EventBanner({
  title,
  bannerUrl,
  height = 120,
}: {
  title: string;
  bannerUrl: string | null;
  height?: number;
}) {
  // Never holds a page back for its alternative text: the title stands in until the catalogue is there.
  const { t, ready } = useTranslation('events', { useSuspense: false });
  if (bannerUrl) {
    return (
      <Image
        src={bannerUrl}
        alt={!ready ? title : title ? t('banner.of', { title }) : t('banner.ofEvent')}
        h={height}
        radius="md"
        fit="cover"
      />
    );
  }
  return (
    <Box
      role="img"
      aria-label={ready ? t('banner.none') : title}
      h={height}
      style={{ borderRadius: 'var(--mantine-radius-md)', background: BANNER_PLACEHOLDER_GRADIENT }}
    />
  );
}
