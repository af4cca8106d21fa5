import type { TEvent } from '@clubtix/contract';
import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { NotFoundView } from '../../components/not-found-view';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { useManagedEvent } from './api';
import { EventLinks, type EventScreen } from './event-links';
import { EventStatusBadge } from './event-status-badge';

interface ManagedEventPageProps {
  eventId: string | undefined;
  title: string;
  screen: EventScreen;
  actions?: (event: TEvent) => ReactNode;
  children: (event: TEvent) => ReactNode;
}

/**
 * Frame of the screens below one event (tickets, extras, packages): loads the event as its
 * manager, shows not-found for another club's event (the API answers 404), then the screen.
 */
export function ManagedEventPage({ eventId, title, screen, actions, children }: ManagedEventPageProps) {
  const { t } = useTranslation('events');
  const event = useManagedEvent(eventId);
  if (!eventId) return <NotFoundView status={404} message={t('notFound')} />;
  if (event.isPending) return <PageLoader label={t('loading')} />;
  if (event.isError) {
    if (isApiError(event.error) && event.error.status === 404)
      return <NotFoundView status={404} message={t('notFound')} />;
    return <QueryError error={event.error} onRetry={() => void event.refetch()} what={t('eventWhat')} />;
  }
  return (
    <>
      <PageHeader
        title={title}
        description={
          <Group component="span" gap={8}>
            <Text span size="sm" c="dimmed" data-testid="event-title">
              {event.data.title}
            </Text>
            <EventStatusBadge status={event.data.status} />
          </Group>
        }
        actions={actions?.(event.data)}
      />
      <EventLinks event={event.data} current={screen} />
      {children(event.data)}
    </>
  );
}
