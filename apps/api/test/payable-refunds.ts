import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  endpoints,
  type TEvent,
  type TExtras,
  type TExtrasPurchase,
  type TRefundExtrasPurchaseRequest,
  type TRefundSponsorshipRequest,
  type TSponsorship,
  type TSponsorshipPackage,
} from '@clubtix/contract';
import { extrasPurchases, refunds, sponsorships } from '../src/db/schema';
import { confirmPayment } from './buying';
import { createExtras, createPackage, publishEvent } from './catalogue';
import { type TestApp } from './helpers';
import { callEndpoint, expectPayload, type EndpointResponse } from './call-endpoint';

/** Factories of the refunds of sponsorships, donations and extras bought alone (docs/product.md section 19). */

export interface PaidSponsorship {
  event: TEvent;
  sponsorship: TSponsorship;
  paymentIntentId: string;
}

/** A paid donation of `amount` (or, with `pkg`, a sponsorship of that package) through the API. */
export async function givePaid(
  t: TestApp,
  token: string,
  email: string,
  options: { amount?: number; event?: TEvent; pkg?: TSponsorshipPackage } = {},
): Promise<PaidSponsorship> {
  const event = options.event ?? (await publishEvent(t, token, { donationsEnabled: true }));
  const { sponsorship } = expectPayload(
    await callEndpoint(t, endpoints.sponsorship.create, {
      body: {
        eventId: event.id,
        ...(options.pkg ? { packageId: options.pkg.id } : { amount: options.amount ?? 2500 }),
        name: 'Gina Giver',
        email,
      },
    }),
  );
  const intent = expectPayload(
    await callEndpoint(t, endpoints.sponsorship.createSponsorshipPaymentIntent, {
      body: { sponsorshipId: sponsorship.id },
    }),
  );
  const paid = await confirmPayment(t, intent.paymentIntentId);
  expect(paid.status, paid.body.msg).toBe(200);
  return { event, sponsorship, paymentIntentId: intent.paymentIntentId };
}

/** A package of one place on a fresh event. */
export async function onePlacePackage(t: TestApp, token: string, amount = 40_000) {
  const event = await publishEvent(t, token, { sponsorshipsEnabled: true });
  return { event, pkg: await createPackage(t, token, event.id, { name: 'Only one', amount, quantity: 1 }) };
}

export interface PaidExtras {
  event: TEvent;
  extras: TExtras;
  purchase: TExtrasPurchase;
  paymentIntentId: string;
}

/** Extras bought alone and paid: `quantity` of an extra at `price` of which `stock` exist. */
export async function buyPaidExtras(
  t: TestApp,
  token: string,
  email: string,
  options: { price?: number; quantity?: number; stock?: number; event?: TEvent; extras?: TExtras } = {},
): Promise<PaidExtras> {
  const event = options.event ?? (await publishEvent(t, token));
  const extras =
    options.extras ??
    (await createExtras(t, token, event.id, {
      name: 'Lunch',
      price: options.price ?? 700,
      quantity: options.stock ?? 5,
    }));
  const purchase = expectPayload(
    await callEndpoint(t, endpoints.extrasPurchase.purchaseExtras, {
      body: { eventId: extras.eventId, extrasId: extras.id, quantity: options.quantity ?? 1, email },
    }),
  );
  const intent = expectPayload(
    await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { extrasPurchaseId: purchase.id } }),
  );
  const paid = await confirmPayment(t, intent.paymentIntentId);
  expect(paid.status, paid.body.msg).toBe(200);
  return { event, extras, purchase, paymentIntentId: intent.paymentIntentId };
}

export const refundSponsorship = (t: TestApp, token: string, body: TRefundSponsorshipRequest) =>
  callEndpoint(t, endpoints.sponsorship.refund, { token, body });

export const refundExtrasPurchase = (t: TestApp, token: string, body: TRefundExtrasPurchaseRequest) =>
  callEndpoint(t, endpoints.extrasPurchase.refund, { token, body });

export const refundedSponsorship = (response: EndpointResponse<typeof endpoints.sponsorship.refund>) =>
  expectPayload(response).sponsorship;
export const refundedExtrasPurchase = (response: EndpointResponse<typeof endpoints.extrasPurchase.refund>) =>
  expectPayload(response).extrasPurchase;

export async function sponsorshipRow(t: Pick<TestApp, 'db'>, id: string) {
  return (await t.db.select().from(sponsorships).where(eq(sponsorships.id, id)))[0]!;
}
export async function extrasPurchaseRow(t: Pick<TestApp, 'db'>, id: string) {
  return (await t.db.select().from(extrasPurchases).where(eq(extrasPurchases.id, id)))[0]!;
}
export const refundRowsOfSponsorship = (t: Pick<TestApp, 'db'>, id: string) =>
  t.db.select().from(refunds).where(eq(refunds.sponsorshipId, id));
export const refundRowsOfExtras = (t: Pick<TestApp, 'db'>, id: string) =>
  t.db.select().from(refunds).where(eq(refunds.extrasPurchaseId, id));
