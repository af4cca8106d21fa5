import type { TEventStatus } from '@clubtix/contract';
import { Badge } from '@mantine/core';

export const EVENT_STATUS_LABELS: Record<TEventStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  cancelled: 'Cancelled',
};

const COLORS: Record<TEventStatus, string> = { draft: 'gray', published: 'green', cancelled: 'red' };

export function EventStatusBadge({ status }: { status: TEventStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="event-status">
      {EVENT_STATUS_LABELS[status]}
    </Badge>
  );
}
