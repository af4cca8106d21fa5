import { ROLE_STAFF } from '@clubtix/contract';
import { bearerOf, call, signIn, TEST_PASSWORD, type TestApp } from './helpers';

let counter = 0;

/** Door staff of a club (docs/decisions/0032-door-staff.md), created by its admin and signed in; [] = every event. */
export async function createDoorStaff(t: TestApp, adminToken: string, clubId: string, eventIds: string[]) {
  const email = `door-${Date.now().toString(36)}-${counter++}@example.org`;
  const saved = await call(t, 'POST', '/appUser/save', {
    token: adminToken,
    body: { name: 'Door Volunteer', email, password: TEST_PASSWORD, clubId, role: ROLE_STAFF, eventIds },
  });
  if (saved.status !== 200) throw new Error(`staff not created: ${saved.status} ${saved.text}`);
  return bearerOf(await signIn(t, email));
}
