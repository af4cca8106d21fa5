import type { TEvent } from '@clubtix/contract';
import { Stack, Title } from '@mantine/core';
import { EventBanner } from './event-banner';
import { PlaceholderBanner } from './placeholder-banner';
import classes from './banner.module.css';

/**
 * The top of an event page. Without an uploaded banner the page's h1 itself sits on the
 * gradient, so the title is not shown twice one above the other.
 */
export function EventHero({
  event,
  heading = event.title,
  compact = false,
}: {
  event: Pick<TEvent, 'id' | 'title' | 'bannerUrl'>;
  /** The h1 text; the donation page says "Support <title>". */
  heading?: string;
  compact?: boolean;
}) {
  const variant = compact ? 'compact' : 'page';
  if (!event.bannerUrl) {
    return (
      <PlaceholderBanner title={event.title} seed={event.id} variant={variant}>
        <Title
          order={1}
          className={classes.placeholderText}
          fz={compact ? { base: 24, sm: 34 } : { base: 28, sm: 42 }}
          c="white"
        >
          {heading}
        </Title>
      </PlaceholderBanner>
    );
  }
  return (
    <Stack gap="md">
      <EventBanner event={event} variant={variant} />
      <Title order={1} fz={{ base: 28, sm: 40 }} style={{ overflowWrap: 'anywhere' }}>
        {heading}
      </Title>
    </Stack>
  );
}
