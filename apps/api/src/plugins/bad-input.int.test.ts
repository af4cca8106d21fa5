import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TErrorCode } from '@clubtix/contract';
import { call, createClubWithAdmin, createSudo, createTestApp, expectError, type TestApp } from '../../test/helpers';
import { callEndpoint } from '../../test/call-endpoint';

/**
 * docs/product.md section 12: bad input answers 4xx with `{ msg, code }` naming the field, never a 5xx
 * and never the server's insides. Wrong types, arrays, nulls, missing or oversized bodies, bodies
 * on GET calls, NUL characters, for every call of the foundation and of the catalogue.
 */
type Role = 'sudo' | 'admin';
interface Case {
  title: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  as?: Role;
  query?: Record<string, string | string[]>;
  body?: unknown;
  contentType?: string;
  status: number;
  code: TErrorCode;
  /** The field msg starts with, when the mistake is in one field. */
  field?: string;
}

const json = 'application/json';
const huge = 'x'.repeat(200_000);

/** Rows of [what is wrong, JSON body, the field the 400 must name]. */
/** A donation as a visitor sends it, for rows that spoil one field of it. */
const sponsorBody = { eventId: 'e', amount: 500, name: 'Acme', email: 'acme@example.org' };

const posts = (path: string, as: Role | undefined, rows: [string, unknown, string][]): Case[] =>
  rows.map(([title, body, field]) => ({
    title: `POST ${path} ${title}`,
    method: 'POST',
    path,
    as,
    body,
    field,
    status: 400,
    code: 'BAD_INPUT',
  }));

/** Rows of [what is wrong, query, JSON body sent along, the field the 400 must name]. */
const gets = (
  path: string,
  as: Role | undefined,
  rows: [string, Record<string, string | string[]> | undefined, unknown, string][],
): Case[] =>
  rows.map(([title, query, body, field]) => ({
    title: `GET ${path} ${title}`,
    method: 'GET',
    path,
    as,
    query,
    body,
    field,
    status: 400,
    code: 'BAD_INPUT',
  }));

/** The same rows as `posts`, sent with DELETE (the calls of docs/product.md section 7 that delete by a JSON body). */
const deletes = (path: string, as: Role | undefined, rows: [string, unknown, string][]): Case[] =>
  posts(path, as, rows).map((c) => ({ ...c, method: 'DELETE', title: c.title.replace(/^POST/, 'DELETE') }));

/** A raw body with its content type, answered with the given status and code. */
const raw = (
  title: string,
  body: string,
  contentType: string,
  status = 400,
  code: TErrorCode = 'BAD_INPUT',
  field?: string,
): Case => ({
  title: `POST /auth/signin ${title}`,
  method: 'POST',
  path: '/auth/signin',
  body,
  contentType,
  status,
  code,
  field,
});

const clubBody = { name: 'Club' };
const eventBody = {
  title: 'Event',
  startDate: '2031-01-01T10:00:00Z',
  endDate: '2031-01-01T12:00:00Z',
  timezone: 'Europe/London',
  currency: 'gbp',
};
const ticketBody = { eventId: 'e', name: 'Adult', price: 100 };
const holdBody = { eventId: 'e', email: 'buyer@example.org', tickets: [{ ticketId: 't', quantity: 1 }] };
const attendeeBody = { eventId: 'e', attendeeId: 'a', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.org' };
const sellBody = { eventId: 'e', tickets: [{ ticketId: 't', quantity: 1 }], paymentMethod: 'cash' };
const discountBody = { eventId: 'e', code: 'SPRING', kind: 'percent', value: 10 };
const packageBody = { eventId: 'e', name: 'Gold', amount: 100 };
const question = { type: 2, label: 'Pick', options: ['a'] };
const userBody = { name: 'Bo', email: 'bo@example.org', password: 'p4ssword', clubId: 'c' };
const accountBody = { name: 'Bo', email: 'bo@example.org' };

const syncCheckin = { attendeeId: 'a', at: '2031-01-01T10:00:00+01:00' };
const syncBody = { eventId: 'e', deviceId: 'gate-1', checkins: [syncCheckin] };
const joinBody = { eventId: 'e', ticketId: 't', email: 'ann@example.org', quantity: 1 };

const cases: Case[] = [
  ...posts('/auth/signin', undefined, [
    ['without a body', undefined, 'body'],
    ['with an array body', [], 'body'],
    ['with numbers', { email: 1, password: 2 }, 'email'],
    ['with arrays', { email: ['a@b.c'], password: ['x'] }, 'email'],
    ['with objects', { email: {}, password: {} }, 'email'],
    ['with nulls', { email: null, password: null }, 'email'],
    ['with a huge e-mail', { email: `${huge}@example.org`, password: 'p4ssword' }, 'email'],
    ['with a huge password', { email: 'a@b.c', password: huge }, 'password'],
    ['with a NUL in the e-mail', { email: 'ann\u0000@example.org', password: 'p4ssword' }, 'email'],
  ]),
  raw('with a null body', 'null', json, 400, 'BAD_INPUT', 'body'),
  raw('with a number body', '42', json, 400, 'BAD_INPUT', 'body'),
  raw('with broken JSON', '{"email":', json),
  raw('with an empty JSON body', '', json),
  raw('with __proto__', '{"__proto__":{"admin":true},"email":"a@b.c","password":"x"}', json),
  raw('as plain text', 'email=a@b.c', 'text/plain', 400, 'BAD_INPUT', 'body'),
  raw('as a form', 'email=a@b.c', 'application/x-www-form-urlencoded', 415),
  raw('with a 2 MB body', JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2_000_000) }), json, 413, 'TOO_LARGE'),
  ...posts('/auth/register', undefined, [
    ['with numbers', { name: 1, email: 2, password: 3, clubName: 4 }, 'name'],
    [
      'with a NUL in the club name',
      { name: 'Ann', email: 'nul@example.org', password: 'p4ssword', clubName: 'Club\u0000' },
      'clubName',
    ],
    ['with a huge name', { name: huge, email: 'big@example.org', password: 'p4ssword', clubName: 'Club' }, 'name'],
  ]),
  ...posts('/club/save', 'sudo', [
    ['without a body', undefined, 'body'],
    ['with an array name', { name: ['Club'] }, 'name'],
    ['with a number id', { ...clubBody, id: 7 }, 'id'],
    ['with a huge id', { ...clubBody, id: huge }, 'id'],
    ['with a number website', { ...clubBody, website: 5 }, 'website'],
    ['with an object logo', { ...clubBody, logoUrl: {} }, 'logoUrl'],
    ['with a number description', { ...clubBody, description: 5 }, 'description'],
    ['with a NUL in the description', { ...clubBody, description: 'a\u0000b' }, 'description'],
    ['with a number slug', { ...clubBody, slug: 5 }, 'slug'],
    ['with a huge slug', { ...clubBody, slug: huge }, 'slug'],
    ['with a slug shaped like a club id', { ...clubBody, slug: '0b8f1c2e-4d5a-4e6f-8a9b-0c1d2e3f4a5b' }, 'slug'],
  ]),
  ...gets('/club/getClub', undefined, [
    ['without a query', undefined, undefined, 'clubId'],
    ['with the id in a JSON body', undefined, { clubId: 'x' }, 'clubId'],
    ['with two ids', { clubId: ['a', 'b'] }, undefined, 'clubId'],
    ['with a huge id', { clubId: 'x'.repeat(5000) }, undefined, 'clubId'],
    ['with a NUL in the id', { clubId: 'a\u0000' }, undefined, 'clubId'],
    ['with a blank id or slug', { clubId: '  ' }, undefined, 'clubId'],
  ]),
  ...gets('/club/removeClub', 'sudo', [
    ['with the id in a JSON body', undefined, { clubId: 'x' }, 'clubId'],
    ['with a NUL in the id', { clubId: '\u0000' }, undefined, 'clubId'],
  ]),
  ...gets('/appUser/getAppUsers', 'admin', [
    ['with the id in a JSON body', undefined, { clubId: 'x' }, 'clubId'],
    ['with two ids', { clubId: ['a', 'b'] }, undefined, 'clubId'],
  ]),
  ...gets('/appUser/deleteAppUser', 'admin', [
    ['without an id', undefined, undefined, 'id'],
    ['with a blank id', { id: '   ' }, undefined, 'id'],
    ['with a NUL in the id', { id: 'u\u0000' }, undefined, 'id'],
  ]),
  ...posts('/appUser/save', 'sudo', [
    ['with a number club id', { ...userBody, clubId: 5 }, 'clubId'],
    ['with a number password', { ...userBody, password: 12345678 }, 'password'],
    ['with an array e-mail', { ...userBody, email: ['bo@example.org'] }, 'email'],
    ['with an object id', { ...userBody, id: {} }, 'id'],
    ['with a NUL in the name', { ...userBody, name: 'B\u0000o' }, 'name'],
  ]),
  ...posts('/appUser/save', 'admin', [
    ['with a number current password', { ...userBody, currentPassword: 1 }, 'currentPassword'],
    ['with a sudo role', { ...userBody, role: 20 }, 'role'],
    ['with a string role', { ...userBody, role: '5' }, 'role'],
    ['with event ids as a string', { ...userBody, role: 5, eventIds: 'e1' }, 'eventIds'],
    ['with a number event id', { ...userBody, role: 5, eventIds: [5] }, 'eventIds.0'],
  ]),
  ...posts('/auth/updateAccount', 'admin', [
    ['without a body', undefined, 'body'],
    ['with an array body', [], 'body'],
    ['with a number name', { name: 5, email: 'a@b.c' }, 'name'],
    ['with an array e-mail', { name: 'Bo', email: ['a@b.c'] }, 'email'],
    ['with a number current password', { ...accountBody, currentPassword: 12345678 }, 'currentPassword'],
    ['with a huge current password', { ...accountBody, currentPassword: huge }, 'currentPassword'],
    ['with an object new password', { ...accountBody, newPassword: {} }, 'newPassword'],
    ['with a weak new password', { ...accountBody, currentPassword: 'x', newPassword: 'short' }, 'newPassword'],
    [
      'with a NUL in the new password',
      { ...accountBody, currentPassword: 'x', newPassword: 'p4ss\u0000word' },
      'newPassword',
    ],
  ]),
  ...posts('/auth/updateAccount', 'sudo', [['with a null e-mail', { name: 'Bo', email: null }, 'email']]),
  ...posts('/event/save', 'admin', [
    ['without a body', undefined, 'body'],
    ['with an array body', [eventBody], 'body'],
    ['with a number title', { ...eventBody, title: 5 }, 'title'],
    ['with a reminder 0 hours before', { ...eventBody, reminderHoursBefore: 0 }, 'reminderHoursBefore'],
    ['with a reminder as text', { ...eventBody, reminderHoursBefore: '24' }, 'reminderHoursBefore'],
    ['with an array title', { ...eventBody, title: ['Event'] }, 'title'],
    ['with a huge title', { ...eventBody, title: huge }, 'title'],
    ['with a NUL in the title', { ...eventBody, title: 'Ev\u0000ent' }, 'title'],
    ['with a NUL in the venue', { ...eventBody, venue: '\u0000' }, 'venue'],
    ['with a huge description', { ...eventBody, description: huge }, 'description'],
    ['with a huge time zone', { ...eventBody, timezone: huge }, 'timezone'],
    ['with a NUL in the time zone', { ...eventBody, timezone: 'UTC\u0000' }, 'timezone'],
    ['with a number time zone', { ...eventBody, timezone: 0 }, 'timezone'],
    ['with an object start', { ...eventBody, startDate: {} }, 'startDate'],
    ['with a number end', { ...eventBody, endDate: 1_900_000_000_000 }, 'endDate'],
    ['with a huge slug', { ...eventBody, slug: huge }, 'slug'],
    ['with an array club id', { ...eventBody, clubId: ['a'] }, 'clubId'],
    ['with a number id', { ...eventBody, id: 1 }, 'id'],
    ['with a capacity as text', { ...eventBody, capacity: '10' }, 'capacity'],
    ['with a huge capacity', { ...eventBody, capacity: 1e12 }, 'capacity'],
    ['with a string switch', { ...eventBody, donationsEnabled: 'yes' }, 'donationsEnabled'],
  ]),
  ...posts('/event/save', 'admin', [['with a number series id', { ...eventBody, seriesId: 5 }, 'seriesId']]),
  ...posts('/event/duplicate', 'admin', [
    ['without a body', undefined, 'body'],
    ['without a start', { eventId: 'e' }, 'startDate'],
    ['with a date-only start', { eventId: 'e', startDate: '2031-01-01' }, 'startDate'],
    ['with an empty title', { eventId: 'e', startDate: '2031-01-01T10:00:00Z', title: ' ' }, 'title'],
    ['with a NUL in the title', { eventId: 'e', startDate: '2031-01-01T10:00:00Z', title: 'A\u0000' }, 'title'],
  ]),
  ...posts('/series/save', 'admin', [
    ['without a body', undefined, 'body'],
    ['without a name', { description: 'd' }, 'name'],
    ['with a huge name', { name: huge }, 'name'],
    ['with a NUL in the description', { name: 'S', description: '\u0000' }, 'description'],
    ['with a number club id', { name: 'S', clubId: 5 }, 'clubId'],
  ]),
  ...posts('/series/addDates', 'admin', [
    ['without dates', { eventId: 'e' }, 'startDates'],
    ['with no date', { eventId: 'e', startDates: [] }, 'startDates'],
    ['with a date as text', { eventId: 'e', startDates: ['tomorrow'] }, 'startDates.0'],
    ['with 101 dates', { eventId: 'e', startDates: Array(101).fill('2031-01-01T10:00:00Z') }, 'startDates'],
  ]),
  ...gets('/series/getBySlug', undefined, [
    ['without a slug', undefined, undefined, 'slug'],
    ['with two slugs', { slug: ['a', 'b'] }, undefined, 'slug'],
  ]),
  ...gets('/series/getByClubId', undefined, [['without a club id', undefined, undefined, 'clubId']]),
  ...gets('/event/getAllEvents', undefined, [
    ['without a club id', undefined, undefined, 'clubId'],
    ['with two club ids', { clubId: ['a', 'b'] }, undefined, 'clubId'],
    ['with a huge club id', { clubId: huge }, undefined, 'clubId'],
  ]),
  ...gets('/event/getAllActiveEvents', undefined, [
    [
      'with two dates',
      { clubId: 'c', currentDate: ['2031-01-01T00:00:00Z', '2031-01-02T00:00:00Z'] },
      undefined,
      'currentDate',
    ],
    ['with a NUL in the date', { clubId: 'c', currentDate: '2031-01-01T00:00:00Z\u0000' }, undefined, 'currentDate'],
  ]),
  ...gets('/event/getEvent', undefined, [
    ['with the id in a JSON body', undefined, { eventId: 'x' }, 'eventId'],
    ['with a NUL in the id', { eventId: 'e\u0000' }, undefined, 'eventId'],
  ]),
  ...gets('/event/getEventBySlug', undefined, [
    ['with a blank slug', { slug: ' ' }, undefined, 'slug'],
    ['with a huge slug', { slug: huge }, undefined, 'slug'],
    ['with a NUL in the slug', { slug: 'a\u0000' }, undefined, 'slug'],
  ]),
  ...gets('/event/getEventByEventIdnClubId', 'admin', [['without a club id', { eventId: 'e' }, undefined, 'clubId']]),
  ...gets('/event/removeEvent', 'admin', [['with the id in a JSON body', undefined, { eventId: 'x' }, 'eventId']]),
  ...posts('/event/cancelEvent', 'admin', [
    ['without refundAll', { eventId: 'e' }, 'refundAll'],
    ['with a string refundAll', { eventId: 'e', refundAll: 'yes' }, 'refundAll'],
    ['without an event id', { refundAll: true }, 'eventId'],
  ]),
  ...gets('/event/getCancellation', 'admin', [['without an event id', undefined, undefined, 'eventId']]),
  ...posts('/order/refund', 'admin', [
    ['without an order id', {}, 'orderId'],
    ['with a string amount', { orderId: 'o', amount: '10' }, 'amount'],
    ['with a fractional amount', { orderId: 'o', amount: 1.5 }, 'amount'],
    ['with a zero amount', { orderId: 'o', amount: 0 }, 'amount'],
    ['with a huge reason', { orderId: 'o', reason: huge }, 'reason'],
    ['with a NUL in the reason', { orderId: 'o', reason: 'a\u0000b' }, 'reason'],
    ['with a string releaseTickets', { orderId: 'o', releaseTickets: 'yes' }, 'releaseTickets'],
    ['with a short requestKey', { orderId: 'o', requestKey: 'abc' }, 'requestKey'],
  ]),
  ...posts('/sponsorship/create', undefined, [
    ['with a javascript: logo', { ...sponsorBody, logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
    ['with a relative logo path', { ...sponsorBody, logoUrl: '../logo.png' }, 'logoUrl'],
    ['with a numeric logo', { ...sponsorBody, logoUrl: 7 }, 'logoUrl'],
    ['with a huge logo address', { ...sponsorBody, logoUrl: `https://x.org/${huge}` }, 'logoUrl'],
    ['with a string showPublicly', { ...sponsorBody, showPublicly: 'yes' }, 'showPublicly'],
  ]),
  ...gets('/sponsorship/getPublicSponsors', undefined, [
    ['without an event id', undefined, undefined, 'eventId'],
    ['with a huge id', { eventId: huge }, undefined, 'eventId'],
    ['with two ids', { eventId: ['a', 'b'] }, undefined, 'eventId'],
  ]),
  ...posts('/sponsorship/refund', 'admin', [
    ['without a sponsorship id', {}, 'sponsorshipId'],
    ['with a string amount', { sponsorshipId: 's', amount: '10' }, 'amount'],
    ['with a fractional amount', { sponsorshipId: 's', amount: 1.5 }, 'amount'],
    ['with a negative amount', { sponsorshipId: 's', amount: -100 }, 'amount'],
    ['with a huge reason', { sponsorshipId: 's', reason: huge }, 'reason'],
    ['with a NUL in the reason', { sponsorshipId: 's', reason: 'a\u0000b' }, 'reason'],
    ['with a short requestKey', { sponsorshipId: 's', requestKey: 'abc' }, 'requestKey'],
  ]),
  ...posts('/extrasPurchase/refund', 'admin', [
    ['without an extras purchase id', {}, 'extrasPurchaseId'],
    ['with a number id', { extrasPurchaseId: 5 }, 'extrasPurchaseId'],
    ['with a zero amount', { extrasPurchaseId: 'e', amount: 0 }, 'amount'],
    ['with a huge amount', { extrasPurchaseId: 'e', amount: 1e12 }, 'amount'],
    ['with a number reason', { extrasPurchaseId: 'e', reason: 5 }, 'reason'],
    ['with a huge requestKey', { extrasPurchaseId: 'e', requestKey: huge }, 'requestKey'],
  ]),
  ...posts('/ticket/save', 'admin', [
    ['with a price as text', { ...ticketBody, price: '100' }, 'price'],
    ['with a price array', { ...ticketBody, price: [100] }, 'price'],
    ['with a huge price', { ...ticketBody, price: 1e20 }, 'price'],
    ['with a huge quantity', { ...ticketBody, quantity: 1e9 }, 'quantity'],
    ['with a NUL in the name', { ...ticketBody, name: 'A\u0000' }, 'name'],
    ['with a number sales start', { ...ticketBody, salesStartAt: 5 }, 'salesStartAt'],
    ['with a negative position', { ...ticketBody, position: -1 }, 'position'],
    ['with a string isActive', { ...ticketBody, isActive: 'true' }, 'isActive'],
    ['with a huge event id', { ...ticketBody, eventId: huge }, 'eventId'],
  ]),
  ...deletes('/ticket/removeTicket', 'admin', [
    ['without a body', undefined, 'body'],
    ['with a number id', { ticketId: 5 }, 'ticketId'],
    ['with two ids', { ticketId: ['a', 'b'] }, 'ticketId'],
    ['with a NUL in the id', { ticketId: 't\u0000' }, 'ticketId'],
  ]),
  ...gets('/ticket/getTicketsByEventId', undefined, [['with two ids', { eventId: ['a', 'b'] }, undefined, 'eventId']]),
  ...gets('/ticket/getTicketById', undefined, [
    ['with a NUL in the id', { ticketId: '\u0000' }, undefined, 'ticketId'],
  ]),
  ...posts('/event/saveExtras', 'admin', [
    ['with a price as text', { ...ticketBody, price: 'free' }, 'price'],
    ['with a NUL in the description', { ...ticketBody, description: 'a\u0000' }, 'description'],
    ['with an object name', { ...ticketBody, name: {} }, 'name'],
  ]),
  ...gets('/event/getExtras', 'admin', [['without an event id', undefined, undefined, 'eventId']]),
  ...gets('/event/removeExtras', 'admin', [
    ['without an extra id', { eventId: 'e' }, undefined, 'extrasId'],
    ['with two extra ids', { extrasId: ['a', 'b'], eventId: 'e' }, undefined, 'extrasId'],
  ]),
  ...gets('/extras/getExtrasByEventId', undefined, [
    ['with a NUL in the id', { eventId: 'e\u0000' }, undefined, 'eventId'],
  ]),
  ...gets('/extras/getExtrasByIds', undefined, [
    ['with a huge list', { extrasIds: JSON.stringify(Array(5000).fill('abc')) }, undefined, 'extrasIds'],
    [
      'with 201 ids',
      { extrasIds: JSON.stringify(Array.from({ length: 201 }, (_, i) => `x${i}`)) },
      undefined,
      'extrasIds',
    ],
    ['with a huge id', { extrasIds: JSON.stringify(['x'.repeat(65)]) }, undefined, 'extrasIds'],
    ['with a NUL in an id', { extrasIds: '["a\\u0000"]' }, undefined, 'extrasIds.0'],
    ['with a nested list', { extrasIds: '[["a"]]' }, undefined, 'extrasIds'],
    ['with null', { extrasIds: 'null' }, undefined, 'extrasIds'],
  ]),
  ...posts('/sponsorship-package/save', 'admin', [
    ['with benefits as an object', { ...packageBody, benefits: { a: 'b' } }, 'benefits'],
    ['with a NUL in a benefit', { ...packageBody, benefits: ['ok', 'b\u0000'] }, 'benefits.1'],
    ['with a huge benefit', { ...packageBody, benefits: [huge] }, 'benefits.0'],
    ['with an amount as text', { ...packageBody, amount: '100' }, 'amount'],
    ['with a null amount', { ...packageBody, amount: null }, 'amount'],
  ]),
  ...posts('/sponsorship-package/updateStatus', 'admin', [
    ['with a string isActive', { packageId: 'p', isActive: 'false' }, 'isActive'],
    ['with a number id', { packageId: 1, isActive: true }, 'packageId'],
  ]),
  ...deletes('/sponsorship-package/deletePackage', 'admin', [
    ['without a body', undefined, 'body'],
    ['with two ids', { packageId: ['a', 'b'] }, 'packageId'],
  ]),
  ...gets('/sponsorship-package/getPackageById', 'admin', [['without an id', undefined, undefined, 'packageId']]),
  ...gets('/sponsorship-package/getPackagesByEventId', undefined, [
    ['with a huge id', { eventId: huge }, undefined, 'eventId'],
  ]),
  ...posts('/form/save', 'admin', [
    ['with null questions', { eventId: 'e', questions: null }, 'questions'],
    ['with questions as text', { eventId: 'e', questions: '[]' }, 'questions'],
    ['with a string type', { eventId: 'e', questions: [{ ...question, type: '2' }] }, 'questions.0.type'],
    ['with a NUL in a label', { eventId: 'e', questions: [{ ...question, label: 'a\u0000' }] }, 'questions.0.label'],
    [
      'with a NUL in an option',
      { eventId: 'e', questions: [{ ...question, options: ['a\u0000'] }] },
      'questions.0.options.0',
    ],
    ['with a huge label', { eventId: 'e', questions: [{ ...question, label: huge }] }, 'questions.0.label'],
    ['with options as text', { eventId: 'e', questions: [{ ...question, options: 'a,b' }] }, 'questions.0.options'],
    ['with a string required', { eventId: 'e', questions: [{ ...question, required: 'yes' }] }, 'questions.0.required'],
    ['with 101 questions', { eventId: 'e', questions: Array(101).fill(question) }, 'questions'],
  ]),
  ...gets('/form/getFormQuestions', undefined, [['with a NUL in the id', { eventId: '\u0000' }, undefined, 'eventId']]),
  ...posts('/discount/save', 'admin', [
    ['without a code', { ...discountBody, code: undefined }, 'code'],
    ['with a short code', { ...discountBody, code: 'ab' }, 'code'],
    ['with a space in the code', { ...discountBody, code: 'TWO WORDS' }, 'code'],
    ['with a NUL in the code', { ...discountBody, code: 'AB\u0000C' }, 'code'],
    ['with an unknown kind', { ...discountBody, kind: 'free' }, 'kind'],
    ['with a percent over 100', { ...discountBody, value: 101 }, 'value'],
    ['with a value as text', { ...discountBody, value: '10' }, 'value'],
    ['with a fractional value', { ...discountBody, kind: 'amount', value: 1.5 }, 'value'],
    ['with a zero value', { ...discountBody, value: 0 }, 'value'],
    ['with tickets as text', { ...discountBody, ticketIds: 'a,b' }, 'ticketIds'],
    ['with a NUL in a ticket id', { ...discountBody, ticketIds: ['t\u0000'] }, 'ticketIds.0'],
    ['with 201 tickets', { ...discountBody, ticketIds: Array.from({ length: 201 }, (_, i) => `t${i}`) }, 'ticketIds'],
    ['with a zero use limit', { ...discountBody, maxUses: 0 }, 'maxUses'],
    ['with a use limit as text', { ...discountBody, maxUses: '5' }, 'maxUses'],
    ['with a number valid from', { ...discountBody, validFrom: 5 }, 'validFrom'],
    [
      'with a window that ends before it starts',
      { ...discountBody, validFrom: '2031-02-01T00:00:00Z', validUntil: '2031-01-01T00:00:00Z' },
      'validUntil',
    ],
    ['with a string isActive', { ...discountBody, isActive: 'yes' }, 'isActive'],
  ]),
  ...gets('/discount/getDiscountsByEventId', 'admin', [
    ['without an event id', undefined, undefined, 'eventId'],
    ['with two event ids', { eventId: ['a', 'b'] }, undefined, 'eventId'],
  ]),
  ...deletes('/discount/deleteDiscount', 'admin', [
    ['without a body', undefined, 'body'],
    ['with a number id', { discountId: 5 }, 'discountId'],
    ['with a NUL in the id', { discountId: 'd\u0000' }, 'discountId'],
  ]),
  ...gets('/discount/checkCode', undefined, [
    ['without a code', { eventId: 'e' }, undefined, 'code'],
    ['with an empty code', { eventId: 'e', code: ' ' }, undefined, 'code'],
    ['with a huge code', { eventId: 'e', code: huge }, undefined, 'code'],
    ['with a NUL in the code', { eventId: 'e', code: 'A\u0000' }, undefined, 'code'],
    ['without an event id', { code: 'ABC' }, undefined, 'eventId'],
  ]),
  ...posts('/registration/initRegistration', undefined, [
    ['with a number code', { ...holdBody, discountCode: 5 }, 'discountCode'],
    ['with a space in the code', { ...holdBody, discountCode: 'TWO WORDS' }, 'discountCode'],
    ['with a NUL in the code', { ...holdBody, discountCode: 'AB\u0000C' }, 'discountCode'],
  ]),
  ...posts('/registration/updateAttendee', 'admin', [
    ['without a body', undefined, 'body'],
    ['with a bad e-mail', { ...attendeeBody, email: 'not-an-e-mail' }, 'email'],
    ['with a blank first name', { ...attendeeBody, firstName: '  ' }, 'firstName'],
    ['with a huge last name', { ...attendeeBody, lastName: huge }, 'lastName'],
    ['with answers as a list', { ...attendeeBody, answers: ['a'] }, 'answers'],
    ['with a NUL in the id', { ...attendeeBody, attendeeId: 'a\u0000' }, 'attendeeId'],
    ['without an event id', { ...attendeeBody, eventId: undefined }, 'eventId'],
  ]),
  ...posts('/boxoffice/sell', 'admin', [
    ['without a body', undefined, 'body'],
    ['without tickets', { ...sellBody, tickets: [] }, 'tickets'],
    ['with a quantity of 0', { ...sellBody, tickets: [{ ticketId: 't', quantity: 0 }] }, 'tickets.0.quantity'],
    ['with an unknown method', { ...sellBody, paymentMethod: 'cheque' }, 'paymentMethod'],
    ['without a method', { ...sellBody, paymentMethod: undefined }, 'paymentMethod'],
    ['with a bad attendee e-mail', { ...sellBody, attendees: [{ email: 'nope' }] }, 'attendees.0.email'],
    ['with a string checkIn', { ...sellBody, checkIn: 'yes' }, 'checkIn'],
    ['with neither tickets nor extras', { ...sellBody, tickets: [], extras: [] }, 'tickets'],
    ['with extras as one object', { ...sellBody, extras: { extrasId: 'x', quantity: 1 } }, 'extras'],
    ['with an extras quantity of 0', { ...sellBody, extras: [{ extrasId: 'x', quantity: 0 }] }, 'extras.0.quantity'],
    ['with an extras line without an id', { ...sellBody, extras: [{ quantity: 1 }] }, 'extras.0.extrasId'],
  ]),
  ...posts('/registration/unredeemExtrasPurchase', 'admin', [
    ['without a body', undefined, 'body'],
    ['without an id', { eventId: 'e' }, 'extrasPurchaseId'],
    ['with a number id', { extrasPurchaseId: 5 }, 'extrasPurchaseId'],
    ['with a NUL in the id', { extrasPurchaseId: 'x\u0000' }, 'extrasPurchaseId'],
    ['with two event ids', { extrasPurchaseId: 'x', eventId: ['a', 'b'] }, 'eventId'],
  ]),
  ...posts('/checkin/sync', 'admin', [
    ['without a body', undefined, 'body'],
    ['without a device id', { eventId: 'e', checkins: [] }, 'deviceId'],
    ['with a blank device id', { ...syncBody, deviceId: '  ' }, 'deviceId'],
    ['with a huge device id', { ...syncBody, deviceId: huge }, 'deviceId'],
    ['with a NUL in the device name', { ...syncBody, deviceName: 'Gate\u0000' }, 'deviceName'],
    ['with check-ins as an object', { ...syncBody, checkins: { a: 1 } }, 'checkins'],
    ['with 2,001 check-ins', { ...syncBody, checkins: Array(2001).fill(syncCheckin) }, 'checkins'],
    ['with a time in words', { ...syncBody, checkins: [{ ...syncCheckin, at: 'yesterday' }] }, 'checkins.0.at'],
    [
      'with a time without an offset',
      { ...syncBody, checkins: [{ ...syncCheckin, at: '2031-01-01T10:00:00' }] },
      'checkins.0.at',
    ],
    ['with a number time', { ...syncBody, checkins: [{ ...syncCheckin, at: 1_900_000_000_000 }] }, 'checkins.0.at'],
    [
      'with the year 0',
      { ...syncBody, checkins: [syncCheckin, { ...syncCheckin, at: '0000-01-01T00:00:00Z' }] },
      'checkins.1.at',
    ],
    ['without a time', { ...syncBody, checkins: [{ attendeeId: 'a' }] }, 'checkins.0.at'],
    [
      'with a NUL in an attendee id',
      { ...syncBody, checkins: [{ ...syncCheckin, attendeeId: 'a\u0000' }] },
      'checkins.0.attendeeId',
    ],
  ]),
  ...gets('/checkin/getDoorList', 'admin', [
    ['without an event id', undefined, undefined, 'eventId'],
    ['with two event ids', { eventId: ['a', 'b'] }, undefined, 'eventId'],
    ['with a NUL in the id', { eventId: 'e\u0000' }, undefined, 'eventId'],
  ]),
  ...posts('/order/createOrder', undefined, [
    ['with a number code', { registrationId: 'r', qrUuid: 'q', discountCode: 5 }, 'discountCode'],
    ['with a huge code', { registrationId: 'r', qrUuid: 'q', discountCode: huge }, 'discountCode'],
  ]),
  ...gets('/ticket/getTicketsByEventId', undefined, [
    ['with a huge code', { eventId: 'e', code: huge }, undefined, 'code'],
    ['with two codes', { eventId: 'e', code: ['A', 'B'] }, undefined, 'code'],
  ]),
  ...posts('/waitlist/join', undefined, [
    ['without a body', undefined, 'body'],
    ['with a quantity as text', { ...joinBody, quantity: '2' }, 'quantity'],
    ['with a fractional quantity', { ...joinBody, quantity: 1.5 }, 'quantity'],
    ['with no quantity', { ...joinBody, quantity: 0 }, 'quantity'],
    ['with a huge quantity', { ...joinBody, quantity: 1e9 }, 'quantity'],
    ['with a bad e-mail', { ...joinBody, email: 'not-an-address' }, 'email'],
    ['with a NUL in the e-mail', { ...joinBody, email: 'a\u0000@example.org' }, 'email'],
    ['with two ticket ids', { ...joinBody, ticketId: ['a', 'b'] }, 'ticketId'],
    ['with a huge event id', { ...joinBody, eventId: huge }, 'eventId'],
  ]),
  ...posts('/waitlist/claim', undefined, [
    ['without a body', undefined, 'body'],
    ['with an empty offer', { offer: ' ' }, 'offer'],
    ['with a number offer', { offer: 5 }, 'offer'],
    ['with a huge offer', { offer: huge }, 'offer'],
    ['with a NUL in the offer', { offer: 'a\u0000' }, 'offer'],
  ]),
  ...gets('/waitlist/getByEventId', 'admin', [
    ['without an id', undefined, undefined, 'eventId'],
    ['with two ids', { eventId: ['a', 'b'] }, undefined, 'eventId'],
    ['with a NUL in the id', { eventId: '\u0000' }, undefined, 'eventId'],
  ]),
  ...posts('/message/send', 'admin', [
    ['without a body', undefined, 'body'],
    ['without a subject', { eventId: 'e', body: 'b', audience: 'all' }, 'subject'],
    ['with a huge body', { eventId: 'e', subject: 's', body: huge, audience: 'all' }, 'body'],
    ['with an unknown audience', { eventId: 'e', subject: 's', body: 'b', audience: 'everyone' }, 'audience'],
    [
      'with no ticket types',
      { eventId: 'e', subject: 's', body: 'b', audience: { ticketIds: [] } },
      'audience.ticketIds',
    ],
    ['with a string test', { eventId: 'e', subject: 's', body: 'b', audience: 'all', test: 'yes' }, 'test'],
  ]),
  ...gets('/message/getByEventId', 'admin', [
    ['without an id', undefined, undefined, 'eventId'],
    ['with a NUL in the id', { eventId: '\u0000' }, undefined, 'eventId'],
  ]),
  ...gets('/report/getEventSales', 'admin', [
    ['without an id', undefined, undefined, 'eventId'],
    ['with two ids', { eventId: ['a', 'b'] }, undefined, 'eventId'],
    ['with a NUL in the id', { eventId: '\u0000' }, undefined, 'eventId'],
  ]),
  ...deletes('/waitlist/remove', 'admin', [
    ['without a body', undefined, 'body'],
    ['with a number id', { entryId: 5 }, 'entryId'],
    ['with two ids', { entryId: ['a', 'b'] }, 'entryId'],
    ['with a NUL in the id', { entryId: 'w\u0000' }, 'entryId'],
  ]),
];

describe('bad input never gets a 5xx', () => {
  let t: TestApp;
  const tokens: Record<'sudo' | 'admin', string> = { sudo: '', admin: '' };
  beforeAll(async () => {
    t = await createTestApp();
    tokens.sudo = (await createSudo(t)).token;
    tokens.admin = (await createClubWithAdmin(t)).admin.token;
  });
  afterAll(async () => t.close());

  it.each(cases.map((c) => [c.title, c] as const))('%s', async (_title, c) => {
    const response = await call(t, c.method, c.path, {
      token: c.as ? tokens[c.as] : undefined,
      query: c.query,
      body: c.body,
      headers: c.contentType ? { 'content-type': c.contentType } : undefined,
    });
    expectError(response, c.status, c.code);
    if (c.field) {
      expect(response.body.msg).toMatch(new RegExp(`^${c.field}: `));
      expect(response.body.errors?.[0]?.path).toBe(c.field);
    }
    expect(response.text.length).toBeLessThan(2000);
  });

  it('still works after all that', async () => {
    expect((await callEndpoint(t, endpoints.system.health)).status).toBe(200);
    expect((await callEndpoint(t, endpoints.club.getAllClubs, { token: tokens.sudo })).status).toBe(200);
  });
});
