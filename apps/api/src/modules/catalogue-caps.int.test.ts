import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, LIST_CAPS } from '@clubtix/contract';
import { MAX_FIELD_ERRORS } from '../plugins/error-handler';
import { EXTRAS_CATALOGUE, lockCatalogue, PACKAGE_CATALOGUE, TICKET_CATALOGUE } from './events/catalogue-cap.repo';
import { lockClubUsers } from './users/users.repo';
import { lineUpOnLock } from '../../test/advisory-lock';
import { payloadOf, publishEvent } from '../../test/catalogue';
import {
  call,
  createClubWithAdmin,
  createSiblingApp,
  createSudo,
  createTestApp,
  expectError,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/helpers';
import { callEndpoint, expectPayload } from '../../test/call-endpoint';

/**
 * The lists that answer an event's catalogue or a club's admins whole are bounded by what may be
 * created: one past the cap is refused (409), and two creates at the edge on two processes cannot
 * both pass (docs/decisions/0020).
 */
describe('catalogue and admin caps', () => {
  let apps: TestApp[];
  let t: TestApp;
  let token: string;
  let clubId: string;

  beforeAll(async () => {
    t = await createTestApp();
    apps = [t, await createSiblingApp(t)];
    const { club, admin } = await createClubWithAdmin(t);
    token = admin.token;
    clubId = club.id;
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  const kinds = [
    {
      plural: 'ticket types',
      catalogue: TICKET_CATALOGUE,
      table: 'tickets',
      cap: LIST_CAPS.tickets,
      columns: sql`name, price`,
      values: sql`'Seat ' || g, 1000`,
      save: '/ticket/save',
      body: (eventId: string, i: number) => ({ eventId, name: `New ${i}`, price: 500 }),
      list: (eventId: string) => ['/ticket/getTicketsByEventId', { eventId }] as const,
    },
    {
      plural: 'extras',
      catalogue: EXTRAS_CATALOGUE,
      table: 'extras',
      cap: LIST_CAPS.extras,
      columns: sql`name, price`,
      values: sql`'Extra ' || g, 300`,
      save: '/event/saveExtras',
      body: (eventId: string, i: number) => ({ eventId, name: `New ${i}`, price: 500 }),
      list: (eventId: string) => ['/event/getExtras', { eventId }] as const,
    },
    {
      plural: 'sponsorship packages',
      catalogue: PACKAGE_CATALOGUE,
      table: 'sponsorship_packages',
      cap: LIST_CAPS.packages,
      columns: sql`name, amount`,
      values: sql`'Package ' || g, 10000`,
      save: '/sponsorship-package/save',
      body: (eventId: string, i: number) => ({ eventId, name: `New ${i}`, amount: 5000 }),
      list: (eventId: string) => ['/sponsorship-package/getPackagesByEventId', { eventId }] as const,
    },
  ];

  it.each(kinds)('lets an event hold at most $cap $plural: one create at the edge of many passes', async (kind) => {
    const event = await publishEvent(t, token);
    await t.db.execute(sql`
      INSERT INTO ${sql.raw(kind.table)} (id, club_id, event_id, ${kind.columns})
      SELECT gen_random_uuid()::text, ${clubId}, ${event.id}, ${kind.values} FROM generate_series(1, ${kind.cap - 1}) g`);
    // Six creates at once, on two processes, lined up on the event's catalogue.
    const creates = await lineUpOnLock(
      t,
      (tx) => lockCatalogue(tx, kind.catalogue, event.id),
      6,
      () =>
        Array.from({ length: 6 }, (_, i) =>
          call(apps[i % 2]!, 'POST', kind.save, { token, body: kind.body(event.id, i) }),
        ),
    );
    expect(creates.filter((response) => response.status === 200)).toHaveLength(1);
    for (const refused of creates.filter((response) => response.status !== 200)) {
      expectError(
        refused,
        409,
        'CONFLICT',
        `An event can have at most ${kind.cap} ${kind.plural}: remove one you no longer use first`,
      );
    }
    const [path, query] = kind.list(event.id);
    expect(payloadOf<unknown[]>(await call(t, 'GET', path, { token, query }))).toHaveLength(kind.cap);
  });

  it(`lets a club have at most ${LIST_CAPS.admins} admins, and lists them all`, async () => {
    const { club, admin } = await createClubWithAdmin(t);
    await t.db.execute(sql`
      INSERT INTO users (id, email, name, password_hash, role, club_id)
      SELECT gen_random_uuid()::text, 'crew' || g || '-' || ${club.id} || '@example.org', 'Crew ' || g, 'x', 10, ${club.id}
        FROM generate_series(1, ${LIST_CAPS.admins - 2}) g`);
    // Three creates at once, on two processes, lined up on the club's admins.
    const creates = await lineUpOnLock(
      t,
      (tx) => lockClubUsers(tx, club.id),
      3,
      () =>
        Array.from({ length: 3 }, (_, i) =>
          callEndpoint(apps[i % 2]!, endpoints.appUser.save, {
            token: admin.token,
            body: {
              name: `Late ${i}`,
              email: `late${i}-${club.id}@example.org`,
              password: TEST_PASSWORD,
              clubId: club.id,
            },
          }),
        ),
    );
    expect(creates.filter((response) => response.status === 200)).toHaveLength(1);
    for (const refused of creates.filter((response) => response.status !== 200)) {
      expectError(
        refused,
        409,
        'CONFLICT',
        `A club can have at most ${LIST_CAPS.admins} admins: remove one who no longer needs access first`,
      );
    }
    const listed = expectPayload(
      await callEndpoint(t, endpoints.appUser.getAppUsers, { token: admin.token, query: { clubId: club.id } }),
    );
    expect(listed.appUsers).toHaveLength(LIST_CAPS.admins);

    // Past the cap by other means (rows written before it existed), the lists still stop at it.
    await t.db.execute(sql`
      INSERT INTO users (id, email, name, password_hash, role, club_id)
      VALUES (gen_random_uuid()::text, ${`extra-${club.id}@example.org`}, 'Extra', 'x', 10, ${club.id})`);
    const again = expectPayload(
      await callEndpoint(t, endpoints.appUser.getAppUsers, { token: admin.token, query: { clubId: club.id } }),
    );
    expect(again.appUsers).toHaveLength(LIST_CAPS.admins);
    const sudo = await createSudo(t);
    const clubs = expectPayload(
      await callEndpoint(t, endpoints.club.getAllClubs, { token: sudo.token, query: { page: 1, pageSize: 500 } }),
    );
    expect(clubs.find((candidate) => candidate.id === club.id)?.admins).toHaveLength(LIST_CAPS.admins);
  });

  it(`lists at most ${MAX_FIELD_ERRORS} field errors, however many fields a body gets wrong`, async () => {
    const answers = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`q${i}`, i]));
    const response = await call(t, 'POST', '/registration/save', {
      body: { registrationId: 'r', qrUuid: 'q', attendees: [], answers },
    });
    expectError(response, 400, 'BAD_INPUT');
    expect(response.body.errors).toHaveLength(MAX_FIELD_ERRORS);
    expect(response.text.length).toBeLessThan(4096);
  });
});
