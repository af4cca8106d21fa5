import { PRODUCT_NAME, ROLE_ADMIN } from '@clubtix/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { clubs, users } from '../../db/schema';
import { escapeHtml } from './mail-format';

/** An address as nodemailer takes it: the name is encoded by nodemailer, never pasted into a header. */
export interface MailAddress {
  name: string;
  address: string;
}

/**
 * Who a mail is from (docs/decisions/0067-the-club-as-sender.md): a club's mail says
 * "<club name> via ClubTix" at MAIL_FROM's address and is answered to the club's contact address.
 */
export interface MailSender {
  from: MailAddress;
  /** Where replies go; null for a mail of no club. */
  replyTo: MailAddress | null;
  /** The club's name and logo at the top of the mail; null for a mail of no club. */
  letterhead: { name: string; logoUrl: string | null } | null;
}

/** The address of MAIL_FROM ("ClubTix <no-reply@example.org>" or a bare address) and its name. */
export function mailFromAddress(mailFrom: string): MailAddress {
  const angled = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(mailFrom);
  if (angled) return { name: angled[1]!.trim(), address: angled[2]! };
  return { name: '', address: mailFrom.trim() };
}

/**
 * A display name is one line of printable text: line breaks and control characters (which could
 * start a header of their own) become spaces. Quotes, commas and non-ASCII stay: nodemailer quotes
 * or encodes them (RFC 2047) as it writes the header.
 */
export const displayName = (text: string) =>
  [...text]
    .map((char) => (char < ' ' || (char >= '\u007f' && char <= '\u009f') ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** A club's logo as a mail shows it: the smallest copy of its upload, at PUBLIC_URL (media/sized-copies.ts). */
export function mailLogoUrl(publicUrl: string, logoUrl: string | null): string | null {
  if (!logoUrl) return null;
  if (logoUrl.startsWith('/api/media/')) return `${publicUrl}${logoUrl}?w=480`;
  return /^https?:\/\//i.test(logoUrl) ? logoUrl : null;
}

interface ClubContact {
  id: string;
  name: string;
  contactEmail: string | null;
  logoUrl: string | null;
  firstAdminEmail: string | null;
}

/** The clubs' names, contacts and logos, with each one's first admin's e-mail, in one statement. */
async function findClubContacts(db: DbOrTx, clubIds: string[]): Promise<ClubContact[]> {
  if (clubIds.length === 0) return [];
  const firstAdmin = db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.clubId, clubs.id), eq(users.role, ROLE_ADMIN)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return db
    .select({
      id: clubs.id,
      name: clubs.name,
      contactEmail: clubs.contactEmail,
      logoUrl: clubs.logoUrl,
      firstAdminEmail: sql<string | null>`(${firstAdmin})`,
    })
    .from(clubs)
    .where(inArray(clubs.id, clubIds));
}

function senderOf(config: Pick<Config, 'mailFrom' | 'publicUrl'>, club: ClubContact | undefined): MailSender {
  const own = mailFromAddress(config.mailFrom);
  if (!club) return { from: own, replyTo: null, letterhead: null };
  const name = displayName(club.name);
  const replyTo = club.contactEmail ?? club.firstAdminEmail;
  return {
    from: { name: `${name} via ${PRODUCT_NAME}`, address: own.address },
    replyTo: replyTo ? { name, address: replyTo } : null,
    letterhead: { name, logoUrl: mailLogoUrl(config.publicUrl, club.logoUrl) },
  };
}

/**
 * The senders of the given clubs' mails, read in one statement at send time: the settlement that
 * queues a purchase's mail reads nothing of the club (docs/performance.md). A club id that is gone,
 * or null (a mail of no club), sends as MAIL_FROM itself.
 */
export async function clubSenders(
  db: DbOrTx,
  config: Pick<Config, 'mailFrom' | 'publicUrl'>,
  clubIds: (string | null)[],
): Promise<(clubId: string | null) => MailSender> {
  const ids = [...new Set(clubIds.filter((id): id is string => id !== null))];
  const found = new Map((await findClubContacts(db, ids)).map((club) => [club.id, club]));
  return (clubId) => senderOf(config, clubId === null ? undefined : found.get(clubId));
}

/** The sender of one club's mail (null: a mail of no club). The one rule for every mail ClubTix sends. */
export async function clubSender(
  db: DbOrTx,
  config: Pick<Config, 'mailFrom' | 'publicUrl'>,
  clubId: string | null,
): Promise<MailSender> {
  return (await clubSenders(db, config, [clubId]))(clubId);
}

/**
 * A mail as its club sends it: the club's name, and its logo, at the top of the HTML part (after the
 * body's opening tag that mail-format.ts's htmlStart writes) and its name first in the text part.
 */
export function withLetterhead(
  mail: { text: string; html: string },
  letterhead: MailSender['letterhead'],
): { text: string; html: string } {
  if (!letterhead) return mail;
  const logo = letterhead.logoUrl
    ? `<img src="${escapeHtml(letterhead.logoUrl)}" alt="" height="64" style="height:64px;width:auto;display:block;margin:0 0 8px;">`
    : '';
  const head = `<div style="margin:0 0 16px;">${logo}<p style="margin:0;font-size:16px;font-weight:bold;">${escapeHtml(letterhead.name)}</p></div>`;
  const bodyOpen = /<body[^>]*>/i.exec(mail.html);
  const html = bodyOpen
    ? `${mail.html.slice(0, bodyOpen.index + bodyOpen[0].length)}${head}${mail.html.slice(bodyOpen.index + bodyOpen[0].length)}`
    : `${head}${mail.html}`;
  return { text: `${letterhead.name}\n\n${mail.text}`, html };
}
