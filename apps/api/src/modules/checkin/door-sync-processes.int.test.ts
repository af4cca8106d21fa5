import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TRegistration } from '@clubtix/contract';
import { attendees, checkins, registrations } from '../../db/schema';
import { buyTickets, doorEvent } from '../../../test/door';
import { createAdminApp, TEST_JWT_SECRET, type TestApp } from '../../../test/helpers';
import { startServers, type ServerGroup, type ServerProcess } from '../../../test/server-process';
import { callEndpoint } from '../../../test/call-endpoint';

const DEVICES = 6;
const PER_DEVICE = 50;
const ATTENDEES = 150;

/**
 * docs/decisions/0035-offline-door.md under load: six devices sync overlapping admissions at once
 * through three API processes on one database, while the door online checks some of the same people
 * in. Every attendee ends with one check-in at its earliest admission, and every admission beyond an
 * attendee's first is reported as a duplicate exactly once.
 */
describe('devices syncing at once on several processes', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let attendeeIds: string[];
  let servers: ServerProcess[] = [];
  let group: ServerGroup | undefined;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    const door = await doorEvent(t, token, { title: 'Harbour Regatta' });
    event = door.event;
    const bought: TRegistration[] = [];
    for (let i = 0; i < ATTENDEES / 50; i++) bought.push(await buyTickets(t, event.id, door.ticket.id, 50));
    attendeeIds = bought.flatMap((registration) => registration.attendees.map((a) => a.attendeeId));
    // Bought yesterday: every admission of the last hour below is after the tickets became valid.
    await t.db
      .update(registrations)
      .set({ confirmedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(registrations.eventId, event.id));
    group = await startServers(3, t.databaseUrl, {
      JWT_SECRET: TEST_JWT_SECRET,
      PUBLIC_WRITE_LIMIT: '0',
    });
    servers = group.servers;
  }, 180_000);
  afterAll(async () => {
    await group?.stop();
    await t.close();
  });

  it(
    'stores one check-in per attendee at the earliest time, and reports each duplicate once',
    { timeout: 120_000 },
    async () => {
      const base = Date.now() - 3_600_000;
      // Device d admits 50 attendees from its own offset: neighbours share 25, so most people are
      // admitted twice; each admission has its own time, so "earliest" is never a tie.
      const admissions = Array.from({ length: DEVICES }, (_, d) =>
        Array.from({ length: PER_DEVICE }, (_, k) => {
          const attendeeId = attendeeIds[(d * 25 + k) % ATTENDEES]!;
          return { attendeeId, at: new Date(base + ((k * 7919 + d * 104_729) % 3_000_000)).toISOString() };
        }),
      );
      // The online door checks the first 10 of device 0's people in at the same moment.
      const onlineIds = admissions[0]!.slice(0, 10).map((a) => a.attendeeId);
      const registrationOf = new Map<string, string>();
      for (const row of await t.db.select().from(attendees).where(eq(attendees.eventId, event.id))) {
        registrationOf.set(row.id, row.registrationId);
      }

      // Each device sends its admissions in two calls, to two processes, all at once.
      const syncs = admissions.flatMap((mine, d) =>
        [mine.slice(0, 25), mine.slice(25)].map(async (part, half) => {
          const response = await callEndpoint(servers[(d + half) % servers.length]!.baseUrl, endpoints.checkin.sync, {
            token,
            body: { eventId: event.id, deviceId: `device-${d}`, deviceName: `Gate ${d}`, checkins: part },
          });
          expect(response.status, response.body.msg).toBe(200);
          return { d, results: response.body.payload!.results };
        }),
      );
      const online = onlineIds.map((attendeeId, i) =>
        callEndpoint(servers[i % servers.length]!.baseUrl, endpoints.checkin.save, {
          token,
          body: { eventId: event.id, registrationId: registrationOf.get(attendeeId)!, attendeeId },
        }),
      );
      const [synced, saved] = await Promise.all([Promise.all(syncs), Promise.all(online)]);

      const earliest = new Map<string, { at: string; device: string }>();
      for (const [d, mine] of admissions.entries()) {
        for (const { attendeeId, at } of mine) {
          const seen = earliest.get(attendeeId);
          if (!seen || at < seen.at) earliest.set(attendeeId, { at, device: `device-${d}` });
        }
      }
      const onlineAdmitted = saved.filter((response) => response.status === 200).length;
      expect(saved.every((response) => response.status === 200 || response.status === 409)).toBe(true);
      const admitted = admissions.flat().length + onlineAdmitted;

      const results = synced.flatMap(({ results }) => results);
      expect(results.every((r) => r.status === 'stored' || r.status === 'duplicate')).toBe(true);
      const duplicates = results.filter((r) => r.status === 'duplicate');
      const rows = await t.db.select().from(checkins).where(eq(checkins.eventId, event.id));
      expect(rows).toHaveLength(earliest.size);
      expect(duplicates).toHaveLength(admitted - earliest.size);
      for (const row of rows) {
        expect({ at: row.createdAt.toISOString(), device: row.deviceId }).toEqual(earliest.get(row.attendeeId));
      }
      // Per attendee: one admission stored (none when the online door's came first), every other one
      // reported once, each naming the earlier of the two as first.
      for (const attendeeId of earliest.keys()) {
        const about = results.filter((r) => r.attendeeId === attendeeId);
        const index = onlineIds.indexOf(attendeeId);
        const viaOnline = index >= 0 && saved[index]!.status === 200;
        const times = admissions.flat().filter((a) => a.attendeeId === attendeeId).length + (viaOnline ? 1 : 0);
        expect(about.filter((r) => r.status === 'stored')).toHaveLength(viaOnline ? 0 : 1);
        const reported = about.filter((r) => r.status === 'duplicate');
        expect(reported).toHaveLength(times - 1);
        for (const r of reported) expect(r.first!.at <= r.other!.at).toBe(true);
      }
      expect(duplicates.length).toBeGreaterThan(100);
    },
  );
});
