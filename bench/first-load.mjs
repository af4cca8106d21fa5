// A buyer's first load (docs/product.md section 22): Chromium opens /{slug} of a published
// event cold, on a phone-class link and CPU: 1.6 Mbps down, 750 kbps up, 150 ms latency
// (Network.emulateNetworkConditions) and a 4x CPU slowdown (Emulation.setCPUThrottlingRate).
// Per run, in a fresh browser context (empty cache): the time until the event's title is visible,
// the time until the app itself shows it (appMs: the server's first paint replaced, the page usable), LCP,
// the JavaScript bytes transferred before the title showed, before the app showed and in all, and all bytes.
// RUNS runs (5 by default); prints the runs, their medians and the load average.
// Needs the built web app (npm run build) and Chromium (/usr/bin/chromium or CHROMIUM_PATH).
/* global window, document, requestAnimationFrame, PerformanceObserver, MutationObserver -- used in the page */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { client, createEvent, loadSeedKit, root, seedKitOver, startProduct, SUDO } from './lib.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
/** How long after the title the page is watched for what it loads later (deferred chunks). */
const SETTLE_MS = 4_000;
const TITLE = 'Harbour Lights Regatta';
// WEB_DIST_DIR serves another build (an older one, to compare), as the server itself reads it.
const WEB_DIST = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
/** BENCH_ACCEPT_ENCODING=identity: as a server that compresses nothing would send it. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;

/** The contract counts gzip: the size of a script's .gz copy in the build (the browser may get brotli). */
function gzipSize(url) {
  const file = path.join(WEB_DIST, new URL(url).pathname);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}

const product = await startProduct({ PUBLIC_WRITE_LIMIT: '0' });
const call = client(product.baseUrl);
const token = (await call('POST', '/auth/signin', { body: SUDO })).authorization;
const { eventId } = await createEvent(call, token, {
  clubName: 'Harbour Sailing Club',
  title: TITLE,
  ticket: { price: 1500 },
});
const { startingIn } = await loadSeedKit();
await (
  await seedKitOver(call)
).event(token, {
  id: eventId,
  title: TITLE,
  description: 'Boats, music and food on the quay; the prize-giving at six.',
  venue: 'The Old Quay',
  ...startingIn(7 * 86_400_000, 3_600_000),
});
const { slug } = (await call('GET', '/event/getEvent', { query: { eventId } })).json.payload;

// Marks when the title's heading is first in the page, at the next frame (when it is painted), when the
// app itself shows the event (the server's first paint of docs/decisions/0053-first-paint.md gone, the
// app's heading in place: the page can be used), and LCP.
const observe = (title) => {
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const hasTitle = () => document.querySelector('h1')?.textContent?.includes(title);
  const check = () => {
    if (!window.__titleAt && hasTitle()) {
      window.__titleAt = -1;
      requestAnimationFrame(() => (window.__titleAt = performance.now()));
    }
    if (!window.__appAt && hasTitle() && document.getElementById('root')?.querySelector('h1')) {
      window.__appAt = -1;
      requestAnimationFrame(() => (window.__appAt = performance.now()));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
};

async function run(browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (ACCEPT_ENCODING)
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': ACCEPT_ENCODING } });
  const requests = new Map();
  let navigationStart = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (navigationStart === null && e.type === 'Document') navigationStart = e.timestamp;
  });
  cdp.on('Network.requestWillBeSent', (e) => {
    requests.set(e.requestId, { ...requests.get(e.requestId), sentAt: e.timestamp });
  });
  cdp.on('Network.responseReceived', (e) => {
    Object.assign(requests.get(e.requestId) ?? {}, {
      type: e.type,
      url: e.response.url,
      encoding: e.response.headers['content-encoding'],
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const request = requests.get(e.requestId);
    if (request) Object.assign(request, { bytes: e.encodedDataLength, doneAt: e.timestamp });
  });
  await page.addInitScript(observe, TITLE);
  await page.goto(`${product.baseUrl}/${slug}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__titleAt > 0, undefined, { timeout: 60_000, polling: 50 });
  const titleMs = await page.evaluate(() => window.__titleAt);
  await page.waitForFunction(() => window.__appAt > 0, undefined, { timeout: 60_000, polling: 50 });
  const appMs = await page.evaluate(() => window.__appAt);
  await page.waitForTimeout(SETTLE_MS);
  const lcpMs = await page.evaluate(() => window.__lcp);
  await context.close();
  const finished = [...requests.values()].filter((r) => r.bytes !== undefined);
  const beforeTitle = finished.filter((r) => (r.doneAt - navigationStart) * 1000 <= titleMs);
  const beforeApp = finished.filter((r) => (r.doneAt - navigationStart) * 1000 <= appMs);
  const sum = (list) => list.reduce((total, r) => total + r.bytes, 0);
  const scripts = (list) => list.filter((r) => r.type === 'Script');
  const since = (at) => Math.round((at - navigationStart) * 1000);
  // TIMELINE=1: each request's start and end, to see what the title waited for.
  const timeline = process.env.TIMELINE
    ? finished.map((r) => `${since(r.sentAt)}-${since(r.doneAt)} ms ${r.type} ${new URL(r.url).pathname} ${r.bytes} B`)
    : undefined;
  return {
    titleMs: Math.round(titleMs),
    appMs: Math.round(appMs),
    lcpMs: Math.round(lcpMs),
    jsBytesBeforeTitle: sum(scripts(beforeTitle)),
    jsGzipBytesBeforeTitle: scripts(beforeTitle).reduce((total, r) => total + gzipSize(r.url), 0),
    jsFilesBeforeTitle: scripts(beforeTitle).length,
    jsGzipBytesBeforeApp: scripts(beforeApp).reduce((total, r) => total + gzipSize(r.url), 0),
    jsBytes: sum(scripts(finished)),
    totalBytesBeforeTitle: sum(beforeTitle),
    totalBytes: sum(finished),
    uncompressedTextFiles: finished.filter((r) => ['Script', 'Stylesheet', 'Document'].includes(r.type) && !r.encoding)
      .length,
    ...(timeline ? { timeline } : {}),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-dev-shm-usage',
  ],
});
const runs = [];
try {
  for (let i = 0; i < RUNS; i += 1) runs.push(await run(browser));
} finally {
  await browser.close();
  await product.stop();
}
const medians = Object.fromEntries(
  Object.keys(runs[0])
    .filter((key) => key !== 'timeline')
    .map((key) => [key, median(runs.map((r) => r[key]))]),
);
console.log(
  JSON.stringify(
    {
      bench: 'first-load',
      page: '/{slug}',
      network: { downKbps: 1600, upKbps: 750, latencyMs: 150 },
      cpuSlowdown: CPU_SLOWDOWN,
      webDist: path.relative(root, WEB_DIST) || WEB_DIST,
      acceptEncoding: ACCEPT_ENCODING ?? "the browser's",
      targets: { titleMs: 2500, jsGzipBytesBeforeTitle: 150 * 1024 },
      median: medians,
      runs,
      loadAverage: loadavg().map((v) => Math.round(v * 100) / 100),
    },
    null,
    2,
  ),
);
