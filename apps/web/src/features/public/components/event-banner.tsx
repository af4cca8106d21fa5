import { mediaSrcSet, type TEvent } from '@clubtix/contract';
import { useTranslation } from 'react-i18next';
import { PlaceholderBanner, type BannerVariant } from './placeholder-banner';
import classes from './banner.module.css';

/** How wide a banner is shown (components/layouts.tsx's 1140 px column; cards two or three a row): the copy a screen fetches. */
const SIZES: Record<BannerVariant, string> = {
  page: '(min-width: 71.25em) 1108px, 100vw',
  compact: '(min-width: 71.25em) 1108px, 100vw',
  card: '(min-width: 48em) 50vw, 100vw',
};

/** An event's uploaded banner, or the generated gradient with its title when it has none. */
export function EventBanner({
  event,
  variant = 'page',
}: {
  event: Pick<TEvent, 'id' | 'title' | 'bannerUrl'>;
  variant?: BannerVariant;
}) {
  const { t } = useTranslation('public');
  if (!event.bannerUrl) return <PlaceholderBanner title={event.title} seed={event.id} variant={variant} />;
  return (
    <img
      src={event.bannerUrl}
      srcSet={mediaSrcSet(event.bannerUrl)}
      sizes={SIZES[variant]}
      alt={t('banner.alt', { title: event.title })}
      className={`${classes.frame} ${variant === 'page' ? '' : classes[variant]}`}
      loading={variant === 'card' ? 'lazy' : 'eager'}
      decoding="async"
    />
  );
}
