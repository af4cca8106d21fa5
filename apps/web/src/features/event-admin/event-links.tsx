import { ROLE_STAFF, type TEvent } from '@clubtix/contract';
import { Button, Group, Popover, Stack, type MantineSpacing } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { i18n } from '../../i18n/i18n';
import { useSession } from '../../session/session';

export type EventScreen =
  | 'edit'
  | 'tickets'
  | 'extras'
  | 'packages'
  | 'discounts'
  | 'form'
  | 'attendees'
  | 'waitlist'
  | 'import'
  | 'checkin'
  | 'boxoffice'
  | 'statistics'
  | 'sales'
  | 'messages'
  | 'sponsorships';

interface EventLink {
  screen: EventScreen | 'public';
  label: string;
  to: string;
}

/**
 * The screens of one event: setting it up (codes beside what it sells), who is coming (attendees,
 * the waiting list, messages, import), then the door and the money (check-in, statistics, sales, sponsorships).
 */
export function eventLinks(event: Pick<TEvent, 'id' | 'slug' | 'status'>): EventLink[] {
  const id = encodeURIComponent(event.id);
  // EventLinks loads the `events` catalogue (links.<screen>).
  const label = (screen: EventLink['screen']) => i18n.t(`events:links.${screen}`);
  const links: EventLink[] = [
    { screen: 'edit', label: label('edit'), to: `/tour/edit/${id}` },
    { screen: 'tickets', label: label('tickets'), to: `/event/${id}/tickets` },
    { screen: 'extras', label: label('extras'), to: `/event/${id}/extras` },
    { screen: 'packages', label: label('packages'), to: `/event/${id}/sponsorship-packages` },
    { screen: 'discounts', label: label('discounts'), to: `/event/${id}/discounts` },
    { screen: 'form', label: label('form'), to: `/form-builder?eventId=${id}` },
    { screen: 'attendees', label: label('attendees'), to: `/event/${id}/attendees` },
    { screen: 'waitlist', label: label('waitlist'), to: `/event/${id}/waitlist` },
    { screen: 'messages', label: label('messages'), to: `/event/${id}/messages` },
    { screen: 'import', label: label('import'), to: `/import?eventId=${id}` },
    { screen: 'checkin', label: label('checkin'), to: `/event/${id}/checkin` },
    { screen: 'boxoffice', label: label('boxoffice'), to: `/event/${id}/box-office` },
    { screen: 'statistics', label: label('statistics'), to: `/event/${id}/statistics` },
    { screen: 'sales', label: label('sales'), to: `/event/${id}/sales` },
    { screen: 'sponsorships', label: label('sponsorships'), to: `/event/${id}/sponsorships` },
  ];
  // Public pages show published events only: a link to a draft would land on not-found.
  if (event.status === 'published') {
    links.push({ screen: 'public', label: label('public'), to: `/${encodeURIComponent(event.slug)}` });
  }
  return links;
}

/** The screens door staff may open (docs/product.md section 20); every other one is an admin's. */
const DOOR_SCREENS: ReadonlyArray<EventLink['screen']> = ['checkin', 'boxoffice', 'statistics', 'public'];

/** The links a role is shown: door staff only the door's screens (and the public page). */
export function linksForRole(links: EventLink[], role: number | undefined): EventLink[] {
  return role === ROLE_STAFF ? links.filter((link) => DOOR_SCREENS.includes(link.screen)) : links;
}

/** The screens a phone shows as buttons; the others go in the "More screens" menu. */
const PHONE_SCREENS: ReadonlyArray<EventLink['screen']> = ['edit', 'tickets', 'attendees', 'checkin'];

/**
 * Which links a row shows as buttons and which go in its menu: all as buttons on a wider screen;
 * on a phone the everyday ones and the current screen, so the row stays one or two lines, not four
 * (docs/decisions/0024-admin-screens-and-accessibility.md, "The row of an event's screens on a phone").
 */
export function splitEventLinks(
  links: EventLink[],
  current: EventScreen | undefined,
  narrow: boolean,
): { shown: EventLink[]; more: EventLink[] } {
  // A short row (door staff's four) fits a phone whole: a menu would only hide half of it.
  if (!narrow || links.length <= PHONE_SCREENS.length) return { shown: links, more: [] };
  const isShown = (link: EventLink) => PHONE_SCREENS.includes(link.screen) || link.screen === current;
  return { shown: links.filter(isShown), more: links.filter((link) => !isShown(link)) };
}

/** Quick links of an event: a row of small buttons, the less used ones in a menu on a phone. */
export function EventLinks({
  event,
  current,
  label,
  mb = 'md',
}: {
  event: Pick<TEvent, 'id' | 'slug' | 'status'>;
  current?: EventScreen;
  label?: string;
  mb?: MantineSpacing;
}) {
  const { t } = useTranslation('events');
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const role = useSession().user?.role;
  const { shown, more } = splitEventLinks(linksForRole(eventLinks(event), role), current, narrow);
  return (
    <Group component="nav" aria-label={label ?? t('links.label')} gap={6} mb={mb}>
      {shown.map((link) => {
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
      {more.length > 0 ? (
        // A popover of links rather than a Menu: these are pages to go to, and stay links for
        // screen readers (a menu's items would have to be menuitems).
        <Popover position="bottom-end" shadow="md" withinPortal>
          <Popover.Target>
            <Button size="compact-sm" variant="default">
              {t('links.more')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown aria-label={t('links.more')} p={6}>
            <Stack gap={4}>
              {more.map((link) => (
                <Button
                  key={link.screen}
                  component={Link}
                  to={link.to}
                  size="compact-sm"
                  variant="subtle"
                  justify="flex-start"
                >
                  {link.label}
                </Button>
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      ) : null}
    </Group>
  );
}
