// The door list's slow hashes (docs/decisions/0062-hashed-door-list.md): what the scrypt parameters cost
// the server, a phone and someone who stole a phone's list. One event of ATTENDEES (10,000) confirmed
// attendees, two a registration, seeded in SQL. Measured here:
// - the server: the first door list (every short code and QR secret hashed once, on the thread pool,
//   while /api/health is asked every 50 ms to see the server stay responsive), then the list again
//   from the kept hashes;
// - the attacker: native scrypt (node:crypto) with the list's parameters on every core at once, for
//   SECONDS (5) seconds, and the same for N = 2^10 .. 2^14 (r, p as announced) for the choice;
// - the phone: Chromium with a 4x CPU slowdown (Emulation.setCPUThrottlingRate, the phone of
//   bench/first-load.mjs) runs the web's own scrypt chunk (@noble/hashes, the built app's) on one
//   typed code, and the door page checks typed codes and a scanned QR against the prepared list,
//   offline, from Enter to the card.
// Then the arithmetic: 32^8 codes, so about 32^8 / ATTENDEES guesses find one valid code.
// Needs the built web app (npm run build) and Chromium (/usr/bin/chromium or CHROMIUM_PATH).
/* global window, document, MutationObserver, localStorage, atob, TextEncoder -- used in the page */
import { scryptSync } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { client, createEvent, root, seedKitOver, startProduct } from './lib.mjs';

const ATTENDEES = Number(process.env.ATTENDEES ?? 10_000);
const PER_REGISTRATION = 2;
const SECONDS = Number(process.env.SECONDS ?? 5);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CPU_SLOWDOWN = 4;
const CODES = 32 ** 8;
const DAY_S = 86_400;
const round = (value, places = 1) => Math.round(value * 10 ** places) / 10 ** places;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const product = await startProduct({ PUBLIC_WRITE_LIMIT: '0' });
const call = client(product.baseUrl);
const db = new pg.Client({ connectionString: product.pgUrl() });
await db.connect();

/** A club's admin (the door page is a club's, not the super user's) and its event. */
async function seedEvent() {
  const kit = await seedKitOver(call);
  const { token, user } = await kit.clubAdmin({
    name: 'Door Admin',
    email: 'door-admin@bench.test',
    password: 'door-bench-1',
    clubName: 'Hash Club',
  });
  const { clubId, eventId, ticketId } = await createEvent(call, token, { clubId: user.clubId, title: 'Hash Door' });
  const prefix = eventId.slice(0, 8);
  const registrationCount = Math.ceil(ATTENDEES / PER_REGISTRATION);
  await db.query(
    `INSERT INTO registrations (id, club_id, event_id, email, qr_uuid, status, confirmed_at)
     SELECT $4 || 'r' || g, $1, $2, 'guest' || g || '@bench.test', gen_random_uuid()::text, 'confirmed',
            now() - interval '1 day'
       FROM generate_series(1, $3) g`,
    [clubId, eventId, registrationCount, prefix],
  );
  await db.query(
    `INSERT INTO attendees (id, club_id, event_id, registration_id, ticket_id, first_name, last_name, email, position)
     SELECT $5 || 'a' || g, $1, $2, $5 || 'r' || ((g - 1) / $6 + 1), $3, 'Guest', 'No ' || g, 'guest' || g || '@bench.test',
            (g - 1) % $6
       FROM generate_series(1, $4) g`,
    [clubId, eventId, ticketId, ATTENDEES, prefix, PER_REGISTRATION],
  );
  await db.query('VACUUM ANALYZE registrations, attendees');
  return { token, user, eventId, registrations: registrationCount };
}

/** The first list (every hash made) while /api/health is asked every 50 ms, then the list from the kept hashes. */
async function measureServer(token, eventId) {
  const download = async () => {
    const started = performance.now();
    const response = await fetch(`${product.baseUrl}/api/checkin/getDoorList?eventId=${eventId}`, {
      headers: { authorization: token },
    });
    const text = await response.text();
    return { status: response.status, text, ms: performance.now() - started };
  };
  const health = [];
  let hashing = true;
  const probe = (async () => {
    while (hashing) {
      const started = performance.now();
      await fetch(`${product.baseUrl}/api/health`);
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const first = await download();
  hashing = false;
  await probe;
  if (first.status !== 200) throw new Error(`door list answered ${first.status}: ${first.text.slice(0, 200)}`);
  const list = JSON.parse(first.text).payload;
  const kept = (await db.query('SELECT count(*)::int AS n FROM door_hashes WHERE event_id = $1', [eventId])).rows[0].n;
  const again = [];
  for (let i = 0; i < 5; i++) again.push((await download()).ms);
  const sortedHealth = [...health].sort((a, b) => a - b);
  return {
    list,
    figures: {
      attendees: list.attendees.length,
      hashesMade: kept,
      firstListSeconds: round(first.ms / 1000, 1),
      msPerHashOnTheServer: round(first.ms / kept, 2),
      healthDuringHashingMs: {
        calls: health.length,
        p50: round(median(sortedHealth)),
        max: round(sortedHealth.at(-1) ?? 0),
      },
      listFromKeptHashesMs: round(median(again)),
      bytes: first.text.length,
      bytesPerAttendee: Math.round(first.text.length / list.attendees.length),
    },
  };
}

const WORKER = `
const { scryptSync } = require('node:crypto');
const { parentPort, workerData } = require('node:worker_threads');
const { N, r, p, keyLength, seconds, salt } = workerData;
const until = performance.now() + seconds * 1000;
let guesses = 0;
while (performance.now() < until) {
  scryptSync('c:' + String(guesses).padStart(8, 'A'), Buffer.from(salt, 'base64url'), keyLength, { N, r, p, maxmem: 256 * N * r });
  guesses++;
}
parentPort.postMessage(guesses);
`;

/** Guesses a second with every core hashing at once (one worker thread a core), as an attacker's CPU would. */
async function guessesPerSecond(hashing, seconds) {
  const cores = availableParallelism();
  const counts = await Promise.all(
    Array.from(
      { length: cores },
      () =>
        new Promise((resolve, reject) => {
          const worker = new Worker(WORKER, { eval: true, workerData: { ...hashing, seconds } });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  return counts.reduce((a, b) => a + b, 0) / seconds;
}

function msPerHashOneCore(hashing) {
  const { N, r, p, keyLength, salt } = hashing;
  const runs = [];
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    scryptSync(`c:ONECORE${i}`, Buffer.from(salt, 'base64url'), keyLength, { N, r, p, maxmem: 256 * N * r });
    runs.push(performance.now() - started);
  }
  return median(runs);
}

async function measureAttacker(hashing) {
  const perSecond = await guessesPerSecond(hashing, SECONDS);
  const sweep = [];
  for (const logN of [10, 11, 12, 13, 14]) {
    const params = { ...hashing, N: 2 ** logN };
    sweep.push({
      N: 2 ** logN,
      memoryMiB: (128 * params.N * params.r) / 2 ** 20,
      msPerHashOneCore: round(msPerHashOneCore(params), 2),
      guessesPerSecondAllCores: Math.round(await guessesPerSecond(params, 2)),
    });
  }
  return { cores: availableParallelism(), msPerHashOneCore: round(msPerHashOneCore(hashing), 2), perSecond, sweep };
}

/** The built app's scrypt chunk: the one the door page loads lazily. */
function scryptChunk() {
  const assets = path.join(process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'), 'assets');
  const file = readdirSync(assets).find((name) => /^scrypt-.*\.js$/.test(name));
  if (!file) throw new Error('No scrypt chunk in the built app: run npm run build');
  return `/assets/${file}`;
}

async function measurePhone(token, user, eventId, list) {
  const { rows } = await db.query(
    `SELECT a.short_code, a.id, a.registration_id, r.qr_uuid, a.last_name
       FROM attendees a JOIN registrations r ON r.id = a.registration_id
      WHERE a.event_id = $1 ORDER BY random() LIMIT 7`,
    [eventId],
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${product.baseUrl}/`);
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('clubtix.token', t);
        localStorage.setItem('clubtix.currentUser', u);
      },
      [token.replace(/^Bearer /, ''), JSON.stringify(user)],
    );
    await page.goto(`${product.baseUrl}/event/${eventId}/checkin`);
    await page
      .getByRole('button', { name: 'Prepare for offline' })
      .click({ timeout: 60_000 })
      .catch(async (error) => {
        await page.screenshot({ path: '/tmp/door-list-hashing-bench.png' });
        throw error;
      });
    await page.getByTestId('offline-ready').waitFor({ timeout: 600_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    // The web's own hashing, alone: the built scrypt chunk with the list's parameters.
    const hashRuns = async (params, runs) =>
      page.evaluate(
        async ({ url, params, runs }) => {
          const { scryptAsync } = await import(url);
          const { salt, N, r, p, keyLength } = params;
          const base64 = salt.replace(/-/g, '+').replace(/_/g, '/');
          const saltBytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
            c.charCodeAt(0),
          );
          const times = [];
          for (let i = 0; i < runs; i++) {
            const started = performance.now();
            await scryptAsync(new TextEncoder().encode(`c:PHONE${i}XY`), saltBytes, { N, r, p, dkLen: keyLength });
            times.push(performance.now() - started);
          }
          return times;
        },
        { url: scryptChunk(), params, runs },
      );
    const oneCode = await hashRuns(list.hashing, 7);
    const sweep = [];
    for (const logN of [10, 11, 12, 13, 14]) {
      sweep.push({ N: 2 ** logN, msPerHash: round(median(await hashRuns({ ...list.hashing, N: 2 ** logN }, 3))) });
    }

    // The door page itself, offline: a typed code from Enter to its card, and a QR scanned twice.
    await context.setOffline(true);
    await page.getByTestId('offline-status').waitFor();
    const field = page.getByLabel('Scan or type a code');
    // Timed in the page: from the field's submit to the card naming the attendee (the page's own clock,
    // without the driver's round trips).
    await page.evaluate(() => {
      document.addEventListener('submit', () => (window.__submitAt = performance.now()), true);
      new MutationObserver(() => {
        if (window.__shownAt || !window.__want) return;
        const shown = document.querySelector('[data-testid="attendee-name"]')?.textContent?.trim();
        if (shown === window.__want) window.__shownAt = performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const toCard = async (text, name) => {
      await page.evaluate((want) => {
        window.__want = want;
        window.__shownAt = 0;
      }, name);
      await field.fill(text);
      await field.press('Enter');
      await page.waitForFunction(() => window.__shownAt > 0, undefined, { timeout: 30_000, polling: 20 });
      return page.evaluate(() => window.__shownAt - window.__submitAt);
    };
    const typed = [];
    for (const row of rows.slice(0, 3))
      typed.push(await toCard(row.short_code.toLowerCase(), `Guest ${row.last_name}`));
    const qrOf = (row) => JSON.stringify({ r: row.registration_id, a: row.id, q: row.qr_uuid });
    const scanned = [];
    for (const row of rows.slice(3, 6)) scanned.push(await toCard(qrOf(row), `Guest ${row.last_name}`));
    const [again, other] = [rows[3], rows[6]];
    await toCard(other.short_code, `Guest ${other.last_name}`);
    const repeatedScan = await toCard(qrOf(again), `Guest ${again.last_name}`);
    await context.close();
    return {
      cpuSlowdown: CPU_SLOWDOWN,
      hashOneCodeMs: { median: round(median(oneCode)), runs: oneCode.map((ms) => Math.round(ms)) },
      typedCodeToCardMs: typed.map((ms) => Math.round(ms)),
      scannedQrToCardMs: scanned.map((ms) => Math.round(ms)),
      sameQrScannedAgainMs: Math.round(repeatedScan),
      sweep,
    };
  } finally {
    await browser.close();
  }
}

try {
  const { token, user, eventId, registrations } = await seedEvent();
  const loadBefore = loadavg();
  const { list, figures: server } = await measureServer(token, eventId);
  const attacker = await measureAttacker(list.hashing);
  const phone = await measurePhone(token, user, eventId, list);
  const guessesForOneCode = CODES / ATTENDEES;
  const attackerSeconds = guessesForOneCode / attacker.perSecond;
  // The server's one-off work at the attacker's speed of one core: the same hash, so the same cost.
  const serverCoreSeconds = (server.hashesMade * attacker.msPerHashOneCore) / 1000;
  const attackerCoreSeconds = (guessesForOneCode * attacker.msPerHashOneCore) / 1000;
  console.log(
    JSON.stringify(
      {
        benchmark: 'door-list-hashing',
        hashing: { ...list.hashing, salt: undefined, memoryMiB: (128 * list.hashing.N * list.hashing.r) / 2 ** 20 },
        attendees: ATTENDEES,
        registrations,
        server,
        attacker: {
          cores: attacker.cores,
          msPerHashOneCore: attacker.msPerHashOneCore,
          guessesPerSecondAllCores: Math.round(attacker.perSecond),
          sweep: attacker.sweep,
        },
        phone,
        arithmetic: {
          codes: CODES,
          guessesForOneValidCode: Math.round(guessesForOneCode),
          daysOnThisMachine: round(attackerSeconds / DAY_S, 2),
          coreDays: round(attackerCoreSeconds / DAY_S, 1),
          serverCoreSeconds: round(serverCoreSeconds),
          attackerOverServer: Math.round(attackerCoreSeconds / serverCoreSeconds),
          serverOneOffWallSeconds: server.firstListSeconds,
        },
        cpus: availableParallelism(),
        loadAverage1mBefore: round(loadBefore[0], 2),
        loadAverage: loadavg().map((v) => round(v, 2)),
      },
      null,
      2,
    ),
  );
} finally {
  await db.end();
  await product.stop();
}
