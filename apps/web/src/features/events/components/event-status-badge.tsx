import type { TEventStatus } from '@clubtix/contract';
import { Badge } from '@mantine/core';
import { TEXT_SAFE_GREEN } from '../../../theme';

export const EVENT_STATUS_LABELS: Record<TEventStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  cancelled: 'Cancelled',
};

// Filled with dark shades, so the white text keeps 4.5:1. The light variant given a shade ('green.9')
// paints text and background in the same colour in Mantine 9: the label could not be read at all.
const COLORS: Record<TEventStatus, string> = { draft: 'gray.8', published: TEXT_SAFE_GREEN, cancelled: 'red.9' };

export function EventStatusBadge({ status }: { status: TEventStatus }) {
  return (
    <Badge color={COLORS[status]} variant="filled" data-testid="event-status">
      {EVENT_STATUS_LABELS[status]}
    </Badge>
  );
}
