import type { TEvent } from '@clubtix/contract';
import { Button, Group, type MantineSpacing } from '@mantine/core';
import { Link } from 'react-router';

export type EventScreen =
  | 'edit'
  | 'tickets'
  | 'extras'
  | 'packages'
  | 'form'
  | 'attendees'
  | 'import'
  | 'checkin'
  | 'statistics'
  | 'sponsorships';

interface EventLink {
  screen: EventScreen | 'public';
  label: string;
  to: string;
}

/**
 * The screens of one event: setting it up, who is coming (attendees, import), then the door and
 * the money (check-in, statistics, sponsorships).
 */
export function eventLinks(event: Pick<TEvent, 'id' | 'slug' | 'status'>): EventLink[] {
  const id = encodeURIComponent(event.id);
  const links: EventLink[] = [
    { screen: 'edit', label: 'Edit', to: `/tour/edit/${id}` },
    { screen: 'tickets', label: 'Tickets', to: `/event/${id}/tickets` },
    { screen: 'extras', label: 'Extras', to: `/event/${id}/extras` },
    { screen: 'packages', label: 'Sponsorship packages', to: `/event/${id}/sponsorship-packages` },
    { screen: 'form', label: 'Form', to: `/form-builder?eventId=${id}` },
    { screen: 'attendees', label: 'Attendees', to: `/event/${id}/attendees` },
    { screen: 'import', label: 'Import', to: `/import?eventId=${id}` },
    { screen: 'checkin', label: 'Check-in', to: `/event/${id}/checkin` },
    { screen: 'statistics', label: 'Statistics', to: `/event/${id}/statistics` },
    { screen: 'sponsorships', label: 'Sponsorships', to: `/event/${id}/sponsorships` },
  ];
  // Public pages show published events only: a link to a draft would land on not-found.
  if (event.status === 'published') {
    links.push({ screen: 'public', label: 'View public page', to: `/${encodeURIComponent(event.slug)}` });
  }
  return links;
}

/** Quick links of an event, as a row of small buttons that wraps on a phone. */
export function EventLinks({
  event,
  current,
  label = 'Event screens',
  mb = 'md',
}: {
  event: Pick<TEvent, 'id' | 'slug' | 'status'>;
  current?: EventScreen;
  label?: string;
  mb?: MantineSpacing;
}) {
  return (
    <Group component="nav" aria-label={label} gap={6} mb={mb}>
      {eventLinks(event).map((link) => {
        const isCurrent = link.screen === current;
        return (
          <Button
            key={link.screen}
            component={Link}
            to={link.to}
            size="compact-sm"
            variant={isCurrent ? 'filled' : link.screen === 'public' ? 'outline' : 'light'}
            aria-current={isCurrent ? 'page' : undefined}
          >
            {link.label}
          </Button>
        );
      })}
    </Group>
  );
}
