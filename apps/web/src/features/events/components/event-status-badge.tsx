import type { TEventStatus } from '@clubtix/contract';
import { Badge } from '@mantine/core';

export const EVENT_STATUS_LABELS: Record<TEventStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  cancelled: 'Cancelled',
};

// Dark shades: the light badge's text must keep 4.5:1 contrast on its tinted background.
const COLORS: Record<TEventStatus, string> = { draft: 'gray.8', published: 'green.9', cancelled: 'red.9' };

export function EventStatusBadge({ status }: { status: TEventStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="event-status">
      {EVENT_STATUS_LABELS[status]}
    </Badge>
  );
}
