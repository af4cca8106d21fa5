import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The steps of a purchase, as keys of their names in the buying catalogue (steps.*). */
export const BUYING_STEPS = ['tickets', 'attendees', 'checkout'] as const;

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
  const { t } = useTranslation('buying');
  const stepKey = step ? BUYING_STEPS[step - 1] : undefined;
  return (
    <Stack gap={6}>
      <Anchor component={Link} to={`/${encodeURIComponent(slug)}`} c="purple.7" size="sm" fw={600}>
        ← {eventTitle}
      </Anchor>
      {step && stepKey ? (
        <Text size="sm" c="gray.7" data-testid="buying-step">
          {t('steps.line', { step, count: BUYING_STEPS.length, name: t(`steps.${stepKey}`) })}
        </Text>
      ) : null}
      <Title order={1} fz={{ base: 26, sm: 34 }}>
        {heading}
      </Title>
      {children}
    </Stack>
  );
}
