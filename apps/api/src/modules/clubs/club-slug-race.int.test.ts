import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@clubtix/contract';
import { createClubWithAdmin, createTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/helpers';
import { startServers, type ServerGroup, type ServerProcess } from '../../../test/server-process';
import { clubs } from '../../db/schema';
import { callEndpoint } from '../../../test/call-endpoint';

/**
 * Two clubs saving one slug at the same moment on two processes: one gets it, the other a 409, never
 * a 500 (docs/product.md section 21; docs/decisions/0041-link-previews-and-club-links.md).
 */
describe('a club slug raced on two processes', () => {
  let t: TestApp;
  let servers: ServerProcess[] = [];
  let group: ServerGroup | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    group = await startServers(2, t.databaseUrl, {
      JWT_SECRET: TEST_JWT_SECRET,
    });
    servers = group.servers;
  }, 180_000);
  afterAll(async () => {
    await group?.stop();
    await t.close();
  });

  it('each of 6 slugs goes to exactly one of the two clubs', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 6; round += 1) {
      const pair = [await createClubWithAdmin(t), await createClubWithAdmin(t)];
      const slug = `raced-${round}`;
      const statuses = await Promise.all(
        pair.map(async ({ club, admin }, i) => {
          const response = await callEndpoint(servers[i]!.baseUrl, endpoints.club.save, {
            token: admin.token,
            body: { id: club.id, slug },
          });
          return response.status;
        }),
      );
      expect(statuses.sort()).toEqual([200, 409]);
      const owners = await t.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.slug, slug));
      expect(owners).toHaveLength(1);
    }
  });
});
