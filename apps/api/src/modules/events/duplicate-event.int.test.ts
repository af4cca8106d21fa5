import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TTicket } from '@clubtix/contract';
import { addTicket, createExtras, createPackage, publishEvent, saveForm } from '../../../test/catalogue';
import { buyTickets } from '../../../test/door';
import { createDoorStaff } from '../../../test/door-staff';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';
import { createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { discounts, events, passes, registrations, series, tickets } from '../../db/schema';

/**
 * POST /event/duplicate (DECISIONS 18): a draft copy with the same settings and catalogue, every
 * instant moved by the same amount; nothing sold comes with it; a season pass's own hidden type stays.
 */
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const at = (iso: string, shift: number) => new Date(new Date(iso).getTime() + shift).toISOString();

describe('POST /event/duplicate', () => {
  let t: TestApp;
  let token: string;
  let clubId: string;
  let source: TEvent;
  let adult: TTicket;
  let vip: TTicket;
  let passTicketId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const world = await createClubWithAdmin(t);
    token = world.admin.token;
    clubId = world.club.id;
    source = await publishEvent(t, token, {
      title: 'Jazz Night',
      venue: 'The Cellar',
      capacity: 80,
      maxTicketsPerOrder: 6,
      reminderHoursBefore: 24,
      donationsEnabled: true,
      registrationOpensAt: new Date(Date.now() - DAY).toISOString(),
      registrationClosesAt: new Date(Date.now() + 6 * DAY).toISOString(),
    });
    adult = await addTicket(t, token, source.id, { name: 'Adult', price: 1500, quantity: 50 });
    vip = await addTicket(t, token, source.id, {
      name: 'VIP',
      price: 4000,
      quantity: 10,
      hidden: true,
      salesStartAt: new Date(Date.now() + 2 * DAY).toISOString(),
      salesEndAt: new Date(Date.now() + 5 * DAY).toISOString(),
    });
    await createExtras(t, token, source.id, { name: 'Programme', price: 300 });
    await createPackage(t, token, source.id, { name: 'Gold', amount: 50000, benefits: ['Logo'] });
    await saveForm(t, token, source.id, [
      { type: 0, label: 'Dietary needs' },
      { type: 2, label: 'Seat', options: ['Front', 'Back'] },
    ]);
    const code = await callEndpoint(t, endpoints.discount.save, {
      token,
      body: {
        eventId: source.id,
        code: 'VIPONLY',
        kind: 'percent',
        value: 20,
        maxUses: 5,
        ticketIds: [vip.id],
        validUntil: new Date(Date.now() + 4 * DAY).toISOString(),
      },
    });
    expect(code.status).toBe(200);
    // A use of the code and a ticket sold: the copy starts at 0 for both.
    await t.db.update(discounts).set({ usedCount: 3 }).where(eq(discounts.eventId, source.id));
    await buyTickets(t, source.id, adult.id, 2);
    // A season pass's hidden type at the event (tickets.pass_id), as the pass's purchase makes it.
    const [row] = await t.db
      .insert(series)
      .values({ clubId, slug: `jazz-${Date.now()}`, name: 'Jazz' })
      .returning();
    const [pass] = await t.db
      .insert(passes)
      .values({ clubId, seriesId: row!.id, name: 'Season', price: 9000 })
      .returning();
    const [passTicket] = await t.db
      .insert(tickets)
      .values({ clubId, eventId: source.id, name: 'Season', price: 0, hidden: true, passId: pass!.id })
      .returning();
    passTicketId = passTicket!.id;
  });
  afterAll(async () => t.close());

  const duplicate = (body: { eventId: string; startDate: string; title?: string }, as = token) =>
    callEndpoint(t, endpoints.event.duplicate, { token: as, body });

  it('copies the settings and the catalogue as a draft, every instant moved by the same amount', async () => {
    const shift = 14 * DAY;
    const answer = await duplicate({ eventId: source.id, startDate: at(source.startDate, shift) });
    const copy = expectPayload(answer);
    expect(answer.body.msg).toBe('Event copied');
    expect(copy).toMatchObject({
      title: 'Jazz Night',
      status: 'draft',
      venue: 'The Cellar',
      capacity: 80,
      maxTicketsPerOrder: 6,
      reminderHoursBefore: 24,
      donationsEnabled: true,
      currency: source.currency,
      timezone: source.timezone,
      startDate: at(source.startDate, shift),
      endDate: at(source.endDate, shift),
      registrationOpensAt: at(source.registrationOpensAt!, shift),
      registrationClosesAt: at(source.registrationClosesAt!, shift),
      seriesId: null,
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.slug).toBe(`${source.slug}-2`);

    const copiedTickets = expectPayload(
      await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { token, query: { eventId: copy.id } }),
    );
    expect(copiedTickets.map((ticket) => [ticket.name, ticket.price, ticket.quantity, ticket.hidden])).toEqual([
      ['Adult', 1500, 50, false],
      ['VIP', 4000, 10, true],
    ]);
    const copiedVip = copiedTickets.find((ticket) => ticket.name === 'VIP')!;
    expect(copiedVip.salesStartAt).toBe(at(vip.salesStartAt!, shift));
    expect(copiedVip.salesEndAt).toBe(at(vip.salesEndAt!, shift));
    // Nothing sold: the copy's counters start at 0.
    const rows = await t.db.select().from(tickets).where(eq(tickets.eventId, copy.id));
    expect(rows.map((row) => [row.reservedCount, row.soldCount, row.passId])).toEqual([
      [0, 0, null],
      [0, 0, null],
    ]);
    const [copiedEvent] = await t.db.select().from(events).where(eq(events.id, copy.id));
    expect(copiedEvent!.reservedCount).toBe(0);
    expect(await t.db.select().from(registrations).where(eq(registrations.eventId, copy.id))).toEqual([]);

    const extras = expectPayload(
      await callEndpoint(t, endpoints.extras.getExtras, { token, query: { eventId: copy.id } }),
    );
    expect(extras.map((extra) => extra.name)).toEqual(['Programme']);
    const packages = expectPayload(
      await callEndpoint(t, endpoints.sponsorshipPackage.getPackagesByEventId, { token, query: { eventId: copy.id } }),
    );
    expect(packages.map((pkg) => [pkg.name, pkg.amount, pkg.benefits])).toEqual([['Gold', 50000, ['Logo']]]);
    const questions = expectPayload(
      await callEndpoint(t, endpoints.form.getFormQuestions, { token, query: { eventId: copy.id } }),
    );
    expect(questions.map((question) => [question.label, question.options])).toEqual([
      ['Dietary needs', []],
      ['Seat', ['Front', 'Back']],
    ]);
    const codes = expectPayload(
      await callEndpoint(t, endpoints.discount.getDiscountsByEventId, { token, query: { eventId: copy.id } }),
    );
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ code: 'VIPONLY', value: 20, maxUses: 5, ticketIds: [copiedVip.id] });
    const [copiedCode] = await t.db.select().from(discounts).where(eq(discounts.eventId, copy.id));
    expect(copiedCode!.usedCount).toBe(0);
    const [sourceCode] = await t.db.select().from(discounts).where(eq(discounts.eventId, source.id));
    expect(copiedCode!.validUntil!.getTime() - sourceCode!.validUntil!.getTime()).toBe(shift);
  });

  it("leaves a season pass's hidden type behind, and takes the title given", async () => {
    const copy = expectPayload(
      await duplicate({ eventId: source.id, startDate: at(source.startDate, DAY), title: 'Jazz Night (late)' }),
    );
    expect(copy.title).toBe('Jazz Night (late)');
    expect(copy.slug).toBe('jazz-night-late');
    const names = await t.db.select().from(tickets).where(eq(tickets.eventId, copy.id));
    expect(names.map((row) => row.name).sort()).toEqual(['Adult', 'VIP']);
    const stillThere = await t.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.eventId, source.id), eq(tickets.id, passTicketId)));
    expect(stillThere).toHaveLength(1);
  });

  it('gives copies made at once each a slug of its own', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map((weeks) =>
        duplicate({ eventId: source.id, startDate: at(source.startDate, weeks * 7 * DAY), title: 'Jazz Encore' }),
      ),
    );
    const slugs = answers.map((answer) => expectPayload(answer).slug).sort();
    expect(slugs).toEqual(['jazz-encore', 'jazz-encore-2', 'jazz-encore-3', 'jazz-encore-4']);
  });

  it('refuses a start in the past with 400 naming startDate, writing nothing', async () => {
    const before = await t.db.select().from(events);
    const refused = await duplicate({ eventId: source.id, startDate: new Date(Date.now() - HOUR).toISOString() });
    expectError(refused, 400, 'BAD_INPUT');
    expect(refused.body.errors?.[0]?.path).toBe('startDate');
    expect(await t.db.select().from(events)).toHaveLength(before.length);
  });

  it("answers 404 for another club's event and 403 to door staff", async () => {
    const other = await createClubWithAdmin(t);
    const theirs = await publishEvent(t, other.admin.token);
    const startDate = at(theirs.startDate, DAY);
    expectError(await duplicate({ eventId: theirs.id, startDate }), 404, 'NOT_FOUND', 'Event not found');
    const staff = await createDoorStaff(t, token, clubId, [source.id]);
    expectError(await duplicate({ eventId: source.id, startDate }, staff), 403, 'FORBIDDEN');
  });

  it('copies a series date into the same series', async () => {
    const saved = expectPayload(await callEndpoint(t, endpoints.series.save, { token, body: { name: 'Jazz Season' } }));
    const dated = expectPayload(
      await callEndpoint(t, endpoints.event.save, { token, body: { id: source.id, seriesId: saved.id } }),
    );
    expect(dated.seriesId).toBe(saved.id);
    const copy = expectPayload(await duplicate({ eventId: source.id, startDate: at(source.startDate, 7 * DAY) }));
    expect(copy.seriesId).toBe(saved.id);
  });
});
