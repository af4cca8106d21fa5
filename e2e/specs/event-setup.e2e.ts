import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  closeToasts,
  launchBrowser,
  newPage,
  PHONE,
  primeSession,
  seriousA11yViolations,
  unique,
  waitForTitle,
} from '../helpers';
import { registerClubAdmin, seedPublishedEvent } from '../fixtures';

interface SignedIn {
  currentUser: { clubId: string };
}

async function addItem(page: Page, addButton: string, fields: Record<string, string>, saveButton: string) {
  await closeToasts(page);
  await page.getByRole('button', { name: addButton }).click();
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: saveButton }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('an admin sets up a complete event and the public finds it', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('creates the event, its tickets, an extra, a package and a five-question form; publishes it', async () => {
    const clubName = unique('Harbour Rowing');
    const registered = await api<SignedIn>('POST', '/auth/register', {
      body: { name: 'Ada Admin', email: `${unique('ada')}@example.org`, password: 'rowing2026', clubName },
    });
    const { context, page } = await newPage(browser);
    await primeSession(page, registered.authorization!, registered.body.payload.currentUser);
    const title = unique('Summer Regatta');

    await page.goto('/dashboard/admin');
    // The empty dashboard leads with it (decision 0071); the events card offers it too.
    await page.getByRole('link', { name: 'Add event' }).first().click();
    await page.waitForURL('**/tour/add');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Venue', { exact: true }).fill('Harbour Steps');
    await page.getByLabel('Start date', { exact: true }).fill('15/08/2030');
    await page.getByLabel('Start time', { exact: true }).fill('10:00');
    await page.getByLabel('End date', { exact: true }).fill('15/08/2030');
    await page.getByLabel('End time', { exact: true }).fill('17:00');
    await page.getByRole('switch', { name: 'Accept donations' }).check();
    await page.getByRole('switch', { name: 'Accept sponsorships' }).check();
    // Each attendee is reminded a day before, with their ticket (docs/decisions/0040-messages-and-reminders.md).
    await page.getByLabel('Reminder, hours before the start', { exact: true }).fill('24');
    await page.getByRole('button', { name: 'Save event' }).click();
    // A new event lands on its own page with the next steps (docs/decisions/0024).
    await page.waitForURL('**/tour/edit/**');
    await page.getByTestId('publish-panel').getByText('Saved as a draft: next steps').waitFor();
    await expect
      .poll(() => page.getByLabel('Reminder, hours before the start', { exact: true }).inputValue())
      .toBe('24');
    await page.goto('/dashboard/admin');
    const card = page.getByRole('article', { name: title });
    await card.getByTestId('event-status').filter({ hasText: /draft/i }).waitFor();

    const slug = title
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, '')
      .replace(/ /g, '-')
      .replace(/-+/g, '-');
    const draftPage = await newPage(browser, PHONE);
    await draftPage.page.goto(`/${slug}`);
    // A draft is not public: its address is an unknown path, sent to not-found with 404.
    await draftPage.page.waitForURL('**/not-found/404');
    await draftPage.page.getByText("Looks like you're lost!").waitFor();

    await card.getByRole('link', { name: 'Tickets' }).click();
    await addItem(page, 'Add ticket type', { Name: 'Adult', Price: '25', Quantity: '100' }, 'Save ticket');
    await addItem(page, 'Add ticket type', { Name: 'Junior', Price: '10.50', Quantity: '40' }, 'Save ticket');
    await page
      .getByRole('article', { name: 'Junior' })
      .getByTestId('item-price')
      .filter({ hasText: '£10.50' })
      .waitFor();

    await page.getByRole('link', { name: 'Extras' }).click();
    await addItem(page, 'Add extra', { Name: 'Picnic lunch', Price: '8.50' }, 'Save extra');
    await page.getByRole('link', { name: 'Sponsorship packages' }).click();
    await closeToasts(page);
    await page.getByRole('button', { name: 'Add package' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Gold sponsor');
    await dialog.getByLabel('Amount', { exact: true }).fill('750');
    await dialog.getByRole('button', { name: 'Add benefit' }).click();
    await dialog.getByLabel('Benefit 1', { exact: true }).fill('Logo on the boats');
    await dialog.getByRole('button', { name: 'Save package' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Form' }).first().click();
    await page.waitForURL('**/form-builder**');
    const types = ['Short answer', 'Paragraph', 'Multiple choice', 'Checkboxes', 'Dropdown'];
    for (const [i, type] of types.entries()) {
      await page.getByRole('button', { name: 'Add question' }).click();
      const question = page.getByRole('group', { name: `Question ${i + 1}`, exact: true });
      await question.getByLabel('Question', { exact: true }).fill(`${type} question`);
      await question.getByLabel('Answer type').selectOption({ label: type });
      if (i >= 2) {
        await question.getByLabel('Option 1', { exact: true }).fill('Yes');
        await question.getByRole('button', { name: 'Add option' }).click();
        await question.getByLabel('Option 2', { exact: true }).fill('No');
      }
    }
    // Only the first question's answer is for the door.
    const first = page.getByRole('group', { name: 'Question 1', exact: true });
    await first.getByText('Staff see this answer when they scan the ticket').waitFor();
    await first.getByRole('switch', { name: 'Show at check-in' }).check();
    await page.getByRole('button', { name: 'Save form' }).click();
    await page.locator('.mantine-Notification-root', { hasText: 'Form saved' }).waitFor();

    const event = await api<{ id: string; slug: string }[]>('GET', '/event/getAllEvents', {
      token: registered.authorization!,
      query: { clubId: registered.body.payload.currentUser.clubId },
    });
    const created = event.body.payload.find((e) => e.slug === slug)!;
    const form = await api<{ type: number; showAtCheckin: boolean }[]>('GET', '/form/getFormQuestions', {
      token: registered.authorization!,
      query: { eventId: created.id },
    });
    expect(form.body.payload.map((q) => q.type)).toEqual([0, 1, 2, 3, 4]);
    expect(form.body.payload.map((q) => q.showAtCheckin)).toEqual([true, false, false, false, false]);

    await page.goto(`/tour/edit/${created.id}`);
    await page.getByRole('radio', { name: 'Published' }).check();
    await page.getByRole('button', { name: 'Save event' }).click();
    await page.waitForURL('**/dashboard/admin');
    await context.close();

    // A visitor with only the link, on a phone.
    const visitor = draftPage.page;
    await visitor.goto(`/${slug}`);
    await waitForTitle(visitor, `${title} | ClubTix`);
    await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
    await visitor
      .getByTestId('ticket-type')
      .filter({ hasText: 'Junior' })
      .getByTestId('ticket-price')
      .filter({ hasText: '£10.50' })
      .waitFor();
    await visitor.getByTestId('sponsorship-package').filter({ hasText: 'Gold sponsor' }).waitFor();
    expect(await seriousA11yViolations(visitor)).toEqual([]);

    await visitor.goto(`/club/${registered.body.payload.currentUser.clubId}/event`);
    await waitForTitle(visitor, `${clubName} | ClubTix`);
    await visitor.getByRole('heading', { level: 1, name: clubName }).waitFor();
    await visitor.getByTestId('event-card').filter({ hasText: title }).waitFor();
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await draftPage.context.close();
  });

  it("shows another club's admin none of a published event's admin screens", async () => {
    const { event } = await seedPublishedEvent();
    const other = await registerClubAdmin('Ben Other');
    const { context, page } = await newPage(browser);
    await primeSession(page, other.token, other.user);
    const screens = ['tickets', 'extras', 'sponsorships', 'sponsorship-packages', 'attendees', 'statistics', 'checkin'];
    for (const path of [...screens.map((screen) => `/event/${event.id}/${screen}`), `/tour/edit/${event.id}`]) {
      await page.goto(path);
      await page.getByText('Event not found', { exact: true }).waitFor();
      expect(await page.getByText(event.title).count(), path).toBe(0);
      expect(await page.getByRole('button', { name: /save|add|delete|check in/i }).count(), path).toBe(0);
    }
    // The public page of the same event still opens for them, as for anyone.
    await page.goto(`/${event.slug}`);
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await context.close();
  });
});
