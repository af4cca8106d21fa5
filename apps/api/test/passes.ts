import { inArray } from 'drizzle-orm';
import { endpoints, type TEvent, type TPass, type TSaveEventRequest } from '@clubtix/contract';
import { events, series } from '../src/db/schema';
import { callEndpoint, expectPayload } from './call-endpoint';
import { publishEvent } from './catalogue';
import { type TestApp } from './helpers';

let counter = 0;

/**
 * A club's series with `count` published events a week and more apart, joined by setting
 * events.series_id (/series/save and /event/save's seriesId are another module's).
 */
export async function createSeries(
  t: TestApp,
  token: string,
  clubId: string,
  count: number,
  fields: Partial<TSaveEventRequest> = {},
): Promise<{ seriesId: string; events: TEvent[] }> {
  const made: TEvent[] = [];
  for (let i = 0; i < count; i++) {
    const start = Date.now() + (7 + i * 7) * 24 * 3600_000;
    made.push(
      await publishEvent(t, token, {
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 3 * 3600_000).toISOString(),
        ...fields,
      }),
    );
  }
  const seriesId = await seriesOf(
    t,
    clubId,
    made.map((event) => event.id),
  );
  return { seriesId, events: made };
}

/** A club's series of the events given (events.series_id set directly). */
export async function seriesOf(t: TestApp, clubId: string, eventIds: string[]): Promise<string> {
  const [row] = await t.db
    .insert(series)
    .values({ clubId, slug: `season-${Date.now().toString(36)}-${counter++}`, name: 'Season' })
    .returning();
  await joinSeries(t, row!.id, eventIds);
  return row!.id;
}

export async function joinSeries(t: TestApp, seriesId: string, eventIds: string[]): Promise<void> {
  await t.db.update(events).set({ seriesId }).where(inArray(events.id, eventIds));
}

export async function createPass(
  t: TestApp,
  token: string,
  seriesId: string,
  fields: { name?: string; price?: number; quantity?: number | null } = {},
): Promise<TPass> {
  return expectPayload(
    await callEndpoint(t, endpoints.pass.save, {
      token,
      body: { seriesId, name: 'Season pass', price: 10_000, ...fields },
    }),
  );
}

export const holder = (n: number) => ({ firstName: 'Pat', lastName: `Holder ${n}`, email: `holder-${n}@example.org` });

export const purchasePass = (t: TestApp, passId: string, n = 1) =>
  callEndpoint(t, endpoints.pass.purchase, { body: { passId, ...holder(n) } });

/** A pass bought and paid with the simulated provider's good card; answers its purchase's id. */
export async function buyPass(t: TestApp, passId: string, n = 1): Promise<string> {
  const { passPurchase } = expectPayload(await purchasePass(t, passId, n));
  const intent = expectPayload(
    await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { passPurchaseId: passPurchase.id } }),
  );
  const paid = await callEndpoint(t, endpoints.stripe.confirmPayment, {
    body: { paymentIntentId: intent.paymentIntentId, testCard: '4242 4242 4242 4242' },
  });
  if (paid.status !== 200) throw new Error(`pass not paid: ${paid.status} ${paid.text}`);
  return passPurchase.id;
}
