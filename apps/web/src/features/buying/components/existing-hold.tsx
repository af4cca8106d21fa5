import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { StoredHold } from '../hold-storage';
import { useHoldRemaining } from './hold-countdown';

/** A hold from earlier in this tab: carry on with it, or choose again. */
export function ExistingHold({ slug, hold, onDiscard }: { slug: string; hold: StoredHold; onDiscard: () => void }) {
  const { t } = useTranslation('buying');
  const navigate = useNavigate();
  const remaining = useHoldRemaining(hold.expiresAt);
  if (remaining !== null && remaining <= 0) return null;
  const next = hold.detailsSaved ? 'checkout' : 'attendee-form';
  return (
    <Alert color="purple" title={t('existingHold.title')} data-testid="existing-hold">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('existingHold.body')}</Text>
        <Group gap="xs">
          <Button size="sm" onClick={() => void navigate(`/${encodeURIComponent(slug)}/${next}`)}>
            {t('existingHold.continue')}
          </Button>
          <Button size="sm" variant="default" onClick={onDiscard}>
            {t('existingHold.again')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
