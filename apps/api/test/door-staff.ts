import { endpoints, ROLE_STAFF } from '@clubtix/contract';
import { bearerOf, signIn, TEST_PASSWORD, type TestApp } from './helpers';
import { callEndpoint } from './call-endpoint';

let counter = 0;

/** Door staff of a club working `eventIds`, created by its admin and signed in (docs/decisions/0061-staff-scope.md: [] is no event). */
export async function createDoorStaff(t: TestApp, adminToken: string, clubId: string, eventIds: string[]) {
  const email = `door-${Date.now().toString(36)}-${counter++}@example.org`;
  const saved = await callEndpoint(t, endpoints.appUser.save, {
    token: adminToken,
    body: { name: 'Door Volunteer', email, password: TEST_PASSWORD, clubId, role: ROLE_STAFF, eventIds },
  });
  if (saved.status !== 200) throw new Error(`staff not created: ${saved.status} ${saved.text}`);
  return bearerOf(await signIn(t, email));
}

/** Fields no answer to door staff may carry (docs/decisions/0061-staff-scope.md). */
const NOT_FOR_THE_DOOR = new Set([
  'email',
  'buyerEmail',
  'qrUuid',
  'amount',
  'paidAmount',
  'refundedAmount',
  'discountAmount',
  'unitPrice',
  'price',
  'order',
  'orderId',
  'refundableOrderId',
  'paymentIntentId',
  'clientSecret',
]);

const LOOKS_LIKE_EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;

/**
 * Where, walking an answer recursively, it carries what the door must not be told: a field of
 * NOT_FOR_THE_DOOR, an e-mail address in any text, or one of `secrets` (qrUuids, order and payment
 * ids, answers not shown at check-in) anywhere. Empty when the answer is the door's view.
 */
export function doorLeaks(answer: unknown, secrets: readonly string[], at = '$'): string[] {
  if (typeof answer === 'string') {
    const found = LOOKS_LIKE_EMAIL.test(answer) ? [`${at}: an e-mail address`] : [];
    return [...found, ...secrets.filter((secret) => answer.includes(secret)).map((secret) => `${at}: ${secret}`)];
  }
  if (Array.isArray(answer)) return answer.flatMap((item, i) => doorLeaks(item, secrets, `${at}[${i}]`));
  if (answer !== null && typeof answer === 'object') {
    return Object.entries(answer).flatMap(([key, value]) => [
      ...(NOT_FOR_THE_DOOR.has(key) ? [`${at}.${key}`] : []),
      ...doorLeaks(value, secrets, `${at}.${key}`),
    ]);
  }
  return [];
}
