// Temporary screenshot + axe script (deleted after use).
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const seed = JSON.parse(readFileSync('/tmp/pub_seed.json', 'utf8'));
const axeSource = readFileSync('/tmp/axe/node_modules/axe-core/axe.min.js', 'utf8');
const base = 'http://127.0.0.1:3992';
const pages = [
  ['event', `/${seed.ev1.slug}`],
  ['event-banner', `/${seed.ev2.slug}`],
  ['event-thb', `/${seed.ev3.slug}`],
  ['event-nodonation', `/${seed.nodon.slug}`],
  ['event-draft', `/${seed.draft.slug}`],
  ['event-cancelled', `/${seed.cancelled.slug}`],
  ['club', `/club/${seed.clubA}/event`],
  ['club-logo', `/club/${seed.clubB}/event`],
  ['club-empty', `/club/${seed.clubC}/event`],
  ['club-unknown', `/club/nope/event`],
  ['donation', `/event/${seed.ev1.id}/donation`],
  ['donation-thb', `/event/${seed.ev3.id}/donation`],
  ['donation-closed', `/event/${seed.nodon.id}/donation`],
  ['donation-unknown', `/event/nope/donation`],
  ['pricing', `/pricing`],
];
const only = process.argv[2];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const [w, h, tag] of [[390, 844, 'phone'], [1280, 800, 'desktop']]) {
  const context = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  for (const [name, path] of pages) {
    if (only && !name.startsWith(only)) continue;
    errors.length = 0;
    await page.goto(base + path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const title = await page.title();
    const h1 = await page.locator('h1').allInnerTexts();
    await page.screenshot({ path: `/tmp/shots/${name}-${tag}.png`, fullPage: true });
    await page.evaluate(axeSource);
    const result = await page.evaluate(async () => {
      const r = await window.axe.run(document, { resultTypes: ['violations', 'incomplete'] });
      return {
        violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, n: v.nodes.length, t: v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary?.split('\n')[1]) })),
        incomplete: r.incomplete.filter((v) => v.id === 'color-contrast').map((v) => v.nodes.length),
      };
    });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(`${tag} ${name}: title="${title}" h1=${JSON.stringify(h1)} scrollWidth=${width} violations=${JSON.stringify(result.violations)} contrastIncomplete=${result.incomplete} errors=${JSON.stringify(errors)}`);
  }
  await context.close();
}
await browser.close();
