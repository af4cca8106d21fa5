import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const BUYING_STEPS = ['Tickets', 'Attendees', 'Checkout'] as const;

/** The top of each buying step: which event, which step, and (below it) the hold's clock. */
export function BuyingHeader({
  slug,
  eventTitle,
  heading,
  step,
  children,
}: {
  slug: string;
  eventTitle: string;
  heading: string;
  /** 1-based position in BUYING_STEPS; none on the success page. */
  step?: number;
  children?: ReactNode;
}) {
  return (
    <Stack gap={6}>
      <Anchor component={Link} to={`/${encodeURIComponent(slug)}`} c="purple.7" size="sm" fw={600}>
        ← {eventTitle}
      </Anchor>
      {step ? (
        <Text size="sm" c="gray.7" data-testid="buying-step">
          Step {step} of {BUYING_STEPS.length}: {BUYING_STEPS[step - 1]}
        </Text>
      ) : null}
      <Title order={1} fz={{ base: 26, sm: 34 }}>
        {heading}
      </Title>
      {children}
    </Stack>
  );
}
