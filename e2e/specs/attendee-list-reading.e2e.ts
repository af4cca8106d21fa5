import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, rows } from '../attendee-list';
import { buyTicketsViaApi, seedPublishedEvent, type SeededEvent } from '../fixtures';
import { api, DESKTOP, expectAccessible, launchBrowser, newPage, PHONE, primeSession, unique } from '../helpers';

/**
 * Where `text` wraps onto a new line inside this element: for each break, the character before it
 * and the one after (read from the rendered line boxes, as a person sees them).
 */
function lineBreaks(element: Locator, text: string): Promise<Array<[string, string]>> {
  return element.evaluate((root, wanted) => {
    const chars: Array<{ char: string; top: number }> = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0) chars.push({ char: text[i]!, top: Math.round(rect.top) });
      }
    }
    const start = chars
      .map((c) => c.char)
      .join('')
      .indexOf(wanted);
    if (start < 0) throw new Error(`${wanted} is not shown`);
    const breaks: Array<[string, string]> = [];
    for (let i = start + 1; i < start + wanted.length; i++) {
      if (chars[i]!.top > chars[i - 1]!.top + 2) breaks.push([chars[i - 1]!.char, chars[i]!.char]);
    }
    return breaks;
  }, text);
}

describe('the attendee list reads right', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  const long = (name: string) => `${unique(`${name}.wilhelmina-constance`)}@departments.longer-example-university.org`;
  const ada = { firstName: 'Ada', lastName: 'Lovelace', email: long('ada') };
  const grace = { firstName: 'Grace', lastName: 'Hopper', email: long('grace') };
  const max = {
    firstName: 'Maximiliana',
    lastName: 'Wolfeschlegelsteinhausenbergerdorff',
    email: long('max'),
  };
  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
    await buyTicketsViaApi(seeded, [ada, grace]);
    const { registration } = await buyTicketsViaApi(seeded, [max]);
    const checkedIn = await api('POST', '/checkin/save', {
      token: seeded.admin.token,
      body: {
        eventId: seeded.event.id,
        registrationId: registration.registrationId,
        attendeeId: registration.attendees[0]!.attendeeId,
      },
    });
    expect(checkedIn.status).toBe(200);
  });
  afterAll(async () => browser.close());

  it("desktop: says the amount is the order's and wraps e-mails only between their parts", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/attendees`);
    await eventually(() => rows(page).count()).toBe(3);

    // Ada's order of two Adult tickets at £25: each of its rows says the total is the order's.
    for (const name of ['Ada Lovelace', 'Grace Hopper']) {
      const row = rows(page).filter({ hasText: name });
      expect(await row.textContent()).toContain('Order paid £50');
      expect(await row.textContent()).not.toMatch(/(^|[^r] )Paid £/);
    }

    for (const person of [ada, grace, max]) {
      const cell = page.getByRole('cell').filter({ hasText: person.email }).first();
      const breaks = await lineBreaks(cell, person.email);
      // The column is narrower than these addresses: they do wrap, which is what is checked.
      expect(breaks.length, person.email).toBeGreaterThan(0);
      for (const [before, after] of breaks) {
        // After the @ or a hyphen, or before a dot: never inside a word.
        expect(['@', '-'].includes(before) || after === '.', `${person.email} broken at "${before}|${after}"`).toBe(
          true,
        );
      }
    }
    await expectAccessible(page, 'the attendee list on a desktop');
    await context.close();
  });

  it('phone: the check-in badge beside a long name is whole', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/attendees`);
    const card = page.getByTestId('attendee').filter({ hasText: max.lastName });
    const badge = card.locator('.mantine-Badge-label').filter({ hasText: 'Checked-in' });
    await badge.waitFor();
    expect(await badge.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
    expect(await badge.textContent()).toBe('Checked-in');
    expect(await card.textContent()).toContain('Order paid £25');
    await expectAccessible(page, 'the attendee list on a phone');
    await context.close();
  });
});
