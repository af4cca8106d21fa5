import type { TEvent } from '@clubtix/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';
import { usePublicExtras } from '../api';
import { formatPrice } from '../ticket-offer';
import { ExtrasPurchaseForm } from './extras-purchase-form';

/**
 * The event's extras: added to an order at checkout, or bought on their own here (by someone who
 * already has a ticket), one at a time.
 */
export function ExtrasSection({ event }: { event: Pick<TEvent, 'id' | 'slug' | 'currency'> }) {
  const { t } = useTranslation('public');
  const extras = usePublicExtras(event.id);
  const [buying, setBuying] = useState<string | null>(null);
  if (extras.isError) {
    return <QueryError error={extras.error} onRetry={() => void extras.refetch()} what={t('extras.what')} />;
  }
  // Nothing while loading or when there are none: extras are a side note, not worth a placeholder.
  if (!extras.isSuccess || extras.data.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="event-extras" gap="sm">
      <Title order={2} fz={{ base: 'xl', sm: 24 }} id="event-extras">
        {t('extras.title')}
      </Title>
      <Text c="gray.7">{t('extras.intro')}</Text>
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('extras.title')}>
        {extras.data.map((extra, index) => (
          <li
            key={extra.id}
            data-testid="event-extra"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" py="sm">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Title order={3} fz="md" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {extra.name}
                </Title>
                {extra.description ? (
                  <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {extra.description}
                  </Text>
                ) : null}
              </Stack>
              <Stack gap={4} align="flex-end">
                <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="extra-price">
                  {formatPrice(extra.price, event.currency)}
                </Text>
                {buying === extra.id ? null : (
                  <Button
                    variant="light"
                    size="xs"
                    aria-label={t('extras.buyNamed', { name: extra.name })}
                    onClick={() => setBuying(extra.id)}
                  >
                    {t('extras.buy')}
                  </Button>
                )}
              </Stack>
            </Group>
            {buying === extra.id ? (
              <ExtrasPurchaseForm event={event} extra={extra} onClose={() => setBuying(null)} />
            ) : null}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
