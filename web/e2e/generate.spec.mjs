// The Generate tab: counts, times, options, the anatomy and copying.
import { test, expect, vectors, ULID_RE, timestampOf, entropyOf, uuidOf, isUUIDv7, isoOf, texts, hidden, value, anatomyOf, clipboard, shot, open } from './fixtures.mjs';

test.beforeEach(async ({ page }) => { await open(page); });

// generate fills the count (and time, if given) and clicks Generate.
async function generate(page, count, at) {
  if (at !== undefined) await page.fill('#gen-time', at);
  await page.fill('#gen-count', String(count));
  await page.click('#gen-button');
}

test('the page loads, the wasm starts and 10 ULIDs are generated', { tag: '@export' }, async ({ page }) => {
  await expect(page).toHaveTitle(/ULID/);
  await expect(page.locator('#gen-list .id')).toHaveCount(10);
  await expect(page.locator('#tab-generate')).toHaveAttribute('aria-selected', 'true');
  await hidden(page, 'loading');
});

test('generate 100: valid, strictly increasing, now ± 5 s, times match', { tag: '@export' }, async ({ page }) => {
  await expect(page.locator('#gen-monotonic')).toBeChecked();
  const before = Date.now();
  await generate(page, 100);
  await expect(page.locator('#gen-status')).toHaveText(/Generated 100 ULIDs, strictly increasing/);
  const ids = await texts(page, '#gen-list .id');
  const times = await page.$$eval('#gen-list time', (els) => els.map((e) => [e.textContent, e.dateTime]));
  const after = Date.now();
  expect(ids).toHaveLength(100);
  for (const [i, id] of ids.entries()) {
    expect(id).toMatch(ULID_RE);
    if (i > 0) expect(id > ids[i - 1], `${id} after ${ids[i - 1]}`).toBe(true);
    const ms = timestampOf(id);
    expect(ms >= before - 5000 && ms <= after + 5000, `${id}: ${ms} not within 5 s of [${before}, ${after}]`).toBe(true);
    expect(times[i]).toEqual([new Date(ms).toISOString(), new Date(ms).toISOString()]);
  }
});

test('copy all puts the list on the clipboard', async ({ page }) => {
  const ids = await texts(page, '#gen-list .id');
  await page.click('#gen-copy');
  await expect(page.locator('#gen-status')).toHaveText(/Copied/);
  expect(await clipboard(page)).toBe(ids.join('\n') + '\n');
});

test('generate lower case, and without monotonic', async ({ page }) => {
  await page.check('#gen-lower');
  await generate(page, 1000);
  await expect(page.locator('#gen-list .id')).toHaveCount(1000);
  for (const id of await texts(page, '#gen-list .id')) {
    expect(id).toBe(id.toLowerCase());
    expect(id.toUpperCase()).toMatch(ULID_RE);
  }
  await page.uncheck('#gen-lower');
  await page.uncheck('#gen-monotonic');
  await generate(page, 50);
  await expect(page.locator('#gen-status')).toHaveText(/fresh random bits/);
  const ids = await texts(page, '#gen-list .id');
  expect(ids).toHaveLength(50);
  for (const id of ids) expect(id).toMatch(ULID_RE);
});

test('the count is read as ulid -n reads it, 1 to 1000; a bad one clears the old list', async ({ page }) => {
  // The errors of ulid -n (toolinput.ParseCount), after "How many: ".
  const syntax = 'How many: want a whole number in decimal digits, such as 10';
  const range = 'How many: out of range: want from 1 to 1000';
  for (const [bad, want] of [['0', range], ['1001', range], ['-1', range], ['2.5', syntax], ['', syntax],
    ['1e3', syntax], ['1E1', syntax], ['10.000', syntax], ['0x10', syntax], ['1_000', syntax], ['5\u3000', syntax]]) {
    await generate(page, 3);
    await expect(page.locator('#gen-list .id')).toHaveCount(3);
    await generate(page, bad);
    await expect(page.locator('#gen-status'), JSON.stringify(bad)).toHaveText(want);
    await expect(page.locator('#gen-count')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#gen-time')).not.toHaveAttribute('aria-invalid');
    // No stale output: no list, no anatomy, and Copy all is off.
    await expect(page.locator('#gen-list li')).toHaveCount(0);
    await hidden(page, 'gen-anatomy');
    await expect(page.locator('#gen-copy')).toBeDisabled();
  }
  await page.evaluate(() => navigator.clipboard.writeText('before'));
  await page.click('#gen-copy', { force: true });
  expect(await clipboard(page)).toBe('before');
  // Decimal digits, with the policy's white space around them ignored.
  for (const [good, n] of [[' 010 ', 10], ['7\u00a0', 7], ['+2', 2], ['1000', 1000], ['10', 10]]) {
    await generate(page, good);
    await expect(page.locator('#gen-status')).toHaveText(new RegExp(`^Generated ${n} ULIDs, strictly increasing`));
    await expect(page.locator('#gen-count')).not.toHaveAttribute('aria-invalid');
    await expect(page.locator('#gen-list .id'), good).toHaveCount(n);
  }
  await shot(page, 'generate.png');
});

test('generate at a time: RFC 3339, @seconds, ms; the seconds rule; a bad time clears the list', async ({ page }) => {
  const v = vectors[0];
  for (const at of [v.utc, v.utc.toLowerCase(), '@1469918176.385', String(v.ms), ' 2016-07-31T04:06:16.385+05:30 ']) {
    await generate(page, 5, at);
    await expect(page.locator('#gen-status')).toHaveText(new RegExp(`Generated 5 ULIDs at ${v.utc}, strictly increasing`));
    const ids = await texts(page, '#gen-list .id');
    expect(ids, at).toHaveLength(5);
    for (const [i, id] of ids.entries()) {
      expect(timestampOf(id), `${at}: ${id}`).toBe(v.ms);
      if (i > 0) expect(id > ids[i - 1]).toBe(true);
    }
    expect(await texts(page, '#gen-list time')).toEqual(Array(5).fill(v.utc));
    await expect(page.locator('#gen-time')).not.toHaveAttribute('aria-invalid');
  }
  await generate(page, 5, vectors[2].utc);
  await expect(page.locator('#gen-status')).toHaveText(new RegExp(`at ${vectors[2].utc}`));
  expect(timestampOf((await texts(page, '#gen-list .id'))[0])).toBe(vectors[2].ms);
  for (const [bad, message] of [['1469918176', /ambiguous: .* write @1469918176 for seconds/], ['yesterday', /want an RFC 3339 time/],
    ['10889-08-02T05:31:50.656Z', /out of range/]]) {
    await generate(page, 5, bad);
    await expect(page.locator('#gen-status'), bad).toHaveText(message);
    await expect(page.locator('#gen-time')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#gen-list li')).toHaveCount(0);
    await expect(page.locator('#gen-copy')).toBeDisabled();
  }
  await generate(page, 10, '');
  await expect(page.locator('#gen-list .id')).toHaveCount(10);
});

test('generate shows the anatomy of the first ULID; each row has a copy button', async ({ page }) => {
  const ids = await texts(page, '#gen-list .id');
  const times = await texts(page, '#gen-list time');
  const parts = await anatomyOf(page, 'gen-anatomy');
  expect(parts.map((p) => [p.name, p.chars, p.value])).toEqual([
    ['Timestamp', ids[0].slice(0, 10), 'time: ' + times[0]],
    ['Randomness', ids[0].slice(10), 'in hex: ' + entropyOf(ids[0])],
  ]);
  await expect(page.locator('#gen-anatomy .anatomy-title')).toHaveText(`Anatomy of ${ids[0]}`);
  const buttons = page.locator('#gen-list button.copy-row');
  await expect(buttons).toHaveCount(10);
  await expect(buttons.nth(2)).toHaveAttribute('aria-label', 'Copy ULID 3');
  await buttons.nth(2).click();
  await expect(page.locator('#copy-status')).toHaveText(/Copied/);
  expect(await clipboard(page)).toBe(ids[2]);
  await expect(buttons.nth(2)).toHaveText('Copied');
});

test('generate UUIDv7: a labelled checkbox; each UUID form has version 7 and variant 8–b', async ({ page }) => {
  await expect(page.locator('#gen-v7')).not.toBeChecked();
  expect(await page.$eval('#gen-v7', (el) => el.labels[0].textContent.trim())).toBe('UUIDv7');
  await expect(page.locator('#gen-v7')).toHaveAccessibleDescription(/valid RFC 9562 version 7 UUID/);
  await page.getByLabel('UUIDv7', { exact: true }).check();
  await expect(page.locator('#gen-v7')).toBeChecked();
  const before = Date.now();
  await generate(page, 100);
  await expect(page.locator('#gen-status')).toHaveText(/^Generated 100 UUIDv7-compatible ULIDs, strictly increasing\.$/);
  const after = Date.now();
  let ids = await texts(page, '#gen-list .id');
  expect(ids).toHaveLength(100);
  for (const [i, id] of ids.entries()) {
    expect(id).toMatch(ULID_RE);
    expect(isUUIDv7(uuidOf(id)), `${id} is ${uuidOf(id)}, not a UUIDv7`).toBe(true);
    if (i > 0) expect(id > ids[i - 1], `${id} after ${ids[i - 1]}`).toBe(true);
    const ms = timestampOf(id);
    expect(ms >= before - 5000 && ms <= after + 5000, `${id}: ${ms} not within 5 s of [${before}, ${after}]`).toBe(true);
  }
  await shot(page, 'generate-v7.png');

  // At a time, without monotonic, in lower case: still each a UUIDv7.
  const v = vectors[0];
  await page.uncheck('#gen-monotonic');
  await page.check('#gen-lower');
  await generate(page, 50, v.utc);
  await expect(page.locator('#gen-status')).toHaveText(new RegExp(`^Generated 50 UUIDv7-compatible ULIDs at ${v.utc}, each with fresh random bits`));
  ids = await texts(page, '#gen-list .id');
  expect(ids).toHaveLength(50);
  for (const id of ids) {
    expect(id).toBe(id.toLowerCase());
    expect(isUUIDv7(uuidOf(id)), `${id} is ${uuidOf(id)}, not a UUIDv7`).toBe(true);
    expect(timestampOf(id.toUpperCase()), id).toBe(v.ms);
  }

  // Decode says the same of one, and shows the same UUID.
  await page.click('#tab-decode');
  await page.fill('#dec-input', ids[0]);
  await value(page, 'dec-uuid', uuidOf(ids[0]));
  await expect(page.locator('#dec-uuidv7')).toHaveText('true');
  await page.click('#tab-generate');

  // Unticked, the next ULIDs are the plain kind again.
  await page.uncheck('#gen-v7');
  await page.uncheck('#gen-lower');
  await page.check('#gen-monotonic');
  await generate(page, 10, '');
  await expect(page.locator('#gen-status')).toHaveText('Generated 10 ULIDs, strictly increasing.');
  await expect(page.locator('#gen-list .id')).toHaveCount(10);
});

test('the test\'s own decoders agree with the vectors and RFC 9562\'s example', async () => {
  // uuidOf and isUUIDv7 agree with the shared vectors and RFC 9562's example.
  for (const v of vectors) expect(uuidOf(v.text)).toBe(v.uuid);
  expect(uuidOf('01FWHE4YDGFK1SHH6W1G60EECF')).toBe('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
  expect(isUUIDv7('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')).toBe(true);
  expect(isUUIDv7(vectors[0].uuid)).toBe(false);
  for (const v of vectors) {
    expect(timestampOf(v.text)).toBe(v.ms);
    expect(entropyOf(v.text)).toBe(v.hex.slice(12));
    expect(isoOf(v.ms)).toBe(v.utc);
  }
});
