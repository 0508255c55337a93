// Measures what the browser tool costs a visitor on a slow link: loads the
// page at URL in headless Chromium (Debian's, as the browser tests use)
// under a "Fast 3G" profile, 150 ms of latency, 1.6 Mbit/s down and
// 750 kbit/s up, set with the Chrome DevTools Protocol's
// Network.emulateNetworkConditions, once with an empty cache (a first
// visit) and once more in the same browser (a repeat visit), and prints
// for each the bytes on the wire (headers and bodies, as Chromium counts
// them), and the time from the navigation's start to the end of the last
// response (network idle) and to the page's being ready to use. A figure
// to report, not a test: web/measure.sh runs it against ulid-web.
//
//	node web/measure.mjs URL
import { chromium } from '@playwright/test';

const url = process.argv[2];
if (!url) {
  console.error('usage: node web/measure.mjs URL');
  process.exit(2);
}
const fast3G = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await (await browser.newContext()).newPage();
// The time the page became ready, from the start of its navigation.
await page.addInitScript(() => {
  new MutationObserver((_, observer) => {
    if (document.body?.dataset.ready) {
      globalThis.readyAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
});
const cdp = await page.context().newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.emulateNetworkConditions', fast3G);

let requests = new Map(); // by CDP request ID: the URL, status, coding and bytes
cdp.on('Network.responseReceived', ({ requestId, response }) => {
  const r = requests.get(requestId) ?? {};
  const encoding = Object.entries(response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
  requests.set(requestId, { ...r, url: response.url, status: response.status, encoding: encoding ?? '' });
});
// The status as sent: 304 where the response above is the cached one.
cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => {
  requests.set(requestId, { ...requests.get(requestId), sent: statusCode });
});
cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
  requests.set(requestId, { ...requests.get(requestId), bytes: encodedDataLength });
});
cdp.on('Network.loadingFailed', ({ requestId, errorText }) => {
  requests.set(requestId, { ...requests.get(requestId), failed: errorText });
});

async function visit(name) {
  requests = new Map();
  await page.goto(url);
  await page.waitForFunction(() => globalThis.readyAt !== undefined, null, { timeout: 120_000 });
  await page.waitForLoadState('networkidle'); // 500 ms without a request
  const t = await page.evaluate(() => ({
    ready: globalThis.readyAt,
    idle: Math.max(...performance.getEntries().filter((e) => 'responseEnd' in e).map((e) => e.responseEnd)),
    state: document.body.dataset.ready,
  }));
  let total = 0;
  console.log(`${name}:`);
  for (const r of requests.values()) {
    total += r.bytes ?? 0;
    const path = new URL(r.url ?? url).pathname;
    console.log(`  ${String(r.sent ?? r.status ?? '-').padEnd(4)} ${path.padEnd(14)} ${String(r.bytes ?? 0).padStart(9)} bytes ${r.encoding}${r.failed ? ' failed: ' + r.failed : ''}`);
  }
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`  ${requests.size} requests, ${total.toLocaleString('en')} bytes on the wire; network idle after ${s(t.idle)}, ` +
    `page ready (${t.state}) after ${s(t.ready)}`);
}

console.log(`${url}, Fast 3G: ${fast3G.latency} ms, ${fast3G.downloadThroughput * 8 / 1e6} Mbit/s down, ${fast3G.uploadThroughput * 8 / 1e3} kbit/s up`);
await visit('first visit');
await page.goto('about:blank');
await visit('repeat visit');
await browser.close();
