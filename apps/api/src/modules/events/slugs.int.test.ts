import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TEvent } from '@clubtix/contract';
import { createEvent, saveEventCall } from '../../../test/catalogue';
import { expectPayload } from '../../../test/call-endpoint';
import { createClubWithAdmin, createTestApp, type TestApp } from '../../../test/helpers';
import { events } from '../../db/schema';

/**
 * Slugs of every script (docs/product.md section 24, docs/decisions/0021-slugs-export-and-answers.md):
 * made from the title with their letters and marks, found by the public page whether the address
 * arrives percent-encoded or not, and old ASCII-only slugs keep resolving.
 */
describe('event slugs of every script', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createClubWithAdmin>>['admin'];
  /** Slugs are unique across all clubs and other files share the database: a run's own word. */
  const run = randomUUID().slice(0, 8);
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createClubWithAdmin(t)).admin;
  });
  afterAll(async () => t.close());

  /** GET /event/getEventBySlug with the query string written exactly as given (no encoding added). */
  const bySlugRaw = async (queryValue: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/event/getEventBySlug?slug=${queryValue}` });
    return { status: response.statusCode, body: response.json<{ payload?: TEvent; msg?: string }>() };
  };

  it.each([
    ['Latin with accents', `Café Night ${run}`, `café-night-${run}`],
    ['Thai with marks', `งานดนตรี ที่สวน ${run}`, `งานดนตรี-ที่สวน-${run}`],
    ['Greek', `Νύχτα Τζαζ ${run}`, `νύχτα-τζαζ-${run}`],
    ['Cyrillic', `Ночь джаза ${run}`, `ночь-джаза-${run}`],
    ['CJK', `東京 ナイト ${run}`, `東京-ナイト-${run}`],
    ['emoji and punctuation', `🎉 Party! — ${run}?`, `party-${run}`],
  ])('%s: the title makes the slug and the public page finds it, encoded or not', async (_, title, slug) => {
    const event = await createEvent(t, admin.token, { title });
    expect(event.slug).toBe(slug);
    // What a browser sends: the UTF-8 bytes percent-encoded in the query.
    const encoded = await bySlugRaw(encodeURIComponent(slug));
    expect(encoded.status, encoded.body.msg).toBe(200);
    expect(encoded.body.payload?.id).toBe(event.id);
    // Raw UTF-8 in the address, as typed.
    const raw = await bySlugRaw(slug);
    expect(raw.status, raw.body.msg).toBe(200);
    expect(raw.body.payload?.id).toBe(event.id);
    // A path parameter still percent-encoded when the page asks (encoded twice on the wire).
    const twice = await bySlugRaw(encodeURIComponent(encodeURIComponent(slug)));
    expect(twice.status, twice.body.msg).toBe(200);
    expect(twice.body.payload?.id).toBe(event.id);
    // Capitals and decomposed accents name the same event.
    const other = await bySlugRaw(encodeURIComponent(slug.toUpperCase().normalize('NFD')));
    expect(other.status, other.body.msg).toBe(200);
    expect(other.body.payload?.id).toBe(event.id);
  });

  it('a second event of the same title takes -2, then -3', async () => {
    const title = `Crème Brûlée ${run}`;
    const first = await createEvent(t, admin.token, { title });
    const second = await createEvent(t, admin.token, { title });
    const third = await createEvent(t, admin.token, { title: `crème  brûlée — ${run}` });
    expect([first.slug, second.slug, third.slug]).toEqual([
      `crème-brûlée-${run}`,
      `crème-brûlée-${run}-2`,
      `crème-brûlée-${run}-3`,
    ]);
    const found = await bySlugRaw(encodeURIComponent(second.slug));
    expect(found.body.payload?.id).toBe(second.id);
  });

  it('an existing event keeps its old ASCII slug through saves, and its old link resolves', async () => {
    const event = await createEvent(t, admin.token, { title: `Old Café ${run}` });
    // As the earlier rule stored it: accents dropped. No migration rewrites stored slugs.
    const oldSlug = `old-caf-${run}`;
    await t.db.update(events).set({ slug: oldSlug }).where(eq(events.id, event.id));
    const saved = expectPayload(
      await saveEventCall(t, admin.token, { id: event.id, title: `Old Café ${run} renamed`, slug: oldSlug }),
    );
    expect(saved.slug).toBe(oldSlug);
    const untouched = expectPayload(await saveEventCall(t, admin.token, { id: event.id, capacity: 50 }));
    expect(untouched.slug).toBe(oldSlug);
    const found = await bySlugRaw(oldSlug);
    expect(found.status, found.body.msg).toBe(200);
    expect(found.body.payload?.id).toBe(event.id);
  });
});
