import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../attendee-list';
import { seedPublishedEvent, type SeededEvent } from '../fixtures';
import {
  DESKTOP,
  expectSettledAccessible,
  launchBrowser,
  mailsTo,
  newPage,
  PHONE,
  primeSession,
  waitForTitle,
} from '../helpers';
import { buyViaApi, person, shoot } from '../money';

/** An organiser writes to the people coming; each reads it once, as plain text (docs/decisions/0040). */
describe('messages to attendees', () => {
  let browser: Browser;
  let seeded: SeededEvent;
  const buyers = [person('msg-a'), person('msg-b')];
  beforeAll(async () => {
    browser = await launchBrowser();
    seeded = await seedPublishedEvent();
    for (const buyer of buyers) await buyViaApi(seeded, buyer);
  });
  afterAll(async () => browser?.close());

  it('previews, sends a test to the admin, then the message to everyone, once each, logged', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await primeSession(page, seeded.admin.token, seeded.admin.user);
    await page.goto(`/event/${seeded.event.id}/messages`);
    await waitForTitle(page, 'Messages | ClubTix');
    await page.getByText('No messages sent yet.').waitFor();
    // A placeholder the server cannot fill is refused before anything goes.
    await page.getByLabel('Subject', { exact: true }).fill('{fristName}, parking');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('x');
    await page.getByRole('button', { name: 'Send…' }).click();
    await page.getByText('Unknown placeholder {fristName}: use {firstName}, {lastName}, {eventTitle}').waitFor();
    await page.getByLabel('Subject', { exact: true }).fill('Parking <moved>');
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Hi {firstName} {lastName},\nPark at the north gate.\nBring a <b>torch</b>.');
    await expectSettledAccessible(page, 'the messages page');

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    // Filled as a sample attendee will read it.
    await eventually(() => preview.getByTestId('message-preview').textContent()).toBe(
      'Hi Alex Morgan,\nPark at the north gate.\nBring a <b>torch</b>.',
    );
    await expectSettledAccessible(page, 'the preview');
    await page.screenshot({ path: '/tmp/shots-35/sender/messages-preview-phone.png' });
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await expect
      .poll(async () => (await mailsTo(seeded.admin.user.email)).map((mail) => mail.subject), { timeout: 30_000 })
      .toContain('[Test] Parking <moved>');

    await page.getByRole('button', { name: 'Send…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this message?' });
    await confirm.getByText('2 people', { exact: true }).waitFor();
    await expectSettledAccessible(page, 'the confirmation');
    await shoot(page, 'messages-confirm-phone');
    await confirm.getByRole('button', { name: 'Send to 2 people' }).click();
    await confirm.waitFor({ state: 'detached' });

    const sent = page.getByTestId('sent-message');
    await eventually(() => sent.textContent()).toContain('Parking <moved>');
    await expect.poll(() => sent.textContent(), { timeout: 30_000 }).toContain('2 sent');
    for (const buyer of buyers) {
      const mails = (await mailsTo(buyer.email)).filter((mail) => mail.subject === 'Parking <moved>');
      expect(mails).toHaveLength(1);
      // Each greeted by their own attendee's name (the fixture numbers the attendees: "msg-a 1").
      expect(mails[0]!.text).toMatch(
        new RegExp(`Hi ${buyer.firstName} ${buyer.lastName}\\b[^,\\n]*,\\nPark at the north gate\\.`),
      );
      expect(mails[0]!.text).toContain('Bring a <b>torch</b>.');
      expect(String(mails[0]!.html)).toContain('Bring a &lt;b&gt;torch&lt;/b&gt;.');
    }
    await expectSettledAccessible(page, 'the log');
    await shoot(page, 'messages-phone');
    await context.close();

    const desktop = await newPage(browser, DESKTOP);
    await primeSession(desktop.page, seeded.admin.token, seeded.admin.user);
    await desktop.page.goto(`/event/${seeded.event.id}/messages`);
    await desktop.page.getByTestId('sent-message').waitFor();
    await expectSettledAccessible(desktop.page, 'the messages page on a desktop');
    await shoot(desktop.page, 'messages-desktop');
    await desktop.page.screenshot({ path: '/tmp/shots-35/sender/messages-desktop.png', fullPage: true });

    // In German: the hint and the preview's sample attendee speak it; the placeholders stay as named.
    await desktop.page.getByTestId('language-picker').click();
    await desktop.page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await desktop.page.getByText('{firstName}, {lastName}, {eventTitle} werden für jede Person ausgefüllt').waitFor();
    await desktop.page.getByRole('textbox', { name: 'Nachricht', exact: true }).fill('Hallo {firstName}!');
    await desktop.page.getByRole('button', { name: 'Vorschau' }).click();
    const german = desktop.page.getByRole('dialog', { name: 'Vorschau' });
    await eventually(() => german.getByTestId('message-preview').textContent()).toBe('Hallo Lena!');
    await expectSettledAccessible(desktop.page, 'the preview in German on a desktop');
    await desktop.page.screenshot({ path: '/tmp/shots-35/sender/messages-preview-de-desktop.png' });
    await desktop.context.close();
  });
});
