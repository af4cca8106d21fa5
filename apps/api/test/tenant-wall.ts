import { expect } from 'vitest';
import {
  endpoints,
  type TDiscount,
  type TErrorCode,
  type TEvent,
  type TExtras,
  type TFormQuestion,
  type TSeries,
  type TSponsorshipPackage,
  type TTicket,
} from '@clubtix/contract';
import type { UserRow } from '../src/db/schema';
import {
  createEvent,
  createExtras,
  createPackage,
  createTicket,
  daysFromNow,
  eventBody,
  payloadOf,
  saveForm,
} from './catalogue';
import { call, expectError, type ApiResponse, type Signed, type TestApp } from './helpers';
import { callEndpoint, expectPayload } from './call-endpoint';

/** The world of the tenant wall test (modules/tenant-wall.int.test.ts): club A's admin against club B. */
export interface World {
  t: TestApp;
  a: { clubId: string; admin: Signed<UserRow>; event: TEvent };
  b: {
    clubId: string;
    admin: Signed<UserRow>;
    second: Signed<UserRow>;
    logoUrl: string;
    catalogue: CatalogueOfB;
    /** Someone on the waiting list of B's published ticket type. */
    waitlistEntryId: string;
    /**
     * A registration of B's published event with one attendee, a paid donation, and extras bought alone
     * and paid.
     */
    paid: { registrationId: string; attendeeId: string; sponsorshipId: string; extrasPurchaseId: string };
  };
}

export type Expectation =
  { status: 403 | 404; code: TErrorCode } | { check: (response: ApiResponse, world: World) => void };

export interface Row {
  endpoint: string;
  attempt: string;
  send: (world: World) => Promise<ApiResponse>;
  expected: Expectation;
}

export const NOT_FOUND = { status: 404, code: 'NOT_FOUND' } as const;
export const FORBIDDEN = { status: 403, code: 'FORBIDDEN' } as const;

/** What club B sells: a published event with a hidden ticket and package, a draft with a form. */
export interface CatalogueOfB {
  published: TEvent;
  draft: TEvent;
  ticket: TTicket;
  hiddenTicket: TTicket;
  draftTicket: TTicket;
  extra: TExtras;
  pkg: TSponsorshipPackage;
  hiddenPkg: TSponsorshipPackage;
  questions: TFormQuestion[];
  discount: TDiscount;
  /** A series of B's, its published event one of its dates. */
  series: TSeries;
}

export async function stockCatalogue(t: TestApp, token: string): Promise<CatalogueOfB> {
  // B's events start sooner than A's, so getFirstEvent would pick them if it crossed the wall.
  const soon = { startDate: daysFromNow(1), endDate: daysFromNow(2) };
  const published = await createEvent(t, token, { title: 'B Published', ...soon });
  const draft = await createEvent(t, token, { title: 'B Draft', status: 'draft', ...soon });
  const series = expectPayload(await callEndpoint(t, endpoints.series.save, { token, body: { name: 'B Series' } }));
  const dated = await callEndpoint(t, endpoints.event.save, { token, body: { id: published.id, seriesId: series.id } });
  expect(dated.status).toBe(200);
  return {
    series,
    published: expectPayload(dated),
    draft,
    ticket: await createTicket(t, token, published.id, { name: 'B ticket' }),
    hiddenTicket: await createTicket(t, token, published.id, { name: 'B hidden ticket', isActive: false }),
    draftTicket: await createTicket(t, token, draft.id, { name: 'B draft ticket' }),
    extra: await createExtras(t, token, published.id, { name: 'B extra', isActive: false }),
    pkg: await createPackage(t, token, published.id, { name: 'B package' }),
    hiddenPkg: await createPackage(t, token, published.id, { name: 'B hidden package', isActive: false }),
    questions: await saveForm(t, token, draft.id, [
      { type: 0, label: 'B question' },
      { type: 2, label: 'B choice', options: ['x', 'y'] },
    ]),
    discount: expectPayload(
      await callEndpoint(t, endpoints.discount.save, {
        token,
        body: { eventId: published.id, code: 'B-CODE', kind: 'percent', value: 10, maxUses: 5 },
      }),
    ),
  };
}

/** Every event of a club with everything below it, read back as the super user. */
export async function snapshotCatalogue(t: TestApp, sudoToken: string, clubId: string) {
  const read = async (path: string, query: Record<string, string>) =>
    payloadOf<unknown>(await call(t, 'GET', path, { token: sudoToken, query }));
  const events = (await read('/event/getAllEvents', { clubId })) as TEvent[];
  return Promise.all(
    events.map(async (event) => ({
      event,
      tickets: await read('/ticket/getTicketsByEventId', { eventId: event.id }),
      extras: await read('/event/getExtras', { eventId: event.id }),
      packages: await read('/sponsorship-package/getPackagesByEventId', { eventId: event.id }),
      questions: await read('/form/getFormQuestions', { eventId: event.id }),
      discounts: await read('/discount/getDiscountsByEventId', { eventId: event.id }),
    })),
  );
}

type Send = Row['send'];
const row = (endpoint: string, attempt: string, send: Send, expected: Expectation = NOT_FOUND): Row => ({
  endpoint,
  attempt,
  send,
  expected,
});
const get =
  (path: string, query: (w: World) => Record<string, string>): Send =>
  (w) =>
    call(w.t, 'GET', path, { token: w.a.admin.token, query: query(w) });
const post =
  (path: string, body: (w: World) => unknown, method: 'POST' | 'DELETE' = 'POST'): Send =>
  (w) =>
    call(w.t, method, path, { token: w.a.admin.token, body: body(w) });
const ok = (check: (response: ApiResponse, world: World) => void): Expectation => ({
  check: (response, world) => {
    expect(response.status).toBe(200);
    check(response, world);
  },
});
/** A 200 that shows none of B's hidden things (drafts, inactive items). */
const hides = (names: (c: CatalogueOfB) => string[]) =>
  ok((response, { b }) => {
    for (const hidden of names(b.catalogue)) expect(response.text).not.toContain(hidden);
  });

const B = (w: World) => w.b.catalogue;

/** Rows of the catalogue groups: every admin call, and every public read that shows more with a token. */
export const catalogueRows: Row[] = [
  row(
    'event.getAllEvents',
    "lists B's events: published ones only",
    get('/event/getAllEvents', (w) => ({ clubId: w.b.clubId })),
    hides((c) => [c.draft.id]),
  ),
  row(
    'event.getEvent',
    "reads B's draft",
    get('/event/getEvent', (w) => ({ eventId: B(w).draft.id })),
  ),
  row(
    'event.getFirstEvent',
    "gets its own next event, not B's sooner one",
    get('/event/getFirstEvent', () => ({})),
    ok((response, { a }) => expect((response.body.payload as TEvent).id).toBe(a.event.id)),
  ),
  row(
    'event.getEventByEventIdnClubId',
    "reads B's event naming club B",
    get('/event/getEventByEventIdnClubId', (w) => ({ eventId: B(w).draft.id, clubId: w.b.clubId })),
  ),
  row(
    'event.getEventByEventIdnClubId',
    "reads B's event naming club A",
    get('/event/getEventByEventIdnClubId', (w) => ({ eventId: B(w).draft.id, clubId: w.a.clubId })),
  ),
  row(
    'event.save',
    "updates B's event",
    post('/event/save', (w) => eventBody({ id: B(w).published.id, title: 'Hijacked' })),
  ),
  row(
    'event.save',
    "moves B's event into club A",
    post('/event/save', (w) => eventBody({ id: B(w).published.id, clubId: w.a.clubId })),
  ),
  row(
    'event.save',
    'creates an event in club B',
    post('/event/save', (w) => eventBody({ clubId: w.b.clubId, title: 'Planted' })),
  ),
  row(
    'event.save',
    "puts its own event in B's series",
    post('/event/save', (w) => ({ id: w.a.event.id, seriesId: B(w).series.id })),
  ),
  row(
    'event.duplicate',
    "copies B's event",
    post('/event/duplicate', (w) => ({ eventId: B(w).published.id, startDate: daysFromNow(40) })),
  ),
  row(
    'series.save',
    'creates a series in club B',
    post('/series/save', (w) => ({ clubId: w.b.clubId, name: 'Planted' })),
  ),
  row(
    'series.save',
    "renames B's series",
    post('/series/save', (w) => ({ id: B(w).series.id, name: 'Hijacked' })),
  ),
  row(
    'series.save',
    "moves B's series into club A",
    post('/series/save', (w) => ({ id: B(w).series.id, clubId: w.a.clubId, name: 'Mine' })),
  ),
  row(
    'series.addDates',
    "adds dates to B's series from B's event",
    post('/series/addDates', (w) => ({ eventId: B(w).published.id, startDates: [daysFromNow(40)] })),
  ),
  row(
    'pass.getPurchasesBySeriesId',
    "lists the passes sold of B's series",
    get('/pass/getPurchasesBySeriesId', (w) => ({ seriesId: B(w).series.id })),
  ),
  row(
    'event.removeEvent',
    "removes B's event",
    get('/event/removeEvent', (w) => ({ eventId: B(w).published.id })),
  ),
  row(
    'event.cancelEvent',
    "cancels B's event, refunding everyone",
    post('/event/cancelEvent', (w) => ({ eventId: B(w).published.id, refundAll: true })),
  ),
  row(
    'event.getCancellation',
    "reads how far the cancellation of B's event went",
    get('/event/getCancellation', (w) => ({ eventId: B(w).published.id })),
  ),
  row(
    'ticket.getTicketsByEventId',
    "lists B's tickets: active ones only",
    get('/ticket/getTicketsByEventId', (w) => ({ eventId: B(w).published.id })),
    hides((c) => [c.hiddenTicket.id, c.draftTicket.id]),
  ),
  row(
    'ticket.getTicketsByEventId',
    "lists the tickets of B's draft",
    get('/ticket/getTicketsByEventId', (w) => ({ eventId: B(w).draft.id })),
  ),
  row(
    'ticket.getTicketById',
    "reads B's inactive ticket",
    get('/ticket/getTicketById', (w) => ({ ticketId: B(w).hiddenTicket.id })),
  ),
  row(
    'ticket.getTicketById',
    "reads the ticket of B's draft",
    get('/ticket/getTicketById', (w) => ({ ticketId: B(w).draftTicket.id })),
  ),
  row(
    'ticket.save',
    "adds a ticket to B's event",
    post('/ticket/save', (w) => ({ eventId: B(w).published.id, name: 'Planted', price: 0 })),
  ),
  row(
    'ticket.save',
    "updates B's ticket",
    post('/ticket/save', (w) => ({ id: B(w).ticket.id, eventId: B(w).published.id, name: 'Free', price: 0 })),
  ),
  row(
    'ticket.save',
    "moves B's ticket to its own event",
    post('/ticket/save', (w) => ({ id: B(w).ticket.id, eventId: w.a.event.id, name: 'Mine', price: 0 })),
  ),
  row(
    'ticket.removeTicket',
    "removes B's ticket",
    post('/ticket/removeTicket', (w) => ({ ticketId: B(w).ticket.id }), 'DELETE'),
  ),
  row(
    'extras.saveExtras',
    "adds an extra to B's event",
    post('/event/saveExtras', (w) => ({ eventId: B(w).published.id, name: 'Planted', price: 0 })),
  ),
  row(
    'extras.saveExtras',
    "updates B's extra",
    post('/event/saveExtras', (w) => ({ id: B(w).extra.id, eventId: B(w).published.id, name: 'Free', price: 0 })),
  ),
  row(
    'extras.saveExtras',
    "moves B's extra to its own event",
    post('/event/saveExtras', (w) => ({ id: B(w).extra.id, eventId: w.a.event.id, name: 'Mine', price: 0 })),
  ),
  row(
    'extras.getExtras',
    "lists B's extras",
    get('/event/getExtras', (w) => ({ eventId: B(w).published.id })),
  ),
  row(
    'extras.removeExtras',
    "removes B's extra",
    get('/event/removeExtras', (w) => ({ extrasId: B(w).extra.id, eventId: B(w).published.id })),
  ),
  row(
    'extras.removeExtras',
    "removes B's extra naming its own event",
    get('/event/removeExtras', (w) => ({ extrasId: B(w).extra.id, eventId: w.a.event.id })),
  ),
  row(
    'extras.getExtrasPurchasesByEventId',
    "lists the extras bought for B's event",
    get('/extras/getExtrasPurchasesByEventId', (w) => ({ eventId: B(w).published.id })),
  ),
  row(
    'sponsorshipPackage.getPackagesByEventId',
    "lists B's packages: active ones only",
    get('/sponsorship-package/getPackagesByEventId', (w) => ({ eventId: B(w).published.id })),
    hides((c) => [c.hiddenPkg.id]),
  ),
  row(
    'sponsorshipPackage.getPackageById',
    "reads B's package",
    get('/sponsorship-package/getPackageById', (w) => ({ packageId: B(w).hiddenPkg.id })),
  ),
  row(
    'sponsorshipPackage.save',
    "adds a package to B's event",
    post('/sponsorship-package/save', (w) => ({ eventId: B(w).published.id, name: 'Planted', amount: 0 })),
  ),
  row(
    'sponsorshipPackage.save',
    "updates B's package",
    post('/sponsorship-package/save', (w) => ({
      id: B(w).pkg.id,
      eventId: B(w).published.id,
      name: 'Free',
      amount: 0,
    })),
  ),
  row(
    'sponsorshipPackage.save',
    "moves B's package to its own event",
    post('/sponsorship-package/save', (w) => ({ id: B(w).pkg.id, eventId: w.a.event.id, name: 'Mine', amount: 0 })),
  ),
  row(
    'sponsorshipPackage.updateStatus',
    "activates B's package",
    post('/sponsorship-package/updateStatus', (w) => ({ packageId: B(w).hiddenPkg.id, isActive: true })),
  ),
  row(
    'sponsorshipPackage.deletePackage',
    "deletes B's package",
    post('/sponsorship-package/deletePackage', (w) => ({ packageId: B(w).pkg.id }), 'DELETE'),
  ),
  row(
    'form.getFormQuestions',
    "reads the form of B's draft",
    get('/form/getFormQuestions', (w) => ({ eventId: B(w).draft.id })),
  ),
  row(
    'form.save',
    "empties B's form",
    post('/form/save', (w) => ({ eventId: B(w).draft.id, questions: [] })),
  ),
  row(
    'form.save',
    "saves its own form with the ids of B's questions: gets new ones, B's stay",
    post('/form/save', (w) => ({
      eventId: w.a.event.id,
      questions: B(w).questions.map(({ id, type, label, options }) => ({ id, type, label, options })),
    })),
    ok((response, { b }) => {
      const ids = (response.body.payload as TFormQuestion[]).map((question) => question.id);
      expect(ids).toHaveLength(b.catalogue.questions.length);
      for (const question of b.catalogue.questions) expect(ids).not.toContain(question.id);
    }),
  ),
  row(
    'discount.getDiscountsByEventId',
    "lists B's codes",
    get('/discount/getDiscountsByEventId', (w) => ({ eventId: B(w).published.id })),
  ),
  row(
    'discount.save',
    "adds a code to B's event",
    post('/discount/save', (w) => ({ eventId: B(w).published.id, code: 'PLANTED', kind: 'percent', value: 100 })),
  ),
  row(
    'discount.save',
    "updates B's code",
    post('/discount/save', (w) => ({ ...B(w).discount, value: 100, maxUses: null })),
  ),
  row(
    'discount.save',
    "moves B's code to its own event",
    post('/discount/save', (w) => ({ ...B(w).discount, eventId: w.a.event.id })),
  ),
  row(
    'discount.save',
    "names B's ticket in a code of its own event",
    post('/discount/save', (w) => ({
      eventId: w.a.event.id,
      code: 'MINE-1',
      kind: 'percent',
      value: 10,
      ticketIds: [B(w).ticket.id],
    })),
    { check: (response) => expectError(response, 400, 'BAD_INPUT') },
  ),
  row(
    'discount.deleteDiscount',
    "deletes B's code",
    post('/discount/deleteDiscount', (w) => ({ discountId: B(w).discount.id }), 'DELETE'),
  ),
];
