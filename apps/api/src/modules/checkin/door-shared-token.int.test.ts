import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TEvent, TTicket } from '@clubtix/contract';
import { buyTickets, doorEvent, qrOf, scanAndCheckIn } from '../../../test/door';
import { createAdminApp, type TestApp } from '../../../test/helpers';
import { forgetActors } from '../../plugins/auth';

/**
 * The scanners of a door may share one token. Scans that arrive together while its actor is not
 * cached share one read of its user (plugins/auth.ts): with one read each, every second of a busy
 * door queued a read per scan in flight before the door's own statements (docs/performance.md).
 */
describe('scanners sharing one token', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let ticket: TTicket;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    ({ event, ticket } = await doorEvent(t, token));
  });
  afterAll(async () => t.close());

  it('read the user once for 40 scans at once, and each scan is answered as if alone', async () => {
    const registration = await buyTickets(t, event.id, ticket.id, 40);
    // As when the cached actor's second has run out: the set-up's own calls may have cached it just now.
    forgetActors();
    const userReads = vi.spyOn(t.db.$client, 'query');
    const answers = await Promise.all(
      registration.attendees.map((attendee) => scanAndCheckIn(t, token, event.id, qrOf(registration, attendee))),
    );
    const readsOfUsers = userReads.mock.calls.filter(([query]) =>
      /from "users"/i.test(typeof query === 'string' ? query : (query as { text: string }).text),
    );
    userReads.mockRestore();
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(answers.map((answer) => (answer.body.payload as { justCheckedIn: boolean }).justCheckedIn)).toEqual(
      answers.map(() => true),
    );
    expect(readsOfUsers).toHaveLength(1);
  });
});
