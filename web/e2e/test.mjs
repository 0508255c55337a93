// End-to-end tests of the ULID browser tool in headless Chromium, driven by
// playwright-core. web/test.sh starts the server and runs this file, then
// runs it again on the files ulid-web -out writes:
//
//	node e2e/test.mjs http://127.0.0.1:PORT/
//	node e2e/test.mjs --static DIR
//
// With --static it serves DIR itself, as a plain static file host does:
// each file with its Content-Type and no other header, so none of the
// server's security headers; and it runs the steps marked 'both' (loading,
// a step on each tab, the policy and the Go functions' arguments) and
// 'static'.
//
// Environment: CHROMIUM (default /usr/bin/chromium), SCREENSHOT_DIR (default
// a new temporary folder; its path is printed).
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const staticDir = process.argv[2] === '--static' ? process.argv[3] : null;
const mode = staticDir ? 'static' : 'server';

// staticRequests are the requests the static file server answered: the
// path and the Referer header, if any.
const staticRequests = [];

// serveStatic serves the files of dir on a free port of 127.0.0.1, with a
// Content-Type and nothing else, and returns the server.
async function serveStatic(dir) {
  const types = {
    '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
    '.svg': 'image/svg+xml', '.png': 'image/png', '.wasm': 'application/wasm',
  };
  const server = http.createServer(async (req, res) => {
    const name = new URL(req.url, 'http://localhost').pathname.slice(1) || 'index.html';
    staticRequests.push({ path: '/' + name, referer: req.headers.referer });
    try {
      if (!/^[\w-]+(\.[\w-]+)*$/.test(name)) throw new Error('not a file of the site');
      const data = await readFile(path.join(dir, name));
      res.writeHead(200, { 'Content-Type': types[path.extname(name)] || 'application/octet-stream' });
      res.end(data);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const staticServer = staticDir ? await serveStatic(staticDir) : null;
const base = staticServer
  ? new URL(`http://127.0.0.1:${staticServer.address().port}/`)
  : new URL(process.argv[2] || process.env.ULID_WEB_URL || 'http://127.0.0.1:8026/');
const shots = process.env.SCREENSHOT_DIR || await mkdtemp(path.join(os.tmpdir(), 'ulid-web-screenshots-'));
const profile = await mkdtemp(path.join(os.tmpdir(), 'ulid-web-chromium-'));
process.on('exit', () => rmSync(profile, { recursive: true, force: true }));

// SPEC §3 test vectors.
const vectors = [
  ['01ARYZ6S41TSV4RRFFQ69G5FAV', '01563df36481d6764c61efb99302bd5b', 1469918176385, '2016-07-30T22:36:16.385Z', '01563df3-6481-d676-4c61-efb99302bd5b'],
  ['00000000000000000000000000', '00'.repeat(16), 0, '1970-01-01T00:00:00.000Z', '00000000-0000-0000-0000-000000000000'],
  ['7ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'ff'.repeat(16), 281474976710655, '10889-08-02T05:31:50.655Z', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
  ['01KVT0F720ZK9N4T2QX7VR8WMC', '019ef4079c40fcd3526857e9f784728c', 1782210600000, '2026-06-23T10:30:00.000Z', '019ef407-9c40-fcd3-5268-57e9f784728c'],
  ['014D2PF2DBSQQZXQ5TK1V58CGG', '0123456789abcdeffedcba9876543210', 1250999896491, '2009-08-23T03:58:16.491Z', '01234567-89ab-cdef-fedc-ba9876543210'],
].map(([text, hex, ms, utc, uuid]) => ({ text, hex, ms, utc, uuid }));

const ULID_RE = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

// Independent of the page: the Unix ms in a canonical ULID's first 10 characters.
function timestampOf(id) {
  let ms = 0;
  for (const c of id.slice(0, 10)) ms = ms * 32 + ALPHABET.indexOf(c);
  return ms;
}

// Independent of the page: the 80 entropy bits of a canonical ULID, in hex.
function entropyOf(id) {
  let n = 0n;
  for (const c of id) n = n * 32n + BigInt(ALPHABET.indexOf(c));
  return (n & ((1n << 80n) - 1n)).toString(16).padStart(20, '0');
}

// Independent of the page: the UUID text of a ULID's 128 bits, in either case.
function uuidOf(id) {
  let n = 0n;
  for (const c of id.toUpperCase()) n = n * 32n + BigInt(ALPHABET.indexOf(c));
  const h = n.toString(16).padStart(32, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// isUUIDv7 says whether UUID text has the version digit 7 and a variant
// digit of 8 to b (RFC 9562: version 7, variant 10).
const isUUIDv7 = (uuid) => uuid[14] === '7' && /^[89ab]$/.test(uuid[19]);

// RFC 9562's example UUIDv7 (appendix A.6), as UUID text and as a ULID.
const RFC_V7 = { uuid: '017f22e2-79b0-7cc3-98c4-dc0c0c07398f', text: '01FWHE4YDGFK1SHH6W1G60EECF', ms: 1645557742000 };

// WCAG contrast ratio of two CSS rgb() colours.
function contrast(a, b) {
  const lum = (css) => {
    const [r, g, bl] = css.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// anatomyOf reads the anatomy view in box: each part's name, characters
// and value, and its colours.
const anatomyOf = (page, box) => page.$$eval(`#${box} .part`, (parts) => parts.map((p) => {
  const chars = p.querySelector('.part-chars');
  const bg = getComputedStyle(p).backgroundColor;
  return {
    name: p.querySelector('.part-name').textContent,
    chars: chars.textContent,
    value: p.querySelector('.part-value').textContent,
    color: getComputedStyle(chars).color,
    background: bg,
  };
}));

// Independent of the page: the canonical ULID of Unix ms with zero entropy.
function ulidAt(ms) {
  let text = '';
  for (let i = 0; i < 10; i++, ms = Math.floor(ms / 32)) text = ALPHABET[ms % 32] + text;
  return text + '0'.repeat(16);
}

// The local time the page should show in the Asia/Kolkata zone (UTC+05:30,
// no DST): RFC 3339 with milliseconds and the offset, as ulid --local prints it.
const ZONE = 'Asia/Kolkata';
function kolkata(ms) {
  return new Date(ms + 330 * 60 * 1000).toISOString().replace(/^\+0*/, '').replace(/Z$/, '+05:30');
}

// emulateTimezone sets page's time zone, as puppeteer's page.emulateTimezone
// does, with the Chrome DevTools Protocol's Emulation.setTimezoneOverride.
// (Playwright's timezoneId option sets one zone for a whole context, and
// then no other session may change it.) One session per page, which may
// change its zone again.
const sessions = new WeakMap();
async function emulateTimezone(page, timezoneId) {
  if (!sessions.has(page)) sessions.set(page, await page.context().newCDPSession(page));
  await sessions.get(page).send('Emulation.setTimezoneOverride', { timezoneId });
}

// readsBack copies the Decode tab's local time, pastes it into Generate's
// At time and checks that the ULID made holds the millisecond ms; it
// returns the text copied and leaves page on the Decode tab.
async function readsBack(page, ms) {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.click('[data-copy="dec-local"]');
  await page.waitForFunction(() => /^Copied /.test(document.getElementById('copy-status').textContent));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await value(page, 'dec-local'));
  await page.evaluate(() => { document.getElementById('copy-status').textContent = ''; });
  await page.click('#tab-generate');
  await page.fill('#gen-time', copied);
  await page.fill('#gen-count', '1');
  await page.click('#gen-button');
  assert.equal(await page.getAttribute('#gen-time', 'aria-invalid'), null, `At time rejects ${copied}`);
  const ids = await texts(page, '#gen-list .id');
  assert.equal(ids.length, 1, copied);
  assert.equal(timestampOf(ids[0]), ms, `${copied} read back as ${timestampOf(ids[0])}, want ${ms}`);
  assert.match(await page.textContent('#gen-status'), new RegExp(`^Generated 1 ULID at ${new Date(ms).toISOString().replace(/^\+0*/, '').replace(/[.+]/g, '\\$&')}`));
  await page.fill('#gen-time', '');
  await page.click('#tab-decode');
  return copied;
}

const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 960, height: 800 },
  locale: 'en-GB',
  permissions: ['clipboard-read', 'clipboard-write'],
});

// Every request any page makes, and every error it reports.
const requests = [];
const problems = [];
context.on('request', (req) => requests.push(req.url()));
function watch(page) {
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
  return page;
}

// open loads the page, in the Asia/Kolkata zone, and waits for the wasm.
async function open(hash = '') {
  const page = watch(await context.newPage());
  await emulateTimezone(page, ZONE);
  const response = await page.goto(new URL(hash, base).href);
  assert.equal(response.status(), 200);
  await page.waitForSelector('body[data-ready]', { timeout: 30000 });
  assert.equal(await page.getAttribute('body', 'data-ready'), 'true', await page.textContent('#loading'));
  return page;
}

let failures = 0;
let steps = 0;

// step runs fn as a test step named name, in the mode where names, or in
// both if it is 'both'.
async function step(name, fn, where = 'server') {
  if (where !== 'both' && where !== mode) return;
  const started = Date.now();
  steps++;
  try {
    await fn();
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (err) {
    failures++;
    console.log(`FAIL ${name}\n${err.stack || err}`);
  }
}

const texts = (page, selector) => page.$$eval(selector, (els) => els.map((e) => e.textContent));
const value = (page, id) => page.$eval(`#${id}`, (el) => el.value);
const isHidden = (page, id) => page.$eval(`#${id}`, (el) => el.hidden);

let page;
await step('page loads, the wasm starts and 10 ULIDs are generated', async () => {
  page = await open();
  assert.match(await page.title(), /ULID/);
  assert.equal((await texts(page, '#gen-list .id')).length, 10);
  assert.equal(await page.getAttribute('#tab-generate', 'aria-selected'), 'true');
  assert.ok(await isHidden(page, 'loading'));
}, 'both');

await step('generate 100: valid, strictly increasing, now ± 5 s, times match', async () => {
  await page.fill('#gen-count', '100');
  assert.ok(await page.isChecked('#gen-monotonic'));
  const before = Date.now();
  await page.click('#gen-button');
  const ids = await texts(page, '#gen-list .id');
  const times = await page.$$eval('#gen-list time', (els) => els.map((e) => [e.textContent, e.dateTime]));
  const after = Date.now();
  assert.equal(ids.length, 100);
  for (const [i, id] of ids.entries()) {
    assert.match(id, ULID_RE);
    if (i > 0) assert.ok(id > ids[i - 1], `${id} after ${ids[i - 1]}`);
    const ms = timestampOf(id);
    assert.ok(ms >= before - 5000 && ms <= after + 5000, `${id}: ${ms} not within 5 s of [${before}, ${after}]`);
    assert.deepEqual(times[i], [new Date(ms).toISOString(), new Date(ms).toISOString()]);
  }
  assert.match(await page.textContent('#gen-status'), /Generated 100 ULIDs, strictly increasing/);
}, 'both');

await step('copy all puts the list on the clipboard', async () => {
  const ids = await texts(page, '#gen-list .id');
  await page.click('#gen-copy');
  await page.waitForFunction(() => /Copied/.test(document.getElementById('gen-status').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), ids.join('\n') + '\n');
});

await step('generate lower case, and without monotonic', async () => {
  await page.check('#gen-lower');
  await page.fill('#gen-count', '1000');
  await page.click('#gen-button');
  let ids = await texts(page, '#gen-list .id');
  assert.equal(ids.length, 1000);
  for (const id of ids) {
    assert.equal(id, id.toLowerCase());
    assert.match(id.toUpperCase(), ULID_RE);
  }
  await page.uncheck('#gen-lower');
  await page.uncheck('#gen-monotonic');
  await page.fill('#gen-count', '50');
  await page.click('#gen-button');
  ids = await texts(page, '#gen-list .id');
  assert.equal(ids.length, 50);
  for (const id of ids) assert.match(id, ULID_RE);
  assert.match(await page.textContent('#gen-status'), /fresh random bits/);
  await page.check('#gen-monotonic');
});

await step('the count is read as ulid -n reads it, 1 to 1000; a bad one clears the old list', async () => {
  // The errors of ulid -n (toolinput.ParseCount), after "How many: ".
  const syntax = 'How many: want a whole number in decimal digits, such as 10';
  const range = 'How many: out of range: want from 1 to 1000';
  for (const [bad, want] of [['0', range], ['1001', range], ['-1', range], ['2.5', syntax], ['', syntax],
    ['1e3', syntax], ['1E1', syntax], ['10.000', syntax], ['0x10', syntax], ['1_000', syntax], ['5\u3000', syntax]]) {
    await page.fill('#gen-count', '3');
    await page.click('#gen-button');
    assert.equal((await texts(page, '#gen-list .id')).length, 3);
    await page.fill('#gen-count', bad);
    await page.click('#gen-button');
    assert.equal(await page.getAttribute('#gen-count', 'aria-invalid'), 'true', bad);
    assert.equal(await page.getAttribute('#gen-time', 'aria-invalid'), null, bad);
    assert.equal(await page.textContent('#gen-status'), want, JSON.stringify(bad));
    // No stale output: no list, no anatomy, and Copy all is off.
    assert.deepEqual(await texts(page, '#gen-list li'), []);
    assert.ok(await isHidden(page, 'gen-anatomy'));
    assert.ok(await page.isDisabled('#gen-copy'));
  }
  await page.evaluate(() => navigator.clipboard.writeText('before'));
  await page.click('#gen-copy', { force: true });
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'before');
  // Decimal digits, with the policy's white space around them ignored.
  for (const [good, n] of [[' 010 ', 10], ['7\u00a0', 7], ['+2', 2], ['1000', 1000], ['10', 10]]) {
    await page.fill('#gen-count', good);
    await page.click('#gen-button');
    assert.equal(await page.getAttribute('#gen-count', 'aria-invalid'), null, good);
    assert.equal((await texts(page, '#gen-list .id')).length, n, good);
    assert.match(await page.textContent('#gen-status'), new RegExp(`^Generated ${n} ULIDs, strictly increasing`));
  }
  await page.screenshot({ path: path.join(shots, 'generate.png'), fullPage: true });
});

await step('the Go functions check their arguments: a bad call returns an error, and the page keeps working', async () => {
  const results = await page.evaluate(() => {
    const calls = [
      ['generate("x")', () => ulidgo.generate('x')],
      ['generate()', () => ulidgo.generate()],
      ['generate(10, true, false, "", false)', () => ulidgo.generate(10, true, false, '', false)],
      ['generate("10", "yes", false, "", false)', () => ulidgo.generate('10', 'yes', false, '', false)],
      ['generate("10", true, 0, "", false)', () => ulidgo.generate('10', true, 0, '', false)],
      ['generate("10", true, false, null, false)', () => ulidgo.generate('10', true, false, null, false)],
      ['generate("x", true, false, "", false)', () => ulidgo.generate('x', true, false, '', false)],
      ['generate("1e3", true, false, "", false)', () => ulidgo.generate('1e3', true, false, '', false)],
      ['generate("10", true, false, "", "yes")', () => ulidgo.generate('10', true, false, '', 'yes')],
      ['decode(5)', () => ulidgo.decode(5)],
      ['decode(10n)', () => ulidgo.decode(10n)],
      ['decode()', () => ulidgo.decode()],
      ['decodeList({})', () => ulidgo.decodeList({})],
      ['convert(null)', () => ulidgo.convert(null)],
      ['convert("a", "b")', () => ulidgo.convert('a', 'b')],
      ['trim(Symbol())', () => ulidgo.trim(Symbol('x'))],
      ['localTime("0", 0)', () => ulidgo.localTime('0', 0)],
      ['localTime(0.5, 0)', () => ulidgo.localTime(0.5, 0)],
      ['localTime(0)', () => ulidgo.localTime(0)],
    ];
    return calls.map(([call, f]) => {
      try {
        const r = f();
        return [call, r.ok, r.error?.kind, r.error?.message];
      } catch (err) {
        return [call, 'threw', err.message];
      }
    });
  });
  const gen = 'generate(count string, monotonic boolean, lower boolean, at string, v7 boolean)';
  const lt = 'localTime(ms number, offsetSeconds number)';
  assert.deepEqual(results.map(([call, ok, kind, message]) => [call, ok, kind, message]), [
    ['generate("x")', false, 'other', `${gen} takes 5 arguments, not 1`],
    ['generate()', false, 'other', `${gen} takes 5 arguments, not 0`],
    ['generate(10, true, false, "", false)', false, 'other', `${gen}: count must be a string, not a number`],
    ['generate("10", "yes", false, "", false)', false, 'other', `${gen}: monotonic must be a boolean, not a string`],
    ['generate("10", true, 0, "", false)', false, 'other', `${gen}: lower must be a boolean, not a number`],
    ['generate("10", true, false, null, false)', false, 'other', `${gen}: at must be a string, not null`],
    ['generate("x", true, false, "", false)', false, 'other', 'count: want a whole number in decimal digits, such as 10'],
    ['generate("1e3", true, false, "", false)', false, 'other', 'count: want a whole number in decimal digits, such as 10'],
    ['generate("10", true, false, "", "yes")', false, 'other', `${gen}: v7 must be a boolean, not a string`],
    ['decode(5)', false, 'other', 'decode(text string): text must be a string, not a number'],
    ['decode(10n)', false, 'other', 'decode(text string): text must be a string, not a bigint'],
    ['decode()', false, 'other', 'decode(text string) takes 1 argument, not 0'],
    ['decodeList({})', false, 'other', 'decodeList(text string): text must be a string, not an object'],
    ['convert(null)', false, 'other', 'convert(text string): text must be a string, not null'],
    ['convert("a", "b")', false, 'other', 'convert(text string) takes 1 argument, not 2'],
    ['trim(Symbol())', false, 'other', 'trim(text string): text must be a string, not a symbol'],
    ['localTime("0", 0)', false, 'other', `${lt}: ms must be a number, not a string`],
    ['localTime(0.5, 0)', false, 'other', "localTime: ms must be a ULID's Unix milliseconds and the offset whole seconds under a day"],
    ['localTime(0)', false, 'other', `${lt} takes 2 arguments, not 1`],
  ]);
  // The program still runs: the page generates, decodes and converts.
  assert.equal(await page.getAttribute('body', 'data-ready'), 'true');
  assert.ok(await isHidden(page, 'loading'));
  await page.fill('#gen-count', '3');
  await page.click('#gen-button');
  assert.equal((await texts(page, '#gen-list .id')).length, 3);
  assert.equal(await page.evaluate((v) => ulidgo.decode(v).canonical, vectors[0].text.toLowerCase()), vectors[0].text);
  assert.equal(await page.evaluate((v) => ulidgo.convert(v).uuid, vectors[0].text), vectors[0].uuid);
  await page.fill('#gen-count', '10');
  await page.click('#gen-button');
}, 'both');

await step('the page carries its policy in <meta>: inline script and style are refused, no request has a Referer', async () => {
  const p = await context.newPage();
  const errors = [];
  p.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  p.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  const response = await p.goto(base.href);
  await p.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  const headers = response.headers();
  const sent = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy']
    .filter((h) => h in headers);
  if (mode === 'static') {
    // So what is enforced below comes from the page itself.
    assert.deepEqual(sent, []);
  } else {
    assert.equal(sent.length, 4, JSON.stringify(headers));
    assert.match(headers['content-security-policy'], /frame-ancestors 'none'/);
  }
  assert.equal(await p.$eval('meta[name="referrer"]', (m) => m.content), 'no-referrer');
  const meta = await p.$eval('meta[http-equiv="Content-Security-Policy"]', (m) => m.content);
  assert.match(meta, /^default-src 'none'; script-src 'self' 'wasm-unsafe-eval';/);
  assert.doesNotMatch(meta, /frame-ancestors/);
  // Each policy, the header's and the meta element's, reports its own
  // violation: here only the page's own policy can.
  const policies = mode === 'static' ? [meta] : [headers['content-security-policy'], meta];
  const refused = await p.evaluate(() => new Promise((resolve) => {
    const seen = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push([e.effectiveDirective, e.originalPolicy]));
    const script = document.createElement('script');
    script.textContent = 'globalThis.inlineRan = true;';
    const style = document.createElement('style');
    style.textContent = 'body { display: none; }';
    document.head.append(script, style);
    setTimeout(() => resolve({ seen: seen.sort(), inline: globalThis.inlineRan === true, display: getComputedStyle(document.body).display }), 500);
  }));
  assert.deepEqual(refused, {
    seen: ['script-src-elem', 'style-src-elem'].flatMap((d) => policies.map((policy) => [d, policy])).sort(),
    inline: false,
    display: 'block',
  });
  assert.equal(errors.length, 2 * policies.length, errors.join('\n'));
  for (const text of errors) assert.match(text, /violates the following Content Security Policy directive/);
  if (mode === 'static') {
    const paths = staticRequests.map((r) => r.path);
    for (const file of ['/index.html', '/style.css', '/app.js', '/wasm_exec.js', '/main.wasm', '/favicon.svg']) {
      assert.ok(paths.includes(file), `${file} was not requested: ${paths}`);
    }
    assert.deepEqual(staticRequests.filter((r) => r.referer !== undefined), []);
  }
  await p.close();
}, 'both');

await step('generate at a time: RFC 3339, @seconds, ms; the seconds rule; a bad time clears the list', async () => {
  const v = vectors[0];
  for (const at of [v.utc, v.utc.toLowerCase(), '@1469918176.385', String(v.ms), ' 2016-07-31T04:06:16.385+05:30 ']) {
    await page.fill('#gen-time', at);
    await page.fill('#gen-count', '5');
    await page.click('#gen-button');
    const ids = await texts(page, '#gen-list .id');
    assert.equal(ids.length, 5, at);
    for (const [i, id] of ids.entries()) {
      assert.equal(timestampOf(id), v.ms, `${at}: ${id}`);
      if (i > 0) assert.ok(id > ids[i - 1]);
    }
    assert.deepEqual(await texts(page, '#gen-list time'), Array(5).fill(v.utc));
    assert.match(await page.textContent('#gen-status'), new RegExp(`Generated 5 ULIDs at ${v.utc}, strictly increasing`));
    assert.equal(await page.getAttribute('#gen-time', 'aria-invalid'), null);
  }
  await page.fill('#gen-time', '10889-08-02T05:31:50.655Z');
  await page.click('#gen-button');
  assert.equal(timestampOf((await texts(page, '#gen-list .id'))[0]), vectors[2].ms);
  for (const [bad, message] of [['1469918176', /ambiguous: .* write @1469918176 for seconds/], ['yesterday', /want an RFC 3339 time/],
    ['10889-08-02T05:31:50.656Z', /out of range/]]) {
    await page.fill('#gen-time', bad);
    await page.click('#gen-button');
    assert.match(await page.textContent('#gen-status'), message, bad);
    assert.equal(await page.getAttribute('#gen-time', 'aria-invalid'), 'true');
    assert.deepEqual(await texts(page, '#gen-list li'), []);
    assert.ok(await page.isDisabled('#gen-copy'));
  }
  await page.fill('#gen-time', '');
  await page.fill('#gen-count', '10');
  await page.click('#gen-button');
  assert.equal((await texts(page, '#gen-list .id')).length, 10);
});

await step('generate shows the anatomy of the first ULID; each row has a copy button', async () => {
  const ids = await texts(page, '#gen-list .id');
  const times = await texts(page, '#gen-list time');
  const parts = await anatomyOf(page, 'gen-anatomy');
  assert.deepEqual(parts.map((p) => [p.name, p.chars, p.value]), [
    ['Timestamp', ids[0].slice(0, 10), 'time: ' + times[0]],
    ['Randomness', ids[0].slice(10), 'in hex: ' + entropyOf(ids[0])],
  ]);
  assert.equal(await page.textContent('#gen-anatomy .anatomy-title'), `Anatomy of ${ids[0]}`);
  const buttons = await page.$$eval('#gen-list button.copy-row', (bs) => bs.map((b) => b.getAttribute('aria-label')));
  assert.equal(buttons.length, 10);
  assert.equal(buttons[2], 'Copy ULID 3');
  await page.click('#gen-list li:nth-child(3) button.copy-row');
  await page.waitForFunction(() => /Copied/.test(document.getElementById('copy-status').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), ids[2]);
  assert.equal(await page.textContent('#gen-list li:nth-child(3) button.copy-row'), 'Copied');
});

await step('generate UUIDv7: a labelled checkbox; each UUID form has version 7 and variant 8–b', async () => {
  assert.equal(uuidOf(vectors[0].text), vectors[0].uuid);
  assert.equal(uuidOf(RFC_V7.text), RFC_V7.uuid);
  assert.ok(!(await page.isChecked('#gen-v7')));
  assert.equal(await page.$eval('#gen-v7', (el) => el.labels[0].textContent.trim()), 'UUIDv7');
  assert.match(await page.$eval('#gen-v7', (el) => document.getElementById(el.getAttribute('aria-describedby')).textContent),
    /valid RFC 9562 version 7 UUID/);
  await page.getByLabel('UUIDv7', { exact: true }).check();
  assert.ok(await page.isChecked('#gen-v7'));
  await page.fill('#gen-count', '100');
  const before = Date.now();
  await page.click('#gen-button');
  const after = Date.now();
  let ids = await texts(page, '#gen-list .id');
  assert.equal(ids.length, 100);
  for (const [i, id] of ids.entries()) {
    assert.match(id, ULID_RE);
    assert.ok(isUUIDv7(uuidOf(id)), `${id} is ${uuidOf(id)}, not a UUIDv7`);
    if (i > 0) assert.ok(id > ids[i - 1], `${id} after ${ids[i - 1]}`);
    const ms = timestampOf(id);
    assert.ok(ms >= before - 5000 && ms <= after + 5000, `${id}: ${ms} not within 5 s of [${before}, ${after}]`);
  }
  assert.match(await page.textContent('#gen-status'), /^Generated 100 UUIDv7-compatible ULIDs, strictly increasing\.$/);
  await page.screenshot({ path: path.join(shots, 'generate-v7.png'), fullPage: true });

  // At a time, without monotonic, in lower case: still each a UUIDv7.
  const v = vectors[0];
  await page.fill('#gen-time', v.utc);
  await page.uncheck('#gen-monotonic');
  await page.check('#gen-lower');
  await page.fill('#gen-count', '50');
  await page.click('#gen-button');
  ids = await texts(page, '#gen-list .id');
  assert.equal(ids.length, 50);
  for (const id of ids) {
    assert.equal(id, id.toLowerCase());
    assert.ok(isUUIDv7(uuidOf(id)), `${id} is ${uuidOf(id)}, not a UUIDv7`);
    assert.equal(timestampOf(id.toUpperCase()), v.ms, id);
  }
  assert.match(await page.textContent('#gen-status'), new RegExp(`^Generated 50 UUIDv7-compatible ULIDs at ${v.utc}, each with fresh random bits`));

  // Decode says the same of one, and shows the same UUID.
  const first = ids[0];
  await page.click('#tab-decode');
  await page.fill('#dec-input', first);
  assert.equal(await value(page, 'dec-uuid'), uuidOf(first));
  assert.match(await value(page, 'dec-uuidv7'), /^Yes: version 7 with the variant 10/);
  await page.fill('#dec-input', '');
  await page.click('#tab-generate');

  // Unticked, the next ULIDs are the plain kind again.
  await page.uncheck('#gen-v7');
  await page.uncheck('#gen-lower');
  await page.check('#gen-monotonic');
  await page.fill('#gen-time', '');
  await page.fill('#gen-count', '10');
  await page.click('#gen-button');
  assert.equal((await texts(page, '#gen-list .id')).length, 10);
  assert.equal(await page.textContent('#gen-status'), 'Generated 10 ULIDs, strictly increasing.');
});

await step('decode says whether an ID is a valid UUIDv7', async () => {
  await page.click('#tab-decode');
  for (const [input, yes] of [[RFC_V7.uuid, true], [RFC_V7.text, true], [` urn:uuid:${RFC_V7.uuid.toUpperCase()}`, true],
    [RFC_V7.text.toLowerCase(), true], [vectors[0].text, false], [vectors[0].uuid, false],
    ['017f22e2-79b0-7cc3-c8c4-dc0c0c07398f', false], ['017f22e2-79b0-6cc3-98c4-dc0c0c07398f', false]]) {
    await page.fill('#dec-input', input);
    assert.ok(await isHidden(page, 'dec-error'), input);
    assert.equal(await value(page, 'dec-uuidv7'), yes
      ? 'Yes: version 7 with the variant 10, a valid RFC 9562 UUIDv7'
      : 'No: not version 7 with the variant 10, so not a valid UUIDv7', input);
  }
  await page.fill('#dec-input', RFC_V7.uuid);
  assert.equal(await value(page, 'dec-canonical'), RFC_V7.text);
  assert.equal(await value(page, 'dec-ms'), String(RFC_V7.ms));
  // A screen reader reads the field's name and then the answer.
  const tree = await page.locator('#dec-result .fields').ariaSnapshot();
  assert.match(tree, /- term: UUIDv7\n\s*- definition:\n\s*- status: "?Yes: version 7 with the variant 10/, tree);
  await page.screenshot({ path: path.join(shots, 'decode-v7.png'), fullPage: true });
  await page.fill('#dec-input', '01ARYZ6S41TSV4RRFFQ69G5FAU');
  assert.ok(await isHidden(page, 'dec-result'));
  await page.fill('#dec-input', '');
});

await step('decode the SPEC §3 vectors, every field', async () => {
  await page.click('#tab-decode');
  assert.ok(await isHidden(page, 'panel-generate'));
  for (const v of vectors) {
    await page.fill('#dec-input', v.text);
    assert.ok(!(await isHidden(page, 'dec-result')), v.text);
    assert.ok(await isHidden(page, 'dec-error'));
    assert.equal(await value(page, 'dec-canonical'), v.text);
    assert.equal(await value(page, 'dec-utc'), v.utc);
    assert.equal(await value(page, 'dec-local'), kolkata(v.ms));
    // ICU may name the zone by its older name, Asia/Calcutta.
    assert.match(await page.textContent('#dec-zone'), /^\(Asia\/(Kolkata|Calcutta)\)$/);
    assert.equal(await value(page, 'dec-ms'), String(v.ms));
    assert.equal(await value(page, 'dec-timehex'), v.hex.slice(0, 12));
    assert.equal(await value(page, 'dec-entropy'), v.hex.slice(12));
    assert.equal(await value(page, 'dec-uuid'), v.uuid);
    assert.match(await value(page, 'dec-uuidv7'), /^No: /);
    assert.ok(await isHidden(page, 'dec-note'));
    const parts = await anatomyOf(page, 'dec-anatomy');
    assert.deepEqual(parts.map((p) => [p.name, p.chars, p.value]), [
      ['Timestamp', v.text.slice(0, 10), 'time: ' + v.utc],
      ['Randomness', v.text.slice(10), 'in hex: ' + v.hex.slice(12)],
    ]);
  }
}, 'both');

await step('the anatomy reads as two labelled parts to a screen reader', async () => {
  await page.fill('#dec-input', vectors[0].text);
  const tree = await page.locator('#dec-anatomy').ariaSnapshot();
  for (const want of ['Anatomy of', 'code: 01ARYZ6S41TSV4RRFFQ69G5FAV', 'Timestamp 10 characters, 48 bits', '01ARYZ6S41',
    'time: 2016-07-30T22:36:16.385Z', 'Randomness 16 characters, 80 bits', 'TSV4RRFFQ69G5FAV', 'in hex: d6764c61efb99302bd5b']) {
    assert.ok(tree.includes(want), `the accessibility tree lacks ${JSON.stringify(want)}:\n${tree}`);
  }
  assert.match(tree, /definition/);
  assert.match(tree, /term/);
});

await step('decode accepts UUID text, as ulid inspect does', async () => {
  for (const v of vectors) {
    for (const form of [v.uuid, ` ${v.uuid.toUpperCase()} `, `{${v.uuid}}`, `urn:uuid:${v.uuid}`, v.uuid.replaceAll('-', '')]) {
      await page.fill('#dec-input', form);
      assert.ok(await isHidden(page, 'dec-error'), form);
      assert.equal(await value(page, 'dec-canonical'), v.text, form);
      assert.equal(await value(page, 'dec-utc'), v.utc);
      assert.equal(await value(page, 'dec-uuid'), v.uuid);
      assert.match(await page.textContent('#dec-note'), /read as UUID text/);
    }
  }
  await page.fill('#dec-input', '01563df3-6481-d676-4c61efb99302bd5b');
  assert.match(await page.textContent('#dec-error'),
    /^Not a valid UUID: invalid UUID text length 35 bytes, want 36 for the form with hyphensYou entered 35 characters; a UUID has 36/);
  assert.ok(await isHidden(page, 'dec-result'));
  await page.fill('#dec-input', ' 01563df3-6481-d676-4c61-efb99302bd5x');
  assert.match(await page.textContent('#dec-error'), /Not a valid UUID: invalid UUID text: character 'x' at offset 36/);
  assert.deepEqual(await texts(page, '#dec-error mark'), ['x']);
});

await step('copy buttons on each decoded field', async () => {
  await page.fill('#dec-input', vectors[0].text);
  const fields = { 'dec-canonical': vectors[0].text, 'dec-utc': vectors[0].utc, 'dec-ms': String(vectors[0].ms),
    'dec-timehex': vectors[0].hex.slice(0, 12), 'dec-entropy': vectors[0].hex.slice(12), 'dec-uuid': vectors[0].uuid,
    'dec-local': kolkata(vectors[0].ms) };
  for (const [id, want] of Object.entries(fields)) {
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.click(`[data-copy="${id}"]`);
    await page.waitForFunction((w) => document.getElementById('copy-status').textContent === `Copied ${w}`, want);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), want, id);
  }
});

await step('local time is RFC 3339 with the offset and reads back in At time (Asia/Kolkata)', async () => {
  for (const v of vectors) {
    await page.fill('#dec-input', v.text);
    const local = await value(page, 'dec-local');
    assert.equal(local, kolkata(v.ms));
    assert.match(local, /^\d{4,5}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+05:30$/);
    assert.equal(await readsBack(page, v.ms), local);
  }
  await page.fill('#dec-input', vectors[0].text);
  assert.equal(await value(page, 'dec-local'), '2016-07-31T04:06:16.385+05:30');
});

await step('where the offset has seconds (Africa/Monrovia before 1972) local time is UTC, and reads back', async () => {
  const p = await open('#decode');
  await emulateTimezone(p, 'Africa/Monrovia');
  assert.equal(await p.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone), 'Africa/Monrovia');
  // Monrovia kept local mean time, 44 min 30 s behind UTC, until 1972-01-07.
  for (const [ms, local, utc] of [
    [0, '1970-01-01T00:00:00.000Z', true],
    [63072000000 - 1, '1971-12-31T23:59:59.999Z', true],
    [vectors[0].ms, vectors[0].utc, false],
    [94694400000, '1973-01-01T00:00:00.000Z', false],
  ]) {
    await p.fill('#dec-input', ulidAt(ms));
    assert.equal(await value(p, 'dec-local'), local, `at ${ms}`);
    assert.equal(await value(p, 'dec-utc'), new Date(ms).toISOString());
    const zone = await p.textContent('#dec-zone');
    if (utc) {
      assert.equal(zone, '(Africa/Monrovia: in UTC, as the offset then, -00:44:30, has seconds, which RFC 3339 cannot write)');
    } else {
      assert.equal(zone, '(Africa/Monrovia)');
    }
    assert.equal(await readsBack(p, ms), local);
  }
  // The same instant, 1970, in Kolkata: the offset has no seconds.
  await emulateTimezone(p, ZONE);
  await p.fill('#dec-input', vectors[1].text);
  assert.equal(await value(p, 'dec-local'), '1970-01-01T05:30:00.000+05:30');
  await emulateTimezone(p, 'Africa/Monrovia');
  await p.fill('#dec-input', vectors[1].text + ' ');
  await p.setViewportSize({ width: 360, height: 740 });
  const [scroll, width] = await p.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= width, `page is ${scroll} px wide in a ${width} px window`);
  await p.screenshot({ path: path.join(shots, 'decode-monrovia-1970.png'), fullPage: true });
  await p.close();
});

await step('white space is what the Go policy trims, in every field: U+3000 and U+2028 are not ignored', async () => {
  // The page never trims with JavaScript's trim(), which removes more.
  const source = readFileSync(new URL('../../cmd/ulid-web/static/app.js', import.meta.url), 'utf8');
  assert.doesNotMatch(source, /(?<!api)\.trim(Start|End|Left|Right)?\(/, 'app.js trims with String.prototype.trim');
  const v = vectors[0];
  const decodeCases = [
    [v.text + '\u3000', /^Not a valid ULID: invalid length 29 bytes, want 26You entered 27 characters; a ULID has 26\. “U\+3000” is not ASCII, so it counts as several bytes, and no ULID has it\. Around an ID the tools ignore ASCII white space, U\+00A0 and U\+FEFF, but not this\.$/],
    ['\u2028' + v.text, /^Not a valid ULID: invalid length 29 bytes, want 26You entered 27 characters; a ULID has 26\. “U\+2028” is not ASCII/],
    ['\u3000', /^Not a valid ULID: invalid length 3 bytes, want 26You entered 1 character; a ULID has 26\. “U\+3000”/],
    ['\u2003\u200a', /^Not a valid ULID: invalid length 6 bytes, want 26You entered 2 characters; a ULID has 26\. “U\+2003”/],
  ];
  for (const [input, want] of decodeCases) {
    await page.fill('#dec-input', input);
    assert.match(await page.textContent('#dec-error'), want, JSON.stringify(input));
    assert.equal(await page.getAttribute('#dec-input', 'aria-invalid'), 'true');
    assert.ok(await isHidden(page, 'dec-result'));
  }
  // What the policy trims: blank, or around a valid ULID.
  await page.fill('#dec-input', ' \u00a0\ufeff\t');
  assert.ok(await isHidden(page, 'dec-error'));
  assert.ok(await isHidden(page, 'dec-result'));
  assert.equal(await page.getAttribute('#dec-input', 'aria-invalid'), null);
  await page.fill('#dec-input', '\ufeff' + v.text + '\u00a0');
  assert.equal(await value(page, 'dec-canonical'), v.text);
  assert.match(await page.textContent('#dec-note'), /surrounding white space ignored/);

  await page.fill('#list-input', '\u3000\n' + v.text + '\n\u00a0\n');
  assert.equal(await page.textContent('#list-status'), '1 valid ID, sorted by time; 1 invalid.');
  assert.deepEqual(await texts(page, '#list-bad-items li'), ['Line 1: \u3000: invalid length 3 bytes, want 26']);
  await page.fill('#list-input', '\u00a0\n\ufeff \n');
  assert.ok(await isHidden(page, 'list-out'));
  await page.fill('#list-input', '');

  await page.click('#tab-convert');
  for (const field of ['conv-ulid', 'conv-uuid']) {
    await page.fill(`#${field}`, '\u3000');
    assert.match(await page.textContent(`#${field}-error`), /invalid length 3 bytes, want 26You entered 1 character;/, field);
    await page.fill(`#${field}`, '\u00a0 ');
    assert.ok(await isHidden(page, `${field}-error`), field);
    assert.equal(await page.getAttribute(`#${field}`, 'aria-invalid'), null);
  }

  await page.click('#tab-generate');
  await page.fill('#gen-count', '2');
  await page.fill('#gen-time', '\u3000');
  await page.click('#gen-button');
  assert.match(await page.textContent('#gen-status'), /^At time: want an RFC 3339 time/);
  assert.equal(await page.getAttribute('#gen-time', 'aria-invalid'), 'true');
  await page.fill('#gen-time', '\u00a0 ');
  await page.click('#gen-button');
  assert.equal(await page.textContent('#gen-status'), 'Generated 2 ULIDs, strictly increasing.');
  await page.fill('#gen-time', '');
  await page.click('#tab-decode');
});

await step('decode a list: sorted by time, invalid lines with the reason, copy of the sorted list', async () => {
  const lines = ['', vectors[0].text, '  ' + vectors[3].uuid, '01ARYZ6S41TSV4RRFFQ69G5FAU', '',
    vectors[1].text.toLowerCase() + '\r', '01563df3-6481-d676-4c61efb99302bd5b', vectors[4].text, vectors[2].text];
  await page.fill('#list-input', lines.join('\n'));
  const rows = await page.$$eval('#list-rows tr', (trs) => trs.map((tr) => Array.from(tr.cells, (c) => c.textContent)));
  assert.deepEqual(rows, [
    ['6', vectors[1].text, vectors[1].utc],
    ['8', vectors[4].text, vectors[4].utc],
    ['2', vectors[0].text, vectors[0].utc],
    ['3', vectors[3].text, vectors[3].utc],
    ['9', vectors[2].text, vectors[2].utc],
  ]);
  assert.equal(await page.textContent('#list-status'), '5 valid IDs, sorted by time; 2 invalid.');
  assert.equal(await page.textContent('#list-bad-title'), '2 invalid lines');
  assert.deepEqual(await texts(page, '#list-bad-items li'), [
    `Line 4: 01ARYZ6S41TSV4RRFFQ69G5FAU: invalid character 'U' at offset 25`,
    'Line 7: 01563df3-6481-d676-4c61efb99302bd5b: invalid UUID text length 35 bytes, want 36 for the form with hyphens',
  ]);
  await page.click('#list-copy');
  await page.waitForFunction(() => /Copied 5 sorted IDs/.test(document.getElementById('copy-status').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), rows.map((r) => r[1]).join('\n') + '\n');
  await page.screenshot({ path: path.join(shots, 'decode-list.png'), fullPage: true });
  await page.fill('#list-input', 'x\n');
  assert.deepEqual(await texts(page, '#list-rows tr'), []);
  assert.ok(await page.isDisabled('#list-copy'));
  await page.fill('#list-input', '');
  assert.ok(await isHidden(page, 'list-out'));
});

await step('the anatomy in both colour schemes: distinct colours, readable contrast', async () => {
  await page.fill('#dec-input', vectors[0].text);
  const seen = {};
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    const parts = await anatomyOf(page, 'dec-anatomy');
    for (const p of parts) {
      const ratio = contrast(p.color, p.background);
      assert.ok(ratio >= 4.5, `${scheme} ${p.name}: contrast ${ratio.toFixed(2)} of ${p.color} on ${p.background}`);
    }
    assert.notEqual(parts[0].color, parts[1].color, `${scheme}: the two parts have one colour`);
    seen[scheme] = parts[0].color;
    await page.screenshot({ path: path.join(shots, `decode-${scheme}.png`), fullPage: true });
  }
  assert.notEqual(seen.light, seen.dark);
  await page.emulateMedia({ colorScheme: 'light' });
});

await step('decode normalises lower case, aliases and white space', async () => {
  await page.fill('#dec-input', '01arYZ6s41tsv4rrffq69g5fav');
  assert.equal(await value(page, 'dec-canonical'), vectors[0].text);
  assert.match(await page.textContent('#dec-note'), /lower case/);
  await page.fill('#dec-input', 'OIARYZ6S41TSV4RRFFQ69G5FAV');
  assert.equal(await value(page, 'dec-canonical'), vectors[0].text);
  assert.equal(await value(page, 'dec-uuid'), vectors[0].uuid);
  assert.match(await page.textContent('#dec-note'), /aliases at offsets 0, 1/);
  await page.fill('#dec-input', '  01ARYZ6S41TSV4RRFFQ69G5FAV\n');
  assert.equal(await value(page, 'dec-canonical'), vectors[0].text);
  assert.match(await page.textContent('#dec-note'), /white space ignored/);
  await page.fill('#dec-input', vectors[0].text);
  await page.locator('#dec-input').blur();
  // No copy button still reads "Copied" from an earlier step.
  await page.waitForFunction(() => !Array.from(document.querySelectorAll('button.copy')).some((b) => b.textContent !== 'Copy'));
  // Cropped below the decoded fields: this one is also the README's
  // screenshot, showing the anatomy of the ULID.
  await page.evaluate(() => window.scrollTo(0, 0));
  const bottom = await page.$eval('#dec-result', (el) => el.getBoundingClientRect().bottom + window.scrollY);
  await page.screenshot({ path: path.join(shots, 'decode.png'), fullPage: true, clip: { x: 0, y: 0, width: 960, height: Math.ceil(bottom) + 24 } });
});

await step('decode shows errors inline with the offset', async () => {
  const cases = [
    ['01ARYZ6S41TSV4RRFFQ69G5FAU', /invalid character 'U' at offset 25/, 'U', /Offset 25 \(character 26\): U/],
    ['01ARYZ6S41-SV4RRFFQ69G5FAV', /invalid character '-' at offset 10/, '-', /Offset 10/],
    ['80000000000000000000000000', /first character '8' is above '7'/, '8', /Offset 0/],
    ['01ARYZ6S41TSV4RRFFQ69G5FA', /invalid length 25 bytes, want 26/, null, /You entered 25 characters; a ULID has 26/],
    [' 01ARYZ6S41TSV4RRFFQ69G5FAU', /invalid character 'U' at offset 26/, 'U', /Offset 26/],
    // Offsets count bytes: the emoji is 4 bytes, so it is the 11th of 26 bytes here …
    ['01ARYZ6S41😀TSV4RRFFQ69G', /invalid character 0xf0 at offset 10/, '😀', /Offset 10 \(character 11\): 😀/],
    // … and here the input is 27 bytes long, though 24 characters.
    ['01ARYZ6S41TSV4😀RFFQ69G5F', /invalid length 27 bytes, want 26/, null, /You entered 24 characters; a ULID has 26\. “😀” is not ASCII/],
  ];
  for (const [input, message, marked, detail] of cases) {
    await page.fill('#dec-input', input);
    assert.ok(!(await isHidden(page, 'dec-error')), input);
    assert.ok(await isHidden(page, 'dec-result'));
    const text = await page.textContent('#dec-error');
    assert.match(text, /^Not a valid ULID: /);
    assert.match(text, message);
    assert.match(text, detail);
    assert.equal(await page.getAttribute('#dec-input', 'aria-invalid'), 'true');
    const marks = await texts(page, '#dec-error mark');
    assert.deepEqual(marks, marked === null ? [] : [marked]);
  }
  await page.fill('#dec-input', vectors[0].text.slice(0, 25) + 'U');
  await page.screenshot({ path: path.join(shots, 'decode-error.png'), fullPage: true });
  await page.fill('#dec-input', '');
  assert.ok(await isHidden(page, 'dec-error'));
  assert.ok(await isHidden(page, 'dec-result'));
  assert.equal(await page.getAttribute('#dec-input', 'aria-invalid'), null);
});

await step('convert ULID → UUID and UUID → ULID', async () => {
  await page.click('#tab-convert');
  for (const v of vectors) {
    await page.fill('#conv-ulid', v.text);
    assert.equal(await page.textContent('#conv-uuid-out'), v.uuid);
    await page.fill('#conv-ulid', v.text.toLowerCase());
    assert.equal(await page.textContent('#conv-uuid-out'), v.uuid);
    for (const form of [v.uuid, v.uuid.toUpperCase(), v.uuid.replaceAll('-', ''), `{${v.uuid}}`, `urn:uuid:${v.uuid}`]) {
      await page.fill('#conv-uuid', form);
      assert.equal(await page.textContent('#conv-ulid-out'), v.text, form);
      assert.ok(await isHidden(page, 'conv-uuid-error'));
    }
  }
  await page.fill('#conv-uuid', '01563df3-6481-d676-4c61-efb99302bd5g');
  assert.equal(await page.textContent('#conv-ulid-out'), '');
  assert.match(await page.textContent('#conv-uuid-error'), /Not a valid UUID: .*character 'g' at offset 35/);
  assert.deepEqual(await texts(page, '#conv-uuid-error mark'), ['g']);
  await page.fill('#conv-ulid', '01ARYZ6S41TSV4RRFFQ69G5FAU');
  assert.equal(await page.textContent('#conv-uuid-out'), '');
  assert.match(await page.textContent('#conv-ulid-error'), /offset 25/);
  await page.screenshot({ path: path.join(shots, 'convert-error.png'), fullPage: true });
  await page.fill('#conv-ulid', vectors[0].text);
  await page.fill('#conv-uuid', vectors[3].uuid);
  assert.ok(await isHidden(page, 'conv-ulid-error'));
  // Each in the form its label names: no note.
  assert.ok(await isHidden(page, 'conv-ulid-note'));
  assert.ok(await isHidden(page, 'conv-uuid-note'));
  await page.click('[data-copy="conv-uuid-out"]');
  await page.waitForFunction(() => /Copied/.test(document.getElementById('copy-status').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), vectors[0].uuid);
  await page.screenshot({ path: path.join(shots, 'convert.png'), fullPage: true });
}, 'both');

await step('convert: either field takes a ULID or UUID text, as ulid convert does, and shows the other form', async () => {
  for (const v of vectors) {
    for (const form of [v.uuid, ` ${v.uuid.toUpperCase()}\n`, `{${v.uuid}}`, `urn:uuid:${v.uuid}`, v.uuid.replaceAll('-', '')]) {
      await page.fill('#conv-ulid', form);
      assert.ok(await isHidden(page, 'conv-ulid-error'), form);
      assert.equal(await page.textContent('#conv-uuid-out'), v.text, form);
      assert.equal(await page.getAttribute('#conv-uuid-out', 'aria-label'), 'ULID');
      assert.equal(await page.getAttribute('[data-copy="conv-uuid-out"]', 'aria-label'), 'Copy the ULID');
      assert.ok(!(await isHidden(page, 'conv-ulid-note')));
      assert.equal(await page.textContent('#conv-ulid-note'), 'Read as UUID text, so this is its ULID.');
    }
    for (const form of [v.text, ` ${v.text.toLowerCase()}\t`]) {
      await page.fill('#conv-uuid', form);
      assert.ok(await isHidden(page, 'conv-uuid-error'), form);
      assert.equal(await page.textContent('#conv-ulid-out'), v.uuid, form);
      assert.equal(await page.getAttribute('#conv-ulid-out', 'aria-label'), 'UUID');
      assert.equal(await page.textContent('#conv-uuid-note'), 'Read as a ULID, so this is its UUID.');
      assert.ok(!(await isHidden(page, 'conv-uuid-note')));
    }
  }
  await page.fill('#conv-ulid', vectors[0].uuid);
  await page.click('[data-copy="conv-uuid-out"]');
  await page.waitForFunction((w) => document.getElementById('copy-status').textContent === `Copied ${w}`, vectors[0].text);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), vectors[0].text);
  await page.screenshot({ path: path.join(shots, 'convert-other-form.png'), fullPage: true });
  // Back to its own form: the note goes, the labels follow.
  await page.fill('#conv-ulid', vectors[0].text);
  assert.equal(await page.textContent('#conv-uuid-out'), vectors[0].uuid);
  assert.equal(await page.getAttribute('#conv-uuid-out', 'aria-label'), 'UUID');
  assert.ok(await isHidden(page, 'conv-ulid-note'));

  // Errors speak of the form the input looks like, in either field.
  const errors = [
    ['conv-ulid', ' 01563df3-6481-d676-4c61efb99302bd5b',
      /^Not a valid UUID: invalid UUID text length 35 bytes, want 36 for the form with hyphensYou entered 35 characters; a ULID has 26, UUID text 36 \(or 32 without hyphens, 38 in braces, 45 with urn:uuid:\)\.$/, []],
    ['conv-ulid', '01563df3-6481-d676-4c61-efb99302bd5g', /^Not a valid UUID: invalid UUID text: character 'g' at offset 35/, ['g']],
    ['conv-uuid', '01ARYZ6S41TSV4RRFFQ69G5FAU', /^Not a valid ULID: invalid character 'U' at offset 25/, ['U']],
    ['conv-uuid', '01563df3', /^Not a valid (ULID|UUID): .*You entered 8 characters; a ULID has 26, UUID text 36/, []],
  ];
  for (const [field, input, want, marks] of errors) {
    await page.fill(`#${field}`, input);
    assert.match(await page.textContent(`#${field}-error`), want, `${field}: ${input}`);
    assert.deepEqual(await texts(page, `#${field}-error mark`), marks);
    assert.equal(await page.getAttribute(`#${field}`, 'aria-invalid'), 'true');
    assert.ok(await isHidden(page, `${field}-note`));
    const out = field === 'conv-ulid' ? 'conv-uuid-out' : 'conv-ulid-out';
    assert.equal(await page.textContent(`#${out}`), '');
    assert.ok(await page.isDisabled(`[data-copy="${out}"]`));
  }
  await page.fill('#conv-ulid', '');
  await page.fill('#conv-uuid', '');
  assert.ok(await isHidden(page, 'conv-ulid-error'));
  assert.ok(await isHidden(page, 'conv-uuid-error'));
  assert.equal(await page.getAttribute('#conv-uuid-out', 'aria-label'), 'UUID');
  assert.equal(await page.getAttribute('#conv-ulid-out', 'aria-label'), 'ULID');
});

await step('keyboard only: tabs with arrow keys, Home, End; fields reachable with Tab', async () => {
  const kb = await open();
  const active = () => kb.evaluate(() => document.activeElement?.id);
  const selected = () => kb.$$eval('[role="tab"]', (ts) => ts.filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.id));
  const visiblePanels = () => kb.$$eval('[role="tabpanel"]', (ps) => ps.filter((p) => !p.hidden).map((p) => p.id));
  const expectTab = async (name) => {
    assert.equal(await active(), `tab-${name}`);
    assert.deepEqual(await selected(), [`tab-${name}`]);
    assert.deepEqual(await visiblePanels(), [`panel-${name}`]);
  };

  await kb.keyboard.press('Tab');
  await expectTab('generate');
  const outline = await kb.evaluate(() => {
    const s = getComputedStyle(document.activeElement);
    return [s.outlineStyle, parseFloat(s.outlineWidth)];
  });
  assert.notEqual(outline[0], 'none', 'the focused tab has a visible outline');
  assert.ok(outline[1] >= 2, `outline width ${outline[1]}`);
  // Only the selected tab is in the Tab order.
  assert.deepEqual(await kb.$$eval('[role="tab"]', (ts) => ts.map((t) => t.tabIndex)), [0, -1, -1]);

  await kb.keyboard.press('ArrowRight');
  await expectTab('decode');
  assert.equal(new URL(kb.url()).hash, '#decode');
  await kb.screenshot({ path: path.join(shots, 'keyboard-focus.png') });
  await kb.keyboard.press('Tab');
  assert.equal(await active(), 'dec-input');
  await kb.keyboard.type('01arYZ6s41tsv4rrffq69g5fav');
  assert.equal(await value(kb, 'dec-canonical'), vectors[0].text);
  await kb.keyboard.press('Shift+Tab');
  await expectTab('decode');
  await kb.keyboard.press('End');
  await expectTab('convert');
  await kb.keyboard.press('ArrowRight');
  await expectTab('generate');
  await kb.keyboard.press('ArrowLeft');
  await expectTab('convert');
  await kb.keyboard.press('Tab');
  assert.equal(await active(), 'conv-ulid');
  await kb.keyboard.type(vectors[4].text);
  assert.equal(await kb.textContent('#conv-uuid-out'), vectors[4].uuid);
  await kb.keyboard.press('Shift+Tab');
  await kb.keyboard.press('Home');
  await expectTab('generate');
  await kb.keyboard.press('Tab');
  assert.equal(await active(), 'gen-count');
  await kb.keyboard.press('Control+A');
  await kb.keyboard.type('3');
  await kb.keyboard.press('Enter');
  assert.equal((await texts(kb, '#gen-list .id')).length, 3);
  // Tab on through the time and the checkboxes to the buttons; Space
  // toggles lower case and UUIDv7.
  await kb.keyboard.press('Tab');
  assert.equal(await active(), 'gen-time');
  await kb.keyboard.press('Tab');
  assert.equal(await active(), 'gen-monotonic');
  await kb.keyboard.press('Tab');
  assert.equal(await active(), 'gen-lower');
  await kb.keyboard.press('Space');
  await kb.keyboard.press('Tab');
  assert.equal(await active(), 'gen-v7');
  await kb.keyboard.press('Space');
  assert.ok(await kb.isChecked('#gen-v7'));
  await kb.keyboard.press('Tab');
  assert.equal(await active(), 'gen-button');
  await kb.keyboard.press('Enter');
  const ids = await texts(kb, '#gen-list .id');
  assert.equal(ids.length, 3);
  assert.equal(ids[0], ids[0].toLowerCase());
  for (const id of ids) assert.ok(isUUIDv7(uuidOf(id)), `${id} is ${uuidOf(id)}, not a UUIDv7`);
  await kb.close();
});

await step('a #decode link opens the Decode tab', async () => {
  const p = await open('#decode');
  assert.equal(await p.getAttribute('#tab-decode', 'aria-selected'), 'true');
  assert.ok(!(await isHidden(p, 'panel-decode')));
  assert.ok(await isHidden(p, 'panel-generate'));
  await p.close();
});

await step('phone width: no horizontal scrolling on any tab', async () => {
  const phone = await open();
  await phone.setViewportSize({ width: 360, height: 740 });
  await phone.fill('#gen-count', '5');
  await phone.click('#gen-button');
  for (const tab of ['generate', 'decode', 'convert']) {
    await phone.click(`#tab-${tab}`);
    if (tab === 'decode') {
      await phone.fill('#dec-input', vectors[2].text);
      await phone.fill('#list-input', vectors.map((v) => v.text).join('\n') + '\nnot an ID, and a long line that must wrap rather than widen the page');
      assert.ok(!(await isHidden(phone, 'dec-anatomy')));
    }
    if (tab === 'convert') {
      await phone.fill('#conv-ulid', vectors[0].text);
      await phone.fill('#conv-uuid', 'urn:uuid:' + vectors[4].uuid);
    }
    const [scroll, width] = await phone.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= width, `${tab}: page is ${scroll} px wide in a ${width} px window`);
    await phone.screenshot({ path: path.join(shots, `phone-${tab}.png`), fullPage: true });
  }
  await phone.close();
});

await step('while main.wasm loads, a styled loading state; the controls wait', async () => {
  const slow = watch(await context.newPage());
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await slow.route('**/main.wasm', async (route) => { await held; await route.continue(); });
  await slow.goto(base.href);
  await slow.waitForSelector('#loading:not([hidden])');
  assert.equal(await slow.getAttribute('body', 'data-ready'), null);
  assert.equal(await slow.textContent('#loading-title'), 'Loading the tool…');
  assert.equal(await slow.getAttribute('#loading', 'role'), 'status');
  assert.equal(await slow.getAttribute('main', 'aria-busy'), 'true');
  assert.ok(await slow.isDisabled('#gen-button'));
  const style = await slow.$eval('#loading', (el) => {
    const s = getComputedStyle(el);
    return { display: s.display, border: s.borderLeftStyle, spinner: getComputedStyle(el.querySelector('.spinner')).display };
  });
  assert.deepEqual(style, { display: 'flex', border: 'solid', spinner: 'block' });
  await slow.screenshot({ path: path.join(shots, 'loading.png') });
  release();
  await slow.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  assert.ok(await isHidden(slow, 'loading'));
  assert.equal(await slow.getAttribute('main', 'aria-busy'), null);
  assert.ok(!(await slow.isDisabled('#gen-button')));
  await slow.close();
});

await step('without WebAssembly the page says so, in a styled state', async () => {
  const bare = watch(await context.newPage());
  await bare.addInitScript(() => { delete globalThis.WebAssembly; });
  await bare.goto(base.href);
  await bare.waitForSelector('body[data-ready]');
  assert.equal(await bare.getAttribute('body', 'data-ready'), 'no-wasm');
  assert.ok(!(await isHidden(bare, 'loading')));
  assert.equal(await bare.textContent('#loading-title'), 'This browser cannot run WebAssembly');
  assert.match(await bare.textContent('#loading-detail'), /go install github\.com\/ulidgo\/ulid\/cmd\/ulid@latest/);
  assert.equal(await bare.getAttribute('#loading', 'role'), 'alert');
  assert.ok(await bare.$eval('#loading', (el) => el.classList.contains('bad') && getComputedStyle(el.querySelector('.spinner')).display === 'none'));
  assert.ok(await bare.isDisabled('#gen-button'));
  await bare.screenshot({ path: path.join(shots, 'no-wasm.png') });
  await bare.close();
});

await step('a host that sends main.wasm with another Content-Type: the page compiles it all the same', async () => {
  const p = watch(await context.newPage());
  let served = '';
  let fetches = 0;
  await p.route('**/main.wasm', async (route) => {
    fetches++;
    const response = await route.fetch();
    served = response.headers()['content-type'];
    await route.fulfill({ response, headers: { ...response.headers(), 'content-type': 'application/octet-stream' } });
  });
  await p.goto(base.href);
  await p.waitForSelector('body[data-ready]', { timeout: 30000 });
  assert.equal(served, 'application/wasm');
  // WebAssembly.instantiateStreaming refuses it; the page fetches it again.
  assert.equal(fetches, 2);
  assert.equal(await p.getAttribute('body', 'data-ready'), 'true', await p.textContent('#loading'));
  assert.equal((await texts(p, '#gen-list .id')).length, 10);
  await p.close();
}, 'static');

await step('no request left the local server', async () => {
  assert.ok(requests.length > 0);
  const foreign = requests.filter((u) => new URL(u).origin !== base.origin);
  assert.deepEqual(foreign, []);
  const wasm = requests.filter((u) => new URL(u).pathname === '/main.wasm');
  assert.ok(wasm.length >= 1, 'main.wasm was loaded');
}, 'both');

await step('no console errors, page errors or failed requests', async () => {
  assert.deepEqual(problems, []);
}, 'both');

await context.close();
staticServer?.close();
console.log(`${requests.length} requests, all to ${base.origin}`);
console.log(`screenshots: ${shots}`);
// The plain closing line CI summaries read.
console.log(`browser${mode === 'static' ? ' (static export)' : ''}: ${steps - failures} passed, ${failures} failed`);
if (failures > 0) {
  process.exit(1);
}
