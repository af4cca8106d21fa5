import type { TEvent } from '@clubtix/contract';
import { useTranslation } from 'react-i18next';
import { PlaceholderBanner, type BannerVariant } from './placeholder-banner';
import classes from './banner.module.css';

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
      alt={t('banner.alt', { title: event.title })}
      className={`${classes.frame} ${variant === 'page' ? '' : classes[variant]}`}
      loading={variant === 'card' ? 'lazy' : 'eager'}
      decoding="async"
    />
  );
}
