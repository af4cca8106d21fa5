import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { StoredHold } from '../hold-storage';
import { useHoldRemaining } from './hold-countdown';

/** A hold from earlier in this tab: carry on with it, or choose again. */
export function ExistingHold({ slug, hold, onDiscard }: { slug: string; hold: StoredHold; onDiscard: () => void }) {
  const navigate = useNavigate();
  const remaining = useHoldRemaining(hold.expiresAt);
  if (remaining !== null && remaining <= 0) return null;
  const next = hold.detailsSaved ? 'checkout' : 'attendee-form';
  return (
    <Alert color="purple" title="You are holding tickets for this event" data-testid="existing-hold">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Carry on with them, or choose again below.</Text>
        <Group gap="xs">
          <Button size="sm" onClick={() => void navigate(`/${encodeURIComponent(slug)}/${next}`)}>
            Continue with my tickets
          </Button>
          <Button size="sm" variant="default" onClick={onDiscard}>
            Choose again
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
