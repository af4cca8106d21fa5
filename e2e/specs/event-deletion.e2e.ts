import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEvent } from '@clubtix/contract';
import { buyTicketsViaApi, registerClubAdmin, seedPublishedEvent, type Admin } from '../fixtures';
import { api, launchBrowser, newPage, primeSession, toast, unique } from '../helpers';

async function saveDraftEvent(admin: Admin, title: string): Promise<TEvent> {
  const saved = await api<TEvent>('POST', '/event/save', {
    token: admin.token,
    body: {
      title,
      startDate: '2030-10-03T10:00:00.000Z',
      endDate: '2030-10-03T16:00:00.000Z',
      timezone: 'Europe/London',
      currency: 'gbp',
      status: 'draft',
    },
  });
  expect(saved.status).toBe(200);
  return saved.body.payload;
}

async function eventIdsOf(admin: Admin): Promise<string[]> {
  const listed = await api<TEvent[]>('GET', '/event/getAllEvents', {
    token: admin.token,
    query: { clubId: admin.user.clubId! },
  });
  return listed.body.payload.map((event) => event.id);
}

/** The events list and current event the browser keeps (docs/product.md section 3), as ids. */
function storedEvents(page: Page) {
  return page.evaluate(() => ({
    events: (JSON.parse(localStorage.getItem('clubtix.events') ?? '[]') as { id: string }[]).map((event) => event.id),
    current: (JSON.parse(localStorage.getItem('clubtix.currentEvent') ?? 'null') as { id: string } | null)?.id ?? null,
  }));
}

async function deleteFromEditPage(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Delete event' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete event?' });
  await confirm.getByText(title, { exact: false }).waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await confirm.waitFor({ state: 'detached' });
}

describe('an admin deletes an event', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('deletes an event with no sales from its edit page and is back on the dashboard without it', async () => {
    const admin = await registerClubAdmin();
    const fair = await saveDraftEvent(admin, unique('Autumn Fair'));
    const quiz = await saveDraftEvent(admin, unique('Winter Quiz'));
    const { context, page } = await newPage(browser);
    await primeSession(page, admin.token, admin.user);

    await page.goto('/dashboard/admin');
    await page.getByRole('article', { name: quiz.title }).waitFor();
    await page.getByRole('article', { name: fair.title }).getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/tour/edit/${fair.id}`);
    await page.getByLabel('Title', { exact: true }).waitFor();
    const before = await storedEvents(page);
    expect(before.events.sort()).toEqual([fair.id, quiz.id].sort());
    expect(before.current).toBe(fair.id);

    await deleteFromEditPage(page, fair.title);
    await page.waitForURL('**/dashboard/admin');
    await toast(page, 'Event removed').waitFor();
    await page.getByRole('article', { name: quiz.title }).waitFor();
    expect(await page.getByRole('article', { name: fair.title }).count()).toBe(0);
    expect(await storedEvents(page)).toEqual({ events: [quiz.id], current: null });
    expect(await eventIdsOf(admin)).toEqual([quiz.id]);
    // The deleted event was not read again on the way out: no "not found" toast.
    expect(await toast(page, 'Event not found').count()).toBe(0);

    // Its edit page now says it is gone.
    await page.goto(`/tour/edit/${fair.id}`);
    await page.getByText('Event not found', { exact: true }).first().waitFor();
    await context.close();
  });

  it('refuses an event with sales, says to cancel it instead, and keeps it', async () => {
    const seeded = await seedPublishedEvent();
    const { admin, event } = seeded;
    await buyTicketsViaApi(seeded, [{ firstName: 'Ada', lastName: 'Lovelace', email: `${unique('ada')}@example.org` }]);
    const { context, page } = await newPage(browser);
    await primeSession(page, admin.token, admin.user);

    await page.goto(`/tour/edit/${event.id}`);
    await page.getByLabel('Title', { exact: true }).waitFor();
    await deleteFromEditPage(page, event.title);
    const refusal = page.getByRole('alert').filter({ hasText: 'The event was not deleted' });
    await refusal
      .getByText('This event has tickets sold or held, or money paid, so it cannot be removed; cancel it instead', {
        exact: true,
      })
      .waitFor();
    await refusal.getByText('To stop its sales, use Cancel event above: it can refund everyone too.').waitFor();
    expect(page.url()).toMatch(new RegExp(`/tour/edit/${event.id}$`));
    expect(await eventIdsOf(admin)).toContain(event.id);

    await page.goto('/dashboard/admin');
    await page.getByRole('article', { name: event.title }).waitFor();
    await context.close();
  });
});
