import type { TWaitlistEntry } from '@clubtix/contract';
import { i18n } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/zoned-time';

/**
 * The admin's view of an event's waiting lists (docs/product.md section 19): one list per ticket
 * type, people in line first (by place), then offers open, then those done. Free of React so it
 * is tested.
 */

/** An entry's status as the admin reads it, in the language shown now. */
export function waitlistStatusLabel(status: TWaitlistEntry['status']): string {
  switch (status) {
    case 'waiting':
      return i18n.t('waitlist:status.waiting');
    case 'offered':
      return i18n.t('waitlist:status.offered');
    case 'converted':
      return i18n.t('waitlist:status.converted');
    case 'lapsed':
      return i18n.t('waitlist:status.lapsed');
    case 'removed':
      return i18n.t('waitlist:status.removed');
  }
}

const STATUS_ORDER: Record<TWaitlistEntry['status'], number> = {
  offered: 0,
  waiting: 1,
  converted: 2,
  lapsed: 3,
  removed: 4,
};

export interface WaitlistGroup {
  ticketId: string;
  ticketName: string;
  entries: TWaitlistEntry[];
  waiting: number;
  offered: number;
}

function compareEntries(a: TWaitlistEntry, b: TWaitlistEntry): number {
  const byStatus = STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
  if (byStatus !== 0) return byStatus;
  if (a.position !== null && b.position !== null) return a.position - b.position;
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

/** The entries by ticket type, in the order the types first appear, each list in line order. */
export function groupWaitlist(entries: readonly TWaitlistEntry[]): WaitlistGroup[] {
  const groups = new Map<string, WaitlistGroup>();
  for (const entry of entries) {
    let group = groups.get(entry.ticketId);
    if (!group) {
      group = { ticketId: entry.ticketId, ticketName: entry.ticketName, entries: [], waiting: 0, offered: 0 };
      groups.set(entry.ticketId, group);
    }
    group.entries.push(entry);
    if (entry.status === 'waiting') group.waiting += 1;
    if (entry.status === 'offered') group.offered += 1;
  }
  return [...groups.values()].map((group) => ({ ...group, entries: [...group.entries].sort(compareEntries) }));
}

/** "3 waiting · 1 offer open" for a list's heading. */
export function waitlistGroupSummary(group: Pick<WaitlistGroup, 'waiting' | 'offered'>): string {
  const parts = [i18n.t('waitlist:summary.waiting', { count: group.waiting })];
  if (group.offered > 0) parts.push(i18n.t('waitlist:summary.offers', { count: group.offered }));
  return parts.join(' · ');
}

/** What an entry's offer line says, on the event's clock; null when no offer was sent. */
export function offerText(entry: TWaitlistEntry, timeZone: string): string | null {
  if (!entry.offeredAt) return null;
  const sent = i18n.t('waitlist:offer.sent', { when: formatDateTime(entry.offeredAt, timeZone) });
  if (!entry.offerExpiresAt) return sent;
  const when = formatDateTime(entry.offerExpiresAt, timeZone);
  if (entry.status === 'offered') return `${sent} · ${i18n.t('waitlist:offer.lapses', { when })}`;
  if (entry.status === 'lapsed') return `${sent} · ${i18n.t('waitlist:offer.lapsed', { when })}`;
  return sent;
}

/** Whether the admin can still take the entry off the list (the done ones stay as a record). */
export function isRemovable(entry: Pick<TWaitlistEntry, 'status'>): boolean {
  return entry.status === 'waiting' || entry.status === 'offered';
}
