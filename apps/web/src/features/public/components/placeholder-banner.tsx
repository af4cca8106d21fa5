import { Box } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './banner.module.css';

// docs/product.md section 3: an event without a banner gets a generated blue gradient. Each event keeps
// one of these, picked from its id, so a page of events does not look like one repeated tile.
const GRADIENTS = [
  'linear-gradient(135deg, #1864ab 0%, #1c3f94 100%)',
  'linear-gradient(135deg, #1971c2 0%, #243b8f 100%)',
  'linear-gradient(160deg, #0b5394 0%, #1864ab 55%, #3b3f9e 100%)',
  'linear-gradient(120deg, #1c4f9c 0%, #1971c2 100%)',
  'linear-gradient(200deg, #1971c2 0%, #174a8b 60%, #2c2f7c 100%)',
] as const;

/** A stable pick for a seed (the event id): the same event always gets the same gradient. */
export function placeholderGradient(seed: string): string {
  let hash = 0;
  for (let i = 0; i < seed.length; i++) hash = (hash * 31 + seed.charCodeAt(i)) >>> 0;
  return GRADIENTS[hash % GRADIENTS.length] ?? GRADIENTS[0];
}

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
