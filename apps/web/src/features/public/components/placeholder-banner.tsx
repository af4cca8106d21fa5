import { placeholderGradient } from '@clubtix/contract';
import { Box } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './banner.module.css';

export type BannerVariant = 'page' | 'compact' | 'card';

interface PlaceholderBannerProps {
  /** Shown over the gradient when no children are given. */
  title: string;
  /** Picks the gradient; the event id. */
  seed: string;
  /** Card banners are flush with the card edges; compact ones are a lower band. */
  variant?: BannerVariant;
  /** A real heading to place over the gradient instead of the decorative title. */
  children?: ReactNode;
}

/**
 * The generated banner. On its own it repeats a title that the page or card also shows, so it
 * is hidden from screen readers; with children (the event page's own heading) it is read.
 */
export function PlaceholderBanner({ title, seed, variant = 'page', children }: PlaceholderBannerProps) {
  const style: CSSProperties = { backgroundImage: placeholderGradient(seed) };
  const className = `${classes.frame} ${classes.placeholder} ${variant === 'page' ? '' : classes[variant]}`;
  if (children) {
    return (
      <Box className={className} style={style} data-testid="banner-placeholder">
        {children}
      </Box>
    );
  }
  return (
    <Box className={className} style={style} aria-hidden="true" data-testid="banner-placeholder">
      <Box component="span" className={classes.placeholderText} fz={variant === 'card' ? 'xl' : 32}>
        {title}
      </Box>
    </Box>
  );
}
