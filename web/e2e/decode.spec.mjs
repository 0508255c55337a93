// The Decode tab: every field of the vectors, UUID input, errors, the
// local time and its zones, the list decoder and the anatomy.
import { test, expect, vectors, extras, RFC_V7, kolkata, timestampOf, ulidAt, isoOf, texts, hidden, value, anatomyOf, clipboard, shot, open } from './fixtures.mjs';
import { AxeBuilder } from '@axe-core/playwright';

test.beforeEach(async ({ page }) => {
  await open(page, '#decode');
  await hidden(page, 'panel-generate');
});

const decode = (page, input) => page.fill('#dec-input', input);

test('decode the vectors of testdata/vectors.json, every field', { tag: '@export' }, async ({ page }) => {
  for (const v of vectors) {
    await decode(page, v.text);
    await hidden(page, 'dec-result', false, v.text);
    await hidden(page, 'dec-error');
    await value(page, 'dec-ulid', v.text);
    await value(page, 'dec-time', v.utc);
    await value(page, 'dec-local', kolkata(v.ms));
    // ICU may name the zone by its older name, Asia/Calcutta.
    await expect(page.locator('#dec-zone')).toHaveText(/^\(Asia\/(Kolkata|Calcutta)\)$/);
    await value(page, 'dec-unix_ms', String(v.ms));
    await value(page, 'dec-entropy', v.hex.slice(12));
    await value(page, 'dec-uuid', v.uuid);
    await expect(page.locator('#dec-uuidv7')).toHaveText('false');
    await hidden(page, 'dec-note');
    const parts = await anatomyOf(page, 'dec-anatomy');
    expect(parts.map((p) => [p.name, p.chars, p.value])).toEqual([
      ['Timestamp', v.text.slice(0, 10), 'time: ' + v.utc],
      ['Randomness', v.text.slice(10), 'in hex: ' + v.hex.slice(12)],
    ]);
  }
});

test('decode says whether an ID is a valid UUIDv7', async ({ page }) => {
  for (const [input, yes] of [[RFC_V7.uuid, true], [RFC_V7.text, true], [` urn:uuid:${RFC_V7.uuid.toUpperCase()}`, true],
    [RFC_V7.text.toLowerCase(), true], [vectors[0].text, false], [vectors[0].uuid, false],
    ['017f22e2-79b0-7cc3-c8c4-dc0c0c07398f', false], ['017f22e2-79b0-6cc3-98c4-dc0c0c07398f', false]]) {
    await decode(page, input);
    await value(page, 'dec-uuidv7', String(yes), input);
    await hidden(page, 'dec-error', true, input);
  }
  await decode(page, RFC_V7.uuid);
  await value(page, 'dec-ulid', RFC_V7.text);
  await value(page, 'dec-unix_ms', String(RFC_V7.ms));
  // A screen reader reads the field's name and then the answer.
  const tree = await page.locator('#dec-result .fields').ariaSnapshot();
  expect(tree).toMatch(/- term: Valid UUIDv7\n\s*- definition:\n\s*- status: "?true"?$/);
  await shot(page, 'decode-v7.png');
  await decode(page, '01ARYZ6S41TSV4RRFFQ69G5FAU');
  await hidden(page, 'dec-result');
});

test('the anatomy reads as two labelled parts to a screen reader', async ({ page }) => {
  await decode(page, vectors[0].text);
  await value(page, 'dec-ulid', vectors[0].text);
  const tree = await page.locator('#dec-anatomy').ariaSnapshot();
  for (const want of ['Anatomy of', `code: ${vectors[0].text}`, 'Timestamp 10 characters, 48 bits', vectors[0].text.slice(0, 10),
    `time: ${vectors[0].utc}`, 'Randomness 16 characters, 80 bits', vectors[0].text.slice(10), `in hex: ${vectors[0].hex.slice(12)}`]) {
    expect(tree.includes(want), `the accessibility tree lacks ${JSON.stringify(want)}:\n${tree}`).toBe(true);
  }
  expect(tree).toMatch(/definition/);
  expect(tree).toMatch(/term/);
});

test('decode accepts UUID text, as ulid inspect does', async ({ page }) => {
  for (const v of vectors) {
    for (const form of [v.uuid, ` ${v.uuid.toUpperCase()} `, `{${v.uuid}}`, `urn:uuid:${v.uuid}`, v.uuid.replaceAll('-', '')]) {
      await decode(page, form);
      await value(page, 'dec-ulid', v.text, form);
      await hidden(page, 'dec-error', true, form);
      await value(page, 'dec-time', v.utc);
      await value(page, 'dec-uuid', v.uuid);
      await expect(page.locator('#dec-note')).toHaveText('Read as UUID text: this is the ULID of the same 16 bytes.');
    }
  }
  await decode(page, '01563df3-6481-d676-4c61efb99302bd5b');
  await expect(page.locator('#dec-error')).toHaveText(
    /^Not a valid UUID: invalid UUID text length 35 bytes, want 36 for the form with hyphens$/);
  await hidden(page, 'dec-result');
  await decode(page, ' 01563df3-6481-d676-4c61-efb99302bd5x');
  await expect(page.locator('#dec-error')).toHaveText(/Not a valid UUID: invalid UUID text: character 'x' at offset 36/);
  expect(await texts(page, '#dec-error mark')).toEqual(['x']);
});

test('copy buttons on each decoded field', async ({ page }) => {
  const v = vectors[0];
  await decode(page, v.text);
  const fields = { 'dec-ulid': v.text, 'dec-time': v.utc, 'dec-unix_ms': String(v.ms),
    'dec-entropy': v.hex.slice(12), 'dec-uuid': v.uuid, 'dec-local': kolkata(v.ms) };
  for (const [id, want] of Object.entries(fields)) {
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.click(`[data-copy="${id}"]`);
    await expect(page.locator('#copy-status')).toHaveText(`Copied ${want}`);
    expect(await clipboard(page), id).toBe(want);
  }
});

// readsBack copies the Decode tab's local time, pastes it into Generate's
// At time and checks that the ULID made holds the millisecond ms; it
// returns the text copied and leaves page on the Decode tab.
async function readsBack(page, ms) {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.evaluate(() => { document.getElementById('copy-status').textContent = ''; });
  await page.click('[data-copy="dec-local"]');
  await expect(page.locator('#copy-status')).toHaveText(/^Copied /);
  const copied = await clipboard(page);
  await value(page, 'dec-local', copied);
  await page.click('#tab-generate');
  await page.fill('#gen-time', copied);
  await page.fill('#gen-count', '1');
  await page.click('#gen-button');
  await expect(page.locator('#gen-status')).toHaveText(new RegExp(`^Generated 1 ULID at ${isoOf(ms).replace(/[.+]/g, '\\$&')}`));
  await expect(page.locator('#gen-time'), `At time rejects ${copied}`).not.toHaveAttribute('aria-invalid');
  const ids = await texts(page, '#gen-list .id');
  expect(ids, copied).toHaveLength(1);
  expect(timestampOf(ids[0]), `${copied} read back as ${timestampOf(ids[0])}`).toBe(ms);
  await page.fill('#gen-time', '');
  await page.click('#tab-decode');
  return copied;
}

test('local time is RFC 3339 with the offset and reads back in At time (Asia/Kolkata)', async ({ page }) => {
  for (const v of vectors) {
    await decode(page, v.text);
    await value(page, 'dec-local', kolkata(v.ms));
    const local = await page.$eval('#dec-local', (el) => el.value);
    expect(local).toMatch(/^\d{4,5}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+05:30$/);
    expect(await readsBack(page, v.ms)).toBe(local);
  }
  await decode(page, vectors[0].text);
  await value(page, 'dec-local', '2016-07-31T04:06:16.385+05:30');
  // The zero instant, 1970, in Kolkata: the offset has no seconds.
  await decode(page, vectors[1].text);
  await value(page, 'dec-local', '1970-01-01T05:30:00.000+05:30');
});

test.describe('in Africa/Monrovia', () => {
  test.use({ timezoneId: 'Africa/Monrovia' });

  test('where the offset has seconds (before 1972) local time is UTC, and reads back', async ({ page }) => {
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Africa/Monrovia');
    // Monrovia kept local mean time, 44 min 30 s behind UTC, until 1972-01-07.
    for (const [ms, local, utc] of [
      [0, '1970-01-01T00:00:00.000Z', true],
      [63072000000 - 1, '1971-12-31T23:59:59.999Z', true],
      [vectors[0].ms, vectors[0].utc, false],
      [94694400000, '1973-01-01T00:00:00.000Z', false],
    ]) {
      await decode(page, ulidAt(ms));
      await value(page, 'dec-local', local, `at ${ms}`);
      await value(page, 'dec-time', new Date(ms).toISOString());
      await expect(page.locator('#dec-zone')).toHaveText(utc
        ? '(Africa/Monrovia: in UTC, as the offset then, -00:44:30, has seconds, which RFC 3339 cannot write)'
        : '(Africa/Monrovia)');
      expect(await readsBack(page, ms)).toBe(local);
    }
    await decode(page, vectors[1].text + ' ');
    await page.setViewportSize({ width: 360, height: 740 });
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scroll <= width, `page is ${scroll} px wide in a ${width} px window`).toBe(true);
    await shot(page, 'decode-monrovia-1970.png');
  });
});

test('white space is what the Go policy trims, in every field: U+3000 and U+2028 are not ignored', async ({ page }) => {
  // The page never trims with JavaScript's trim(), which removes more.
  const { readFileSync } = await import('node:fs');
  const source = readFileSync(new URL('../../cmd/ulid-web/static/app.js', import.meta.url), 'utf8');
  expect(source, 'app.js trims with String.prototype.trim').not.toMatch(/(?<!api)\.trim(Start|End|Left|Right)?\(/);
  const v = vectors[0];
  for (const [input, want] of [
    // An error of length names no character: the page marks the first
    // that is not ASCII, which counts as several bytes.
    [v.text + '\u3000', /^Not a valid ULID: invalid length 29 bytes, want 26.*Offset 26 \(character 27\): U\+3000$/],
    ['\u2028' + v.text, /^Not a valid ULID: invalid length 29 bytes, want 26.*Offset 0 \(character 1\): U\+2028$/],
    ['\u3000', /^Not a valid ULID: invalid length 3 bytes, want 26.*Offset 0 \(character 1\): U\+3000$/],
    ['\u2003\u200a', /^Not a valid ULID: invalid length 6 bytes, want 26.*Offset 0 \(character 1\): U\+2003$/],
  ]) {
    await decode(page, input);
    await expect(page.locator('#dec-error'), JSON.stringify(input)).toHaveText(want);
    expect(await texts(page, '#dec-error mark')).toEqual(['\u2423']);
    await expect(page.locator('#dec-input')).toHaveAttribute('aria-invalid', 'true');
    await hidden(page, 'dec-result');
  }
  // What the policy trims: blank, or around a valid ULID.
  await decode(page, ' \u00a0\ufeff\t');
  await hidden(page, 'dec-error');
  await hidden(page, 'dec-result');
  await expect(page.locator('#dec-input')).not.toHaveAttribute('aria-invalid');
  await decode(page, '\ufeff' + v.text + '\u00a0');
  await value(page, 'dec-ulid', v.text);
  await expect(page.locator('#dec-note')).toHaveText(/^Normalised to the canonical form above/);

  await page.fill('#list-input', '\u3000\n' + v.text + '\n\u00a0\n');
  await expect(page.locator('#list-status')).toHaveText('1 valid ID, sorted by time; 1 invalid.');
  expect(await texts(page, '#list-bad-items li')).toEqual(['line 1: "\\u3000": invalid length 3 bytes, want 26']);
  await page.fill('#list-input', '\u00a0\n\ufeff \n');
  await hidden(page, 'list-out');

  await page.click('#tab-convert');
  for (const field of ['conv-ulid', 'conv-uuid']) {
    await page.fill(`#${field}`, '\u3000');
    await expect(page.locator(`#${field}-error`), field).toHaveText(/invalid length 3 bytes, want 26.*Offset 0 \(character 1\): U\+3000$/);
    await page.fill(`#${field}`, '\u00a0 ');
    await hidden(page, `${field}-error`, true, field);
    await expect(page.locator(`#${field}`)).not.toHaveAttribute('aria-invalid');
  }

  await page.click('#tab-generate');
  await page.fill('#gen-count', '2');
  await page.fill('#gen-time', '\u3000');
  await page.click('#gen-button');
  await expect(page.locator('#gen-status')).toHaveText(/^At time: want an RFC 3339 time/);
  await expect(page.locator('#gen-time')).toHaveAttribute('aria-invalid', 'true');
  await page.fill('#gen-time', '\u00a0 ');
  await page.click('#gen-button');
  await expect(page.locator('#gen-status')).toHaveText('Generated 2 ULIDs, strictly increasing.');
});

test('decode a list: sorted by time, invalid lines with the reason, copy of the sorted list', async ({ page }) => {
  const lines = ['', vectors[0].text, '  ' + vectors[3].uuid, '01ARYZ6S41TSV4RRFFQ69G5FAU', '',
    vectors[1].text.toLowerCase() + '\r', '01563df3-6481-d676-4c61efb99302bd5b', vectors[4].text, vectors[2].text];
  await page.fill('#list-input', lines.join('\n'));
  await expect(page.locator('#list-status')).toHaveText('5 valid IDs, sorted by time; 2 invalid.');
  const rows = await page.$$eval('#list-rows tr', (trs) => trs.map((tr) => Array.from(tr.cells, (c) => c.textContent)));
  expect(rows).toEqual([
    ['6', vectors[1].text, vectors[1].utc],
    ['8', vectors[4].text, vectors[4].utc],
    ['2', vectors[0].text, vectors[0].utc],
    ['3', vectors[3].text, vectors[3].utc],
    ['9', vectors[2].text, vectors[2].utc],
  ]);
  await expect(page.locator('#list-bad-title')).toHaveText('2 invalid lines');
  expect(await texts(page, '#list-bad-items li')).toEqual([
    // As ulid validate prints them.
    `line 4: "01ARYZ6S41TSV4RRFFQ69G5FAU": invalid character 'U' at offset 25`,
    'line 7: "01563df3-6481-d676-4c61efb99302bd5b": invalid UUID text length 35 bytes, want 36 for the form with hyphens',
  ]);
  await page.click('#list-copy');
  await expect(page.locator('#copy-status')).toHaveText(/Copied 5 sorted IDs/);
  expect(await clipboard(page)).toBe(rows.map((r) => r[1]).join('\n') + '\n');
  await shot(page, 'decode-list.png');
  await page.fill('#list-input', 'x\n');
  await expect(page.locator('#list-rows tr')).toHaveCount(0);
  await expect(page.locator('#list-copy')).toBeDisabled();
  await page.fill('#list-input', '');
  await hidden(page, 'list-out');
});

test('decode a list: lines after the first 10,000 are counted unread, but for blank lines it read', async ({ page }) => {
  // page.fill takes minutes for 10,000 lines (30 s for 3,000 here): set
  // the text as a paste does, with one input event.
  const paste = (text) => page.locator('#list-input').evaluate((el, text) => {
    el.value = text;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
  // An ID on line 10,000, the last one read.
  const first = '\n'.repeat(9999) + vectors[0].text + '\n';
  // Blank lines after it are skipped, as everywhere: read.
  await paste(first + '\n \r\n\u00a0\n');
  await expect(page.locator('#list-status')).toHaveText('1 valid ID, sorted by time.');
  // The lines from the next one that is not blank (line 10,002) on are not read.
  await paste(first + '\n' + vectors[1].text + '\n\n');
  await expect(page.locator('#list-status')).toHaveText('1 valid ID, sorted by time; 2 lines after the first 10000 not read.');
});

test('the anatomy in both colour schemes: distinct colours, WCAG 2 AA contrast (axe-core)', async ({ page }) => {
  // Two runs of axe-core: over a minute on a busy 2-core machine.
  test.setTimeout(120_000);
  await decode(page, vectors[0].text);
  await page.fill('#list-input', vectors.map((v) => v.text).join('\n') + '\nnot an ID');
  const seen = {};
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    const parts = await anatomyOf(page, 'dec-anatomy');
    expect(parts[0].color, `${scheme}: the two parts have one colour`).not.toBe(parts[1].color);
    seen[scheme] = parts[0].color;
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`), scheme).toEqual([]);
    // axe-core measured the anatomy's characters, rather than leaving them
    // unsure (as it does for text over an image).
    const measured = results.passes.find((r) => r.id === 'color-contrast')?.nodes.map((n) => String(n.target)) ?? [];
    expect(measured.filter((t) => t.includes('part-chars')), `${scheme}: ${measured}`).toHaveLength(2);
    await shot(page, `decode-${scheme}.png`);
  }
  expect(seen.light).not.toBe(seen.dark);
});

test('decode normalises lower case, aliases and white space', async ({ page }) => {
  const v = vectors[0];
  const normalised = 'Normalised to the canonical form above: upper case, 1 for I and L, 0 for O, no white space around it.';
  await decode(page, extras.lower.text);
  await value(page, 'dec-ulid', extras.lower.want);
  await expect(page.locator('#dec-note')).toHaveText(normalised);
  await decode(page, extras.aliases.text);
  await value(page, 'dec-ulid', extras.aliases.want);
  await value(page, 'dec-uuid', v.uuid);
  await expect(page.locator('#dec-note')).toHaveText(normalised);
  await decode(page, `  ${v.text}\n`);
  await value(page, 'dec-ulid', v.text);
  await expect(page.locator('#dec-note')).toHaveText(normalised);
  await decode(page, v.text);
  await hidden(page, 'dec-note');
  await page.locator('#dec-input').blur();
  await page.waitForFunction(() => !Array.from(document.querySelectorAll('button.copy')).some((b) => b.textContent !== 'Copy'));
  // Cropped below the decoded fields: this one is also the README's
  // screenshot, web/screenshot.png, showing the anatomy of the ULID.
  await page.evaluate(() => window.scrollTo(0, 0));
  const bottom = await page.$eval('#dec-result', (el) => el.getBoundingClientRect().bottom + window.scrollY);
  await shot(page, 'decode.png', { clip: { x: 0, y: 0, width: 960, height: Math.ceil(bottom) + 24 } });
});

test('decode shows errors inline with the offset', async ({ page }) => {
  const cases = [
    ['01ARYZ6S41TSV4RRFFQ69G5FAU', /invalid character 'U' at offset 25/, 'U', /Offset 25 \(character 26\): U/],
    ['01ARYZ6S41-SV4RRFFQ69G5FAV', /invalid character '-' at offset 10/, '-', /Offset 10/],
    [extras.overflow.text, /first character '8' is above '7'/, '8', /Offset 0/],
    ['01ARYZ6S41TSV4RRFFQ69G5FA', /invalid length 25 bytes, want 26/, null, /want 26$/],
    [' 01ARYZ6S41TSV4RRFFQ69G5FAU', /invalid character 'U' at offset 26/, 'U', /Offset 26/],
    // Offsets count bytes: the emoji is 4 bytes, so it is the 11th of 26 bytes here …
    ['01ARYZ6S41😀TSV4RRFFQ69G', /invalid character 0xf0 at offset 10/, '😀', /Offset 10 \(character 11\): 😀/],
    // … and here the input is 27 bytes long, though 24 characters: the
    // error of length names no character, so the page marks the emoji.
    ['01ARYZ6S41TSV4😀RFFQ69G5F', /invalid length 27 bytes, want 26/, '😀', /Offset 14 \(character 15\): 😀$/],
  ];
  for (const [input, message, marked, detail] of cases) {
    await decode(page, input);
    const error = page.locator('#dec-error');
    await expect(error, input).toHaveText(/^Not a valid ULID: /);
    await expect(error).toHaveText(message);
    await expect(error).toHaveText(detail);
    await hidden(page, 'dec-error', false);
    await hidden(page, 'dec-result');
    await expect(page.locator('#dec-input')).toHaveAttribute('aria-invalid', 'true');
    expect(await texts(page, '#dec-error mark')).toEqual(marked === null ? [] : [marked]);
  }
  await decode(page, vectors[0].text.slice(0, 25) + 'U');
  await shot(page, 'decode-error.png');
  await decode(page, '');
  await hidden(page, 'dec-error');
  await hidden(page, 'dec-result');
  await expect(page.locator('#dec-input')).not.toHaveAttribute('aria-invalid');
});
