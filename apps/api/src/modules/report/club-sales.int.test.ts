import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type BodyOf } from '@clubtix/contract';
import { addTicket, daysFromNow, publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createSudo, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { givePaid, refundSponsorship } from '../../../test/payable-refunds';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/** docs/product.md section 21: the dashboards' figures equal the events' own sales reports. */
describe('club sales on the dashboards', () => {
  let t: TestApp;
  let token: string;
  let clubId: string;
  let otherToken: string;
  let sudoToken: string;

  const sell = async (
    eventId: string,
    ticketId: string,
    quantity: number,
    paymentMethod: BodyOf<typeof endpoints.boxoffice.sell>['paymentMethod'] = 'cash',
  ) => {
    const sold = await callEndpoint(t, endpoints.boxoffice.sell, {
      token,
      body: { eventId, tickets: [{ ticketId, quantity }], paymentMethod },
    });
    expect([sold.status, sold.body.msg]).toEqual([200, expect.any(String)]);
    return sold.body.payload!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const club = await createClubWithAdmin(t);
    token = club.admin.token;
    clubId = club.club.id;
    otherToken = (await createClubWithAdmin(t)).admin.token;
    sudoToken = (await createSudo(t)).token;
  });
  afterAll(async () => t.close());

  it('lists coming events with tickets sold of capacity and net, and totals that add the events up', async () => {
    const later = await publishEvent(t, token, {
      title: 'Later',
      startDate: daysFromNow(20),
      endDate: daysFromNow(21),
      capacity: 50,
      donationsEnabled: true,
      maxTicketsPerOrder: 10,
    });
    const sooner = await publishEvent(t, token, {
      title: 'Sooner',
      startDate: daysFromNow(5),
      endDate: daysFromNow(6),
      maxTicketsPerOrder: 10,
    });
    const laterTicket = await addTicket(t, token, later.id, { price: 1250, quantity: 50, maxPerOrder: 10 });
    const soonerTicket = await addTicket(t, token, sooner.id, { price: 800, quantity: 20, maxPerOrder: 10 });
    await sell(later.id, laterTicket.id, 4);
    await sell(later.id, laterTicket.id, 1, 'complimentary');
    await sell(sooner.id, soonerTicket.id, 3, 'card_terminal');
    const { sponsorship } = await givePaid(t, token, 'giver@example.org', { amount: 1000, event: later });
    expect((await refundSponsorship(t, token, { sponsorshipId: sponsorship.id, amount: 300 })).status).toBe(200);

    const dashboard = expectPayload(await callEndpoint(t, endpoints.report.getClubSales, { token, query: { clubId } }));
    expect(dashboard.upcoming.map((row) => [row.title, row.ticketsSold, row.capacity, row.net])).toEqual([
      ['Sooner', 3, null, 2400],
      ['Later', 5, 50, 5000 - 300 + 1000],
    ]);
    const reports = await Promise.all(
      [later, sooner].map(async (event) =>
        expectPayload(await callEndpoint(t, endpoints.report.getEventSales, { token, query: { eventId: event.id } })),
      ),
    );
    expect(dashboard.upcoming.find((row) => row.title === 'Later')!.net).toBe(reports[0]!.net);
    const gross = reports.reduce((sum, report) => sum + report.gross, 0);
    const refunded = reports.reduce((sum, report) => sum + report.refunded, 0);
    expect(dashboard.totals).toEqual([{ currency: later.currency, gross, refunded, net: gross - refunded }]);

    const all = expectPayload(await callEndpoint(t, endpoints.report.getAllClubSales, { token: sudoToken }));
    expect(all.clubs.find((club) => club.clubId === clubId)!.totals).toEqual(dashboard.totals);
    expect(all.clubs.filter((club) => club.totals.length === 0).length).toBeGreaterThanOrEqual(1);
  });

  it("answers another club's admin 404 and an admin asking for every club 403", async () => {
    expectError(
      await callEndpoint(t, endpoints.report.getClubSales, { token: otherToken, query: { clubId } }),
      404,
      'NOT_FOUND',
    );
    expectError(await callEndpoint(t, endpoints.report.getAllClubSales, { token }), 403, 'FORBIDDEN');
  });
});
