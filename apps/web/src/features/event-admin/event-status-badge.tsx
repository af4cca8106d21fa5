import type { TEventStatus } from '@clubtix/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEXT_SAFE_GREEN } from '../../theme';

/** Each status's words in the `events` catalogue: `t(EVENT_STATUS_KEYS[status])` with that namespace. */
export const EVENT_STATUS_KEYS = {
  draft: 'events:status.draft',
  published: 'events:status.published',
  cancelled: 'events:status.cancelled',
} as const satisfies Record<TEventStatus, string>;

// Filled with dark shades, so the white text keeps 4.5:1. The light variant given a shade ('green.9')
// paints text and background in the same colour in Mantine 9: the label could not be read at all.
const COLORS: Record<TEventStatus, string> = { draft: 'gray.8', published: TEXT_SAFE_GREEN, cancelled: 'red.9' };

export function EventStatusBadge({ status }: { status: TEventStatus }) {
  const { t } = useTranslation('events');
  return (
    <Badge color={COLORS[status]} variant="filled" data-testid="event-status">
      {t(EVENT_STATUS_KEYS[status])}
    </Badge>
  );
}
