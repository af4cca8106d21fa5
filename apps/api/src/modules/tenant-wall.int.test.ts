import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, SYNC_REJECT_REASONS, type Endpoint, type TClubWithAdmins } from '@clubtix/contract';
import { eq } from 'drizzle-orm';
import { attendees, checkins, extrasPurchases, registrations, sponsorships, waitlistEntries } from '../db/schema';
import { createEvent } from '../../test/catalogue';
import {
  call,
  createAdmin,
  createClubWithAdmin,
  createSudo,
  createTestApp,
  expectError,
  TEST_PASSWORD,
  uploadImage,
} from '../../test/helpers';
import {
  catalogueRows,
  FORBIDDEN,
  NOT_FOUND,
  snapshotCatalogue,
  stockCatalogue,
  type Row,
  type World,
} from '../../test/tenant-wall';
import { callEndpoint } from '../../test/call-endpoint';

/**
 * docs/product.md section 13: an admin of club A aiming at club B's data gets 404 (403 for a call its
 * role may not make at all), and B's data stays exactly as it was. One row per attempt; every
 * endpoint of these groups of the contract that needs a token, or shows more to a club's own admins
 * when given one, must have at least one row. The catalogue rows live in test/tenant-wall.ts.
 */
const WALLED_GROUPS = [
  'auth',
  'club',
  'appUser',
  'system',
  'event',
  'series',
  'ticket',
  'extras',
  'sponsorshipPackage',
  'form',
  'discount',
  'waitlist',
  'sponsorship',
  'extrasPurchase',
  'boxoffice',
  'report',
  'message',
] as const;

const rows: Row[] = [
  {
    endpoint: 'boxoffice.sell',
    attempt: "sells B's published ticket at the door",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.boxoffice.sell, {
        token: a.admin.token,
        body: {
          eventId: b.catalogue.published.id,
          tickets: [{ ticketId: b.catalogue.ticket.id, quantity: 1 }],
          paymentMethod: 'cash',
          checkIn: true,
        },
      }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'boxoffice.sell',
    attempt: "sells B's ticket on A's own event",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.boxoffice.sell, {
        token: a.admin.token,
        body: {
          eventId: a.event.id,
          tickets: [{ ticketId: b.catalogue.ticket.id, quantity: 1 }],
          paymentMethod: 'complimentary',
        },
      }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'boxoffice.sell',
    attempt: "sells B's extra alone at B's event",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.boxoffice.sell, {
        token: a.admin.token,
        body: {
          eventId: b.catalogue.published.id,
          tickets: [],
          extras: [{ extrasId: b.catalogue.extra.id, quantity: 1 }],
          paymentMethod: 'cash',
        },
      }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'boxoffice.sell',
    attempt: "sells B's extra at A's own event",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.boxoffice.sell, {
        token: a.admin.token,
        body: {
          eventId: a.event.id,
          tickets: [],
          extras: [{ extrasId: b.catalogue.extra.id, quantity: 1 }],
          paymentMethod: 'complimentary',
        },
      }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'club.getAllClubs',
    attempt: 'lists clubs: sees its own club only',
    send: ({ t, a }) => callEndpoint(t, endpoints.club.getAllClubs, { token: a.admin.token }),
    expected: {
      check: (response, { a, b }) => {
        expect(response.status).toBe(200);
        expect((response.body.payload as TClubWithAdmins[]).map((club) => club.id)).toEqual([a.clubId]);
        expect(response.text).not.toContain(b.clubId);
        expect(response.text).not.toContain(b.admin.row.email);
      },
    },
  },
  {
    endpoint: 'club.getAllClubs',
    attempt: 'reads another club by its clubId: answers no club, nor its contact or admins',
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.club.getAllClubs, { token: a.admin.token, query: { clubId: b.clubId } }),
    expected: {
      check: (response, { b }) => {
        expect(response.status).toBe(200);
        expect(response.body.payload).toEqual([]);
        expect(response.text).not.toContain(b.admin.row.email);
      },
    },
  },
  {
    endpoint: 'club.save',
    attempt: "updates B's club",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.club.save, { token: a.admin.token, body: { id: b.clubId, name: 'Taken over' } }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'club.save',
    attempt: "sets B's friendly address (docs/product.md section 21)",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.club.save, { token: a.admin.token, body: { id: b.clubId, slug: 'taken-over' } }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'club.save',
    attempt: 'creates a club (a super user call)',
    send: ({ t, a }) => callEndpoint(t, endpoints.club.save, { token: a.admin.token, body: { name: 'Shadow club' } }),
    expected: FORBIDDEN,
  },
  {
    endpoint: 'club.removeClub',
    attempt: "removes B's club (a super user call)",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.club.removeClub, { token: a.admin.token, query: { clubId: b.clubId } }),
    expected: FORBIDDEN,
  },
  {
    endpoint: 'appUser.getAppUsers',
    attempt: "lists B's admins",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.appUser.getAppUsers, { token: a.admin.token, query: { clubId: b.clubId } }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'appUser.save',
    attempt: 'creates an admin in B',
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.appUser.save, {
        token: a.admin.token,
        body: { name: 'Mole', email: 'mole@example.org', password: 'mole-pass-1', clubId: b.clubId },
      }),
    expected: NOT_FOUND,
  },
  ...(['b', 'a'] as const).map((target): Row => ({
    endpoint: 'appUser.save',
    attempt: `updates an admin of B, naming club ${target.toUpperCase()}`,
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.appUser.save, {
        token: a.admin.token,
        body: {
          id: b.second.row.id,
          name: 'Hijacked',
          email: 'hijacked@example.org',
          password: 'hijack-pass-1',
          clubId: target === 'a' ? a.clubId : b.clubId,
        },
      }),
    expected: NOT_FOUND,
  })),
  {
    endpoint: 'appUser.save',
    attempt: "creates door staff in B for B's event",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.appUser.save, {
        token: a.admin.token,
        body: {
          name: 'Mole',
          email: 'mole-staff@example.org',
          password: 'mole-pass-1',
          clubId: b.clubId,
          role: 5,
          eventIds: [b.catalogue.published.id],
        },
      }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'appUser.save',
    attempt: "creates its own door staff for B's event",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.appUser.save, {
        token: a.admin.token,
        body: {
          name: 'Mole',
          email: 'mole-staff-a@example.org',
          password: 'mole-pass-1',
          clubId: a.clubId,
          role: 5,
          eventIds: [b.catalogue.published.id],
        },
      }),
    expected: {
      check: (response) => {
        expectError(response, 400, 'BAD_INPUT');
        expect(response.body.errors?.[0]?.path).toBe('eventIds.0');
      },
    },
  },
  {
    endpoint: 'appUser.sendInvitation',
    attempt: 'mails an admin of B a new invitation',
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.appUser.sendInvitation, { token: a.admin.token, body: { id: b.second.row.id } }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'appUser.deleteAppUser',
    attempt: 'deletes an admin of B',
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.appUser.deleteAppUser, { token: a.admin.token, query: { id: b.second.row.id } }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'auth.getAccount',
    attempt: 'reads its own account, never one of B',
    send: ({ t, a }) => callEndpoint(t, endpoints.auth.getAccount, { token: a.admin.token }),
    expected: {
      check: (response, { a, b }) => {
        expect(response.body.payload).toMatchObject({ currentUser: { id: a.admin.row.id, clubId: a.clubId } });
        expect(response.text).not.toContain(b.clubId);
      },
    },
  },
  {
    endpoint: 'auth.updateAccount',
    attempt: "names an admin of B's id: changes only itself",
    send: ({ t, a, b }) =>
      call(t, 'POST', '/auth/updateAccount', {
        token: a.admin.token,
        body: { id: b.second.row.id, name: a.admin.row.name, email: a.admin.row.email },
      }),
    expected: {
      check: (response, { a }) => {
        expect(response.body.payload).toMatchObject({ currentUser: { id: a.admin.row.id } });
      },
    },
  },
  {
    endpoint: 'auth.updateAccount',
    attempt: 'takes the e-mail of an admin of B, with a new password',
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.auth.updateAccount, {
        token: a.admin.token,
        body: { name: 'Mole', email: b.second.row.email, currentPassword: TEST_PASSWORD, newPassword: 'mole-pass-2' },
      }),
    expected: { check: (response) => expectError(response, 409, 'CONFLICT') },
  },
  {
    endpoint: 'auth.signout',
    attempt: "signs out an admin of A: ends A's own sessions, never B's",
    send: async ({ t, a }) => {
      const leaving = await createAdmin(t, a.clubId);
      const response = await callEndpoint(t, endpoints.auth.signout, { token: leaving.token });
      expectError(await callEndpoint(t, endpoints.auth.getAccount, { token: leaving.token }), 401, 'UNAUTHENTICATED');
      return response;
    },
    expected: { check: (response) => expect(response.status).toBe(200) },
  },
  {
    endpoint: 'system.uploadImage',
    attempt: "uploads under the name of B's logo: gets a new name, B's logo stays",
    send: async ({ t, a, b }) => {
      const data = await sharp({ create: { width: 5, height: 5, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      return uploadImage(t, a.admin.token, [{ filename: b.logoUrl.split('/').pop()!, contentType: 'image/png', data }]);
    },
    expected: {
      check: (response, { b }) => {
        expect(response.status).toBe(200);
        expect((response.body.payload as { url: string }).url).not.toBe(b.logoUrl);
      },
    },
  },
  ...catalogueRows,
  {
    endpoint: 'message.send',
    attempt: "mails the attendees of B's event",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.message.send, {
        token: a.admin.token,
        body: { eventId: b.catalogue.published.id, subject: 'Hi', body: 'Hello', audience: 'all' },
      }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'message.getByEventId',
    attempt: "reads the messages of B's event",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.message.getByEventId, {
        token: a.admin.token,
        query: { eventId: b.catalogue.published.id },
      }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'report.getClubSales',
    attempt: "reads the takings of B's club",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.report.getClubSales, { token: a.admin.token, query: { clubId: b.clubId } }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'report.getAllClubSales',
    attempt: "reads every club's takings (a super user call)",
    send: ({ t, a }) => callEndpoint(t, endpoints.report.getAllClubSales, { token: a.admin.token }),
    expected: FORBIDDEN,
  },
  {
    endpoint: 'report.getEventSales',
    attempt: "reads the sales of B's event",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.report.getEventSales, {
        token: a.admin.token,
        query: { eventId: b.catalogue.published.id },
      }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'waitlist.getByEventId',
    attempt: "lists the waiting lists of B's event",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.waitlist.getByEventId, {
        token: a.admin.token,
        query: { eventId: b.catalogue.published.id },
      }),
    expected: NOT_FOUND,
  },
  ...(
    [
      ['getSponsorshipsByEventId', (w) => ({ eventId: w.b.catalogue.published.id })],
      ['getSponsorshipTotalsByEventId', (w) => ({ eventId: w.b.catalogue.published.id })],
      ['getSponsorshipsByRegistrationId', (w) => ({ registrationId: w.b.paid.registrationId })],
      ['getSponsorshipById', (w) => ({ sponsorshipId: w.b.paid.sponsorshipId })],
    ] as const satisfies [string, (w: World) => Record<string, string>][]
  ).map(([name, query]): Row => ({
    endpoint: `sponsorship.${name}`,
    attempt: "reads B's donations",
    send: (w) => call(w.t, 'GET', `/sponsorship/${name}`, { token: w.a.admin.token, query: query(w) }),
    expected: NOT_FOUND,
  })),
  {
    endpoint: 'sponsorship.refund',
    attempt: "refunds B's paid donation: nothing refunded",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.sponsorship.refund, {
        token: a.admin.token,
        body: { sponsorshipId: b.paid.sponsorshipId },
      }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'extrasPurchase.refund',
    attempt: "refunds B's paid extras: nothing refunded",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.extrasPurchase.refund, {
        token: a.admin.token,
        body: { extrasPurchaseId: b.paid.extrasPurchaseId, amount: 100 },
      }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'registration.updateAttendee',
    attempt: "renames and transfers an attendee of B's event",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.registration.updateAttendee, {
        token: a.admin.token,
        body: {
          eventId: b.catalogue.published.id,
          attendeeId: b.paid.registrationId,
          firstName: 'Taken',
          lastName: 'Over',
          email: 'a.thief@example.org',
        },
      }),
    expected: NOT_FOUND,
  },
  ...[false, true].map((named): Row => ({
    endpoint: 'checkin.unredeemExtrasPurchase',
    attempt: `un-redeems B's voucher${named ? " at B's event" : ''}`,
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.checkin.unredeemExtrasPurchase, {
        token: a.admin.token,
        body: {
          extrasPurchaseId: b.paid.extrasPurchaseId,
          ...(named ? { eventId: b.catalogue.published.id } : {}),
        },
      }),
    expected: NOT_FOUND,
  })),
  {
    endpoint: 'checkin.getDoorList',
    attempt: "reads the door list of B's event",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.checkin.getDoorList, {
        token: a.admin.token,
        query: { eventId: b.catalogue.published.id },
      }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'checkin.sync',
    attempt: "syncs B's attendee at B's event",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.checkin.sync, {
        token: a.admin.token,
        body: {
          eventId: b.catalogue.published.id,
          deviceId: 'mole',
          checkins: [{ attendeeId: b.paid.attendeeId, at: new Date().toISOString() }],
        },
      }),
    expected: NOT_FOUND,
  },
  {
    endpoint: 'checkin.sync',
    attempt: "syncs B's attendee at A's own event: rejected as not of this event, nothing stored",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.checkin.sync, {
        token: a.admin.token,
        body: {
          eventId: a.event.id,
          deviceId: 'mole',
          checkins: [{ attendeeId: b.paid.attendeeId, at: new Date().toISOString() }],
        },
      }),
    expected: {
      check: (response, { b }) => {
        expect(response.status).toBe(200);
        expect(response.body.payload).toEqual({
          results: [{ attendeeId: b.paid.attendeeId, status: 'rejected', reason: SYNC_REJECT_REASONS.notThisEvent }],
        });
      },
    },
  },
  {
    endpoint: 'waitlist.remove',
    attempt: "removes someone from B's waiting list",
    send: ({ t, a, b }) =>
      callEndpoint(t, endpoints.waitlist.remove, { token: a.admin.token, body: { entryId: b.waitlistEntryId } }),
    expected: NOT_FOUND,
  },
];

describe('the tenant wall: an admin of club A against club B', () => {
  const world = {} as World;
  let sudoToken: string;

  beforeAll(async () => {
    // B's waiting-list entry is written as if its ticket type had sold out, but it has stock: the
    // background offers (every hold sweep) would offer it a ticket once the rows outlast one sweep.
    const t = await createTestApp({}, { holdSweepMs: 86_400_000 });
    sudoToken = (await createSudo(t)).token;
    const a = await createClubWithAdmin(t);
    const b = await createClubWithAdmin(t);
    const second = await createAdmin(t, b.club.id);
    const logo = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const upload = await uploadImage(t, b.admin.token, [
      { filename: 'b-logo.png', contentType: 'image/png', data: logo },
    ]);
    const logoUrl = (upload.body.payload as { url: string }).url;
    const saved = await callEndpoint(t, endpoints.club.save, {
      token: b.admin.token,
      body: {
        id: b.club.id,
        name: 'Club B',
        description: 'B only',
        website: 'https://b.example',
        logoUrl,
        slug: 'club-b',
      },
    });
    expect(saved.status).toBe(200);
    const catalogue = await stockCatalogue(t, b.admin.token);
    // Someone on B's waiting list (as if its ticket type had sold out), written as a join would.
    const [entry] = await t.db
      .insert(waitlistEntries)
      .values({
        clubId: b.club.id,
        eventId: catalogue.published.id,
        ticketId: catalogue.ticket.id,
        email: 'waiting@example.org',
        quantity: 1,
      })
      .returning();
    // B's paid donation and extras bought alone, written as their payments would (nothing of A may refund them).
    const [registration] = await t.db
      .insert(registrations)
      .values({ clubId: b.club.id, eventId: catalogue.published.id, email: 'b.buyer@example.org', status: 'confirmed' })
      .returning();
    // Its attendee, whom no door of A may check in (docs/decisions/0035-offline-door.md).
    const [attendee] = await t.db
      .insert(attendees)
      .values({
        clubId: b.club.id,
        eventId: catalogue.published.id,
        registrationId: registration!.id,
        ticketId: catalogue.ticket.id,
        firstName: 'Bea',
        lastName: 'Member',
      })
      .returning();
    const paid = { paymentStatus: 'paid', provider: 'simulated', paidAt: new Date() };
    const [sponsorship] = await t.db
      .insert(sponsorships)
      .values({
        clubId: b.club.id,
        eventId: catalogue.published.id,
        registrationId: registration!.id,
        name: 'B giver',
        email: 'b.giver@example.org',
        amount: 2500,
        currency: 'gbp',
        paymentIntentId: 'sim_pi_tenant_wall_b_donation',
        ...paid,
      })
      .returning();
    const [purchase] = await t.db
      .insert(extrasPurchases)
      .values({
        clubId: b.club.id,
        eventId: catalogue.published.id,
        extrasId: catalogue.extra.id,
        email: 'b.buyer@example.org',
        quantity: 1,
        amount: 1200,
        currency: 'gbp',
        paymentIntentId: 'sim_pi_tenant_wall_b_extras',
        ...paid,
      })
      .returning();
    Object.assign(world, {
      t,
      a: { clubId: a.club.id, admin: a.admin, event: await createEvent(t, a.admin.token, { title: 'A Own' }) },
      b: {
        clubId: b.club.id,
        admin: b.admin,
        second,
        logoUrl,
        catalogue,
        waitlistEntryId: entry!.id,
        paid: {
          registrationId: registration!.id,
          attendeeId: attendee!.id,
          sponsorshipId: sponsorship!.id,
          extrasPurchaseId: purchase!.id,
        },
      },
    });
  });
  afterAll(async () => world.t.close());

  /** Everything of B's that a person could check, read back as the super user. */
  async function snapshotOfB() {
    const { t, b } = world;
    const club = await callEndpoint(t, endpoints.club.getClub, { query: { clubId: b.clubId } });
    const users = await callEndpoint(t, endpoints.appUser.getAppUsers, {
      token: sudoToken,
      query: { clubId: b.clubId },
    });
    const all = await callEndpoint(t, endpoints.club.getAllClubs, { token: sudoToken });
    const logo = await t.app.inject({ method: 'GET', url: b.logoUrl });
    return {
      club: club.body.payload,
      users: users.body.payload,
      clubs: all.body.payload!.map((c) => c.id).sort(),
      logo: logo.rawPayload.toString('base64'),
      catalogue: await snapshotCatalogue(t, sudoToken, b.clubId),
      series: (await callEndpoint(t, endpoints.series.getByClubId, { query: { clubId: b.clubId } })).body.payload,
      waitlist: (
        await callEndpoint(t, endpoints.waitlist.getByEventId, {
          token: sudoToken,
          query: { eventId: b.catalogue.published.id },
        })
      ).body.payload,
      payables: {
        sponsorship: (
          await callEndpoint(t, endpoints.sponsorship.getSponsorshipById, {
            token: sudoToken,
            query: { sponsorshipId: b.paid.sponsorshipId },
          })
        ).body.payload,
        extras: (
          await callEndpoint(t, endpoints.extras.getExtrasPurchasesByEventId, {
            token: sudoToken,
            query: { eventId: b.catalogue.published.id },
          })
        ).body.payload,
      },
      checkins: await t.db.select().from(checkins).where(eq(checkins.clubId, b.clubId)),
      adminsStillSignedIn: [
        (await callEndpoint(t, endpoints.club.getAllClubs, { token: b.admin.token })).status,
        (await callEndpoint(t, endpoints.club.getAllClubs, { token: b.second.token })).status,
      ],
    };
  }

  it(`has a row for every endpoint of ${WALLED_GROUPS.join(', ')} that needs a token or shows more with one`, () => {
    const guarded = WALLED_GROUPS.flatMap((group) =>
      Object.entries(endpoints[group] as Record<string, Endpoint>)
        .filter(([, endpoint]) => endpoint.access !== 'public' || endpoint.optionalAuth)
        .map(([name]) => `${group}.${name}`),
    );
    // Rows of calls outside these groups (registration.updateAttendee) may be added ahead of their group.
    const covered = [...new Set(rows.map((row) => row.endpoint))].filter((name) =>
      (WALLED_GROUPS as readonly string[]).includes(name.split('.')[0]!),
    );
    expect(covered.sort()).toEqual(guarded.sort());
  });

  it.each(rows.map((row) => [`${row.endpoint} ${row.attempt}`, row] as const))('%s', async (_title, row) => {
    const before = await snapshotOfB();
    expect(before.club).toMatchObject({ name: 'Club B', logoUrl: world.b.logoUrl });
    expect(before.adminsStillSignedIn).toEqual([200, 200]);
    expect(before.waitlist).toMatchObject([{ id: world.b.waitlistEntryId, status: 'waiting', position: 1 }]);
    expect(before.payables.sponsorship).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0 });
    expect(before.payables.extras).toMatchObject({ purchases: [{ paymentStatus: 'paid', refundedAmount: 0 }] });
    const { published, draft, questions } = world.b.catalogue;
    expect(before.catalogue.map((entry) => [entry.event.id, entry.questions])).toEqual([
      [draft.id, questions],
      [published.id, []],
    ]);
    const response = await row.send(world);
    if ('check' in row.expected) row.expected.check(response, world);
    else expectError(response, row.expected.status, row.expected.code);
    expect(await snapshotOfB()).toEqual(before);
  });
});
