// The fixtures and helpers of the browser tests: the test vectors, decoders
// of the test's own (independent of the page), and a test whose every page
// is watched for errors and for requests that leave the page's server.
import { test as base, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export { expect };

// The shared test vectors, testdata/vectors.json, which the Go tests read
// too: computed from the layout of the ULID specification
// (https://github.com/ulid/spec).
const shared = JSON.parse(readFileSync(new URL('../../testdata/vectors.json', import.meta.url), 'utf8'));
export const vectors = shared.vectors;
export const extras = shared.extras;

// The public ID vectors, testdata/publicid.json, which the Go tests and the
// SQL kit's read too: keys (by name, in hex, with their marks), ULIDs and
// their public IDs, and text that unmasking refuses. The format is in
// docs/public-ids.md.
export const publicIDs = JSON.parse(readFileSync(new URL('../../testdata/publicid.json', import.meta.url), 'utf8'));
export const keyHex = Object.fromEntries(publicIDs.keys.map((k) => [k.name, k.hex]));
export const keyMark = Object.fromEntries(publicIDs.keys.map((k) => [k.name, k.mark]));

export const ULID_RE = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

// timestampOf returns the Unix ms in a canonical ULID's first 10 characters.
export function timestampOf(id) {
  let ms = 0;
  for (const c of id.slice(0, 10)) ms = ms * 32 + ALPHABET.indexOf(c);
  return ms;
}

const bitsOf = (id) => [...id.toUpperCase()].reduce((n, c) => n * 32n + BigInt(ALPHABET.indexOf(c)), 0n);

// entropyOf returns the 80 entropy bits of a canonical ULID, in hex.
export const entropyOf = (id) => (bitsOf(id) & ((1n << 80n) - 1n)).toString(16).padStart(20, '0');

// uuidOf returns the UUID text of a ULID's 128 bits, given in either case.
export function uuidOf(id) {
  const h = bitsOf(id).toString(16).padStart(32, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// isUUIDv7 says whether UUID text has the version digit 7 and a variant
// digit of 8 to b (RFC 9562: version 7, variant 10).
export const isUUIDv7 = (uuid) => uuid[14] === '7' && /^[89ab]$/.test(uuid[19]);

// RFC 9562's example UUIDv7 (appendix A.6), as UUID text and as a ULID.
export const RFC_V7 = { uuid: '017f22e2-79b0-7cc3-98c4-dc0c0c07398f', text: '01FWHE4YDGFK1SHH6W1G60EECF', ms: 1645557742000 };

// ulidAt returns the canonical ULID of Unix ms with zero entropy.
export function ulidAt(ms) {
  let text = '';
  for (let i = 0; i < 10; i++, ms = Math.floor(ms / 32)) text = ALPHABET[ms % 32] + text;
  return text + '0'.repeat(16);
}

// kolkata returns the local time the page shows in the Asia/Kolkata zone
// (UTC+05:30, no DST), the tests' time zone unless a test sets another:
// RFC 3339 with milliseconds and the offset, as ulid --local prints it.
export const ZONE = 'Asia/Kolkata';
export const kolkata = (ms) => new Date(ms + 330 * 60 * 1000).toISOString().replace(/^\+0*/, '').replace(/Z$/, '+05:30');

// isoOf returns the UTC time of ms as the page writes it.
export const isoOf = (ms) => new Date(ms).toISOString().replace(/^\+0*/, '');

export const texts = (page, selector) => page.locator(selector).allTextContents();

// value expects the element #id to have the value want (an <output>'s
// value is its text).
export const value = (page, id, want, message) => expect(page.locator(`#${id}`), message).toHaveJSProperty('value', want);

// hidden expects the element #id to have its hidden attribute, or not.
export const hidden = (page, id, yes = true, message) => expect(page.locator(`#${id}`), message).toHaveJSProperty('hidden', yes);

// anatomyOf reads the anatomy view in box: each part's name, characters and
// value, and its colours.
export const anatomyOf = (page, box) => page.$$eval(`#${box} .part`, (parts) => parts.map((p) => {
  const chars = p.querySelector('.part-chars');
  return {
    name: p.querySelector('.part-name').textContent,
    chars: chars.textContent,
    value: p.querySelector('.part-value').textContent,
    color: getComputedStyle(chars).color,
    background: getComputedStyle(p).backgroundColor,
  };
}));

// clipboard returns the clipboard's text.
export const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());

// shot saves a screenshot of page as name in $SCREENSHOT_DIR, or in the
// test's output folder; web/screenshot.png is one of them (decode.png).
export async function shot(page, name, options = {}) {
  const dir = process.env.SCREENSHOT_DIR || test.info().outputDir;
  await page.screenshot({ path: path.join(dir, `${test.info().project.name}-${name}`), fullPage: true, ...options });
}

// open loads the page at hash and waits for the wasm to start.
export async function open(page, hash = '') {
  const response = await page.goto(hash || '/');
  expect(response.status()).toBe(200);
  await expect(page.locator('body')).toHaveAttribute('data-ready', /./, { timeout: 30000 });
  await expect(page.locator('body'), await page.textContent('#loading')).toHaveAttribute('data-ready', 'true');
}

// test is Playwright's test, whose context records every request its pages
// make and every error they report. At the end of each test, no request may
// have gone to another origin than the page's server, and no page may have
// reported an error or a failed request, but for those the test took from
// problems (as the policy test takes the violations it provokes).
export const test = base.extend({
  problems: async ({}, use) => { await use([]); },
  requests: async ({}, use) => { await use([]); },
  context: async ({ context, baseURL, problems, requests }, use) => {
    context.on('request', (req) => requests.push(req));
    context.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
    context.on('weberror', (err) => problems.push(`page error: ${err.error().message}`));
    context.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
    await use(context);
    const origin = new URL(baseURL).origin;
    expect(requests.map((r) => r.url()).filter((u) => new URL(u).origin !== origin), 'requests that left the server').toEqual([]);
    expect(problems, 'errors the pages reported').toEqual([]);
  },
});
