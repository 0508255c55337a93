// The Public IDs tab: the vectors of testdata/publicid.json masked and
// unmasked through the page with their keys typed into it; the refusals,
// with the library's message and offset; several keys and key errors; that
// the key is never stored or sent; and what the Decode tab says of a
// public ID.
import { test, expect, publicIDs, keyHex, keyMark, vectors, uuidOf, isoOf, timestampOf, texts, hidden, value, clipboard, shot, open } from './fixtures.mjs';
import { AxeBuilder } from '@axe-core/playwright';

const setKeys = (page, keys) => page.fill('#pub-keys', keys);
const status = (marks) => `Key marks: ${marks}. A public ID starts with the mark of the key that made it.`;
const vectorsOf = (name) => publicIDs.vectors.filter((v) => v.key === name);

test('mask and unmask the vectors of testdata/publicid.json, with each key typed in', { tag: '@export' }, async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, '#public');
  await expect(page.locator('#tab-public')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#pub-keys-status')).toHaveText('No key yet: type or paste one to mask and unmask.');
  for (const k of publicIDs.keys) {
    await setKeys(page, k.hex);
    await expect(page.locator('#pub-keys-status'), k.name).toHaveText(status(`masks with ${k.mark}, unmasks ${k.mark}`));
    await hidden(page, 'pub-keys-error');
    const list = vectorsOf(k.name);
    expect(list.length, k.name).toBeGreaterThan(0);
    for (const v of list) {
      for (const input of [v.ulid, uuidOf(v.ulid)]) {
        await page.fill('#pub-mask', input);
        await expect(page.locator('#pub-mask-out'), `${k.name}: ${input}`).toHaveText(v.public_id);
        await hidden(page, 'pub-mask-error');
        await expect(page.locator('[data-copy="pub-mask-out"]')).toBeEnabled();
      }
      await expect(page.locator('#pub-mask-note')).toHaveText(`Read as UUID text: the public ID of the ULID ${v.ulid}.`);
      for (const input of [v.public_id, ` ${v.public_id.toLowerCase()}\n`]) {
        await page.fill('#pub-unmask', input);
        await expect(page.locator('#pub-unmask-out'), `${k.name}: ${input}`).toHaveText(v.ulid);
        await hidden(page, 'pub-unmask-error');
        await expect(page.locator('#pub-unmask-note')).toHaveText(
          `Made with the key marked ${k.mark}; the ULID's time is ${isoOf(timestampOf(v.ulid))}.`);
      }
    }
  }
  // The copy buttons copy the results.
  const v = vectorsOf('k192')[0];
  await page.fill('#pub-mask', v.ulid);
  await page.click('[data-copy="pub-mask-out"]');
  await expect(page.locator('#copy-status')).toHaveText(`Copied ${v.public_id}`);
  expect(await clipboard(page)).toBe(v.public_id);
  await page.fill('#pub-unmask', v.public_id);
  await page.click('[data-copy="pub-unmask-out"]');
  await expect(page.locator('#copy-status')).toHaveText(`Copied ${v.ulid}`);
  expect(await clipboard(page)).toBe(v.ulid);
  await shot(page, 'public.png');
});

// refusalTitle is the start of the problem's text the page shows for a
// refusal of testdata/publicid.json: the library's message, as the Go
// package writes it, in the page's words.
function refusalTitle(r) {
  const ch = r.text[r.offset];
  switch (r.error) {
    case 'length':
      return `Not a valid public ID: invalid public ID length ${r.text.length} bytes, want 29`;
    case 'character':
      return `Not a valid public ID: invalid public ID: character '${ch}' at offset ${r.offset}`;
    case 'check':
      return `Not a valid public ID: public ID check character '${ch}' at offset 28 does not match: a character is mistyped, or two are swapped`;
    case 'overflow':
      return `Not a valid public ID: invalid public ID: character '${ch}' at offset ${r.offset} is above '7'`;
    case 'unknown key':
      return 'Not opened: public ID made with another key: its key mark names none of the keys given (a wrong or retired key)';
  }
  throw new Error(`unknown refusal ${r.error}`);
}

test('every refusal of testdata/publicid.json, with the library\'s message and the offending character marked', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, '#public');
  const kinds = new Set();
  for (const r of publicIDs.refused) {
    kinds.add(r.error);
    await setKeys(page, keyHex[r.key]);
    await page.fill('#pub-unmask', r.text);
    const box = page.locator('#pub-unmask-error');
    await hidden(page, 'pub-unmask-error', false, r.note);
    await expect(box.locator('.problem-title, .problem-detail').first(), r.note).toHaveText(refusalTitle(r));
    await expect(box, r.note).toHaveText(new RegExp('^' + refusalTitle(r).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    expect(await texts(page, '#pub-unmask-error mark'), r.note).toEqual(r.offset >= 0 ? [r.text[r.offset]] : []);
    if (r.offset >= 0) await expect(box, r.note).toContainText(`Offset ${r.offset} (character ${r.offset + 1}): ${r.text[r.offset]}`);
    await expect(page.locator('#pub-unmask')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#pub-unmask-out')).toHaveText('');
    await expect(page.locator('[data-copy="pub-unmask-out"]')).toBeDisabled();
    await hidden(page, 'pub-unmask-note');
  }
  expect([...kinds].sort()).toEqual(['character', 'check', 'length', 'overflow', 'unknown key']);
  await shot(page, 'public-refused.png');
  // White space around a public ID is ignored, and offsets count it, as in
  // every field of the page.
  const typo = publicIDs.refused.find((r) => r.error === 'character');
  await page.fill('#pub-unmask', '  ' + typo.text);
  await expect(page.locator('#pub-unmask-error')).toContainText(`at offset ${typo.offset + 2}`);
  expect(await texts(page, '#pub-unmask-error mark')).toEqual([typo.text[typo.offset]]);
  // A line too long is a public ID's error in this field, not a ULID's; it
  // is not read, so no character of it is marked.
  await page.fill('#pub-unmask', 'A'.repeat(70_000));
  await expect(page.locator('#pub-unmask-error')).toHaveText('Not a valid public ID: line too long (70000 bytes)');
  // A ULID in the mask field's place of a public ID is refused, and a
  // public ID in the mask field is no ULID.
  await page.fill('#pub-mask', publicIDs.vectors[0].public_id);
  await expect(page.locator('#pub-mask-error')).toHaveText(/^Not a valid ULID: invalid length 29 bytes, want 26 \(this looks like a public ID: unmask it with its key\)$/);
  await expect(page.locator('#pub-mask-out')).toHaveText('');
  const mistyped = publicIDs.refused.find((r) => r.error === 'check').text;
  await page.fill('#pub-mask', mistyped);
  await expect(page.locator('#pub-mask-error')).toHaveText(/^Not a valid ULID: invalid length 29 bytes, want 26 \(this looks like a mistyped public ID: its check character does not match\)$/);
  await page.fill('#pub-unmask', '');
  await hidden(page, 'pub-unmask-error');
  await expect(page.locator('#pub-unmask')).not.toHaveAttribute('aria-invalid');
});

test('several keys, newest first, as in a key file; key errors name the key by its place and never show it', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, '#public');
  const keys = `# newest first\n${keyHex.k256}\n${keyHex.k128.toUpperCase()}  # the old one\n`;
  await setKeys(page, keys);
  await expect(page.locator('#pub-keys-status')).toHaveText(status(`masks with ${keyMark.k256}, unmasks ${keyMark.k256} ${keyMark.k128}`));
  for (const v of vectorsOf('k256')) {
    await page.fill('#pub-mask', v.ulid);
    await expect(page.locator('#pub-mask-out')).toHaveText(v.public_id);
  }
  for (const v of [...vectorsOf('k256'), ...vectorsOf('k128')]) {
    await page.fill('#pub-unmask', v.public_id);
    await expect(page.locator('#pub-unmask-out'), v.public_id).toHaveText(v.ulid);
  }
  // A public ID of a key not given is refused, not opened with another.
  const other = vectorsOf('k128b')[0];
  await page.fill('#pub-unmask', other.public_id);
  await expect(page.locator('#pub-unmask-out')).toHaveText('');
  await expect(page.locator('#pub-unmask-error')).toContainText(
    'Not opened: public ID made with another key: its key mark names none of the keys given (a wrong or retired key)');
  await expect(page.locator('#pub-unmask-error')).toContainText(`Offset 0 (character 1): ${keyMark.k128b[0]}`);

  const hexDigits = (n) => keyHex.k256.slice(0, n);
  for (const [input, message] of [
    [`${keyHex.k128b}\n${keyHex.k192}`, `Key: invalid masking key: keys 1 and 2 have the same key mark "${keyMark.k128b}" (the same key twice, or a 1-in-1024 chance: make another key)`],
    [hexDigits(30), 'Key: invalid masking key: key 1 is 15 bytes, want 16, 24 or 32 (32, 48 or 64 hex digits)'],
    [`${keyHex.k128}\n${hexDigits(31)}x`, 'Key: invalid masking key: key 2 is not hex digits'],
    ['# no key here', 'Key: invalid masking key: no key'],
  ]) {
    await setKeys(page, input);
    await expect(page.locator('#pub-keys-error'), input).toHaveText(message);
    await expect(page.locator('#pub-keys')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#pub-keys-status')).toHaveText('');
    // The fields' results go, and say why.
    await expect(page.locator('#pub-mask-out')).toHaveText('');
    await expect(page.locator('#pub-unmask-out')).toHaveText('');
    await expect(page.locator('#pub-mask-note')).toHaveText('The key above is not valid.');
    await expect(page.locator('#pub-unmask-note')).toHaveText('The key above is not valid.');
    await expect(page.locator('#pub-unmask-error')).toBeHidden();
    // The page does not echo a key, as it echoes an ID with its fault marked.
    expect(await page.locator('#pub-keys-error mark').count()).toBe(0);
    for (const key of input.split(/\s+/).filter((w) => w.length >= 8)) {
      expect(await page.locator('#panel-public').innerText(), 'a key is shown').not.toContain(key);
    }
  }
  await shot(page, 'public-key-error.png');

  // Why the key field is no <input type=password>: a single-line field
  // drops the line breaks of a pasted key file, so two 128-bit keys would
  // become one 256-bit key, with no error. The textarea keeps them apart.
  const file = `${keyHex.k128}\n${keyHex.k128b}\n`;
  const joined = await page.evaluate((text) => {
    const input = document.createElement('input');
    input.type = 'password';
    input.value = text;
    return input.value;
  }, file);
  expect(joined).toBe(keyHex.k128 + keyHex.k128b);
  expect(await page.evaluate((keys) => ulidgo.publicIDs(keys, '', '', '').keys, joined)).toMatchObject({ ok: true, marks: expect.stringMatching(/^masks with (\w\w), unmasks \1$/) });
  await setKeys(page, file);
  await expect(page.locator('#pub-keys-status')).toHaveText(status(`masks with ${keyMark.k128}, unmasks ${keyMark.k128} ${keyMark.k128b}`));

  // The key is hidden until "Show the key"; "Forget the key" empties the
  // field and the results.
  await setKeys(page, keyHex.k128);
  await page.fill('#pub-mask', vectorsOf('k128')[0].ulid);
  await expect(page.locator('#pub-mask-out')).toHaveText(vectorsOf('k128')[0].public_id);
  const security = () => page.$eval('#pub-keys', (e) => getComputedStyle(e).webkitTextSecurity);
  expect(await security()).toBe('disc');
  await page.check('#pub-show');
  expect(await security()).toBe('none');
  await page.click('#pub-forget');
  await value(page, 'pub-keys', '');
  await expect(page.locator('#pub-show')).not.toBeChecked();
  expect(await security()).toBe('disc');
  await expect(page.locator('#pub-keys')).toBeFocused();
  await expect(page.locator('#pub-keys-status')).toHaveText('No key yet: type or paste one to mask and unmask.');
  await expect(page.locator('#pub-mask-out')).toHaveText('');
  await expect(page.locator('#pub-mask-note')).toHaveText('Type or paste the key above first.');
});

test('the key is never stored or sent: no request after the page loads, none with the key, no storage, not in the URL', { tag: '@export' }, async ({ page, context, requests }) => {
  test.setTimeout(120_000);
  await open(page, '#public');
  // The page's own script uses no storage at all.
  const { readFileSync } = await import('node:fs');
  const source = readFileSync(new URL('../../cmd/ulid-web/static/app.js', import.meta.url), 'utf8');
  expect(source).not.toMatch(/localStorage|sessionStorage|document\.cookie|indexedDB|caches\.|serviceWorker|pushState|sendBeacon|XMLHttpRequest|WebSocket/);
  const loaded = requests.length;
  const historyLength = await page.evaluate(() => history.length);
  const field = page.locator('#pub-keys');
  await expect(field).toHaveAttribute('autocomplete', 'off');
  await expect(field).toHaveAttribute('spellcheck', 'false');
  expect(await field.evaluate((e) => e.tagName)).toBe('TEXTAREA');

  // Typed and pasted, one key and then a key file; masked, unmasked, copied.
  const used = [keyHex.k128, keyHex.k256];
  await field.pressSequentially(keyHex.k128);
  const v = vectorsOf('k128')[0];
  await page.fill('#pub-mask', v.ulid);
  await expect(page.locator('#pub-mask-out')).toHaveText(v.public_id);
  await page.fill('#pub-unmask', v.public_id);
  await expect(page.locator('#pub-unmask-out')).toHaveText(v.ulid);
  await page.evaluate((text) => navigator.clipboard.writeText(text), `${keyHex.k256}\n${keyHex.k128}\n`);
  await field.fill('');
  await field.focus();
  await page.keyboard.press('Control+V');
  await expect(page.locator('#pub-keys-status')).toHaveText(status(`masks with ${keyMark.k256}, unmasks ${keyMark.k256} ${keyMark.k128}`));
  await expect(page.locator('#pub-mask-out')).toHaveText(vectorsOf('k256')[0].public_id);
  await page.click('[data-copy="pub-mask-out"]');
  expect(await clipboard(page)).toBe(vectorsOf('k256')[0].public_id);
  await page.click('#tab-decode');
  await page.click('#tab-public');
  await page.check('#pub-show');

  // No request since the page loaded but the browser's for the tab's icon:
  // the WebAssembly module did the work.
  const after = requests.slice(loaded).filter((r) => !(r.method() === 'GET' && new URL(r.url()).pathname === '/favicon.svg'));
  expect(after.map((r) => `${r.method()} ${r.url()}`), 'requests made while masking').toEqual([]);
  // And none ever carried a key, in its URL, headers or body.
  for (const r of requests) {
    const sent = [r.url(), r.postData() ?? '', JSON.stringify(await r.allHeaders())].join('\n').toLowerCase();
    for (const key of used) expect(sent.includes(key), `${r.url()} carries a key`).toBe(false);
  }
  // Nothing stored, by the page or the browser, and the key is in no URL,
  // history entry or text of the page: only in the field's value.
  const seen = await page.evaluate(async () => ({
    localStorage: localStorage.length,
    sessionStorage: sessionStorage.length,
    cookie: document.cookie,
    indexedDB: (await indexedDB.databases()).length,
    caches: (await caches.keys()).length,
    serviceWorkers: (await navigator.serviceWorker.getRegistrations()).length,
    historyLength: history.length,
    historyState: history.state,
    url: location.href,
    html: document.documentElement.outerHTML.toLowerCase(),
    text: document.body.innerText.toLowerCase(),
  }));
  expect(seen).toMatchObject({ localStorage: 0, sessionStorage: 0, cookie: '', indexedDB: 0, caches: 0, serviceWorkers: 0,
    historyLength, historyState: null });
  for (const key of used) {
    expect(seen.url.toLowerCase(), 'the URL').not.toContain(key);
    expect(seen.html, 'the page\'s HTML').not.toContain(key);
  }
  expect(new URL(seen.url).hash).toBe('#public');
  const state = await context.storageState({ indexedDB: true });
  expect(state.cookies).toEqual([]);
  expect(state.origins).toEqual([]);
  // Reloading forgets it: the browser does not restore the field.
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 30000 });
  await value(page, 'pub-keys', '');
  await expect(page.locator('#pub-keys-status')).toHaveText('No key yet: type or paste one to mask and unmask.');
});

test('Decode says a public ID is one, not only that its length is wrong, and opens it on the Public IDs tab', { tag: '@export' }, async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, '#decode');
  for (const [i, v] of publicIDs.vectors.entries()) {
    for (const input of i === 0 ? [v.public_id, ` ${v.public_id.toLowerCase()}\n`] : [v.public_id]) {
      await page.fill('#dec-input', input);
      await hidden(page, 'dec-public', false, input);
      await expect(page.locator('#dec-error .problem-title')).toHaveText(
        'Not a valid ULID: invalid length 29 bytes, want 26 (this looks like a public ID: unmask it with its key)');
      // No time, no fields.
      await hidden(page, 'dec-result');
      await expect(page.locator('#dec-input')).toHaveAttribute('aria-invalid', 'true');
    }
  }
  // A typo the check catches: a mistyped public ID, as ulid validate says.
  for (const r of publicIDs.refused.filter((r) => r.error === 'check')) {
    await page.fill('#dec-input', r.text);
    await hidden(page, 'dec-public', false, r.note);
    await expect(page.locator('#dec-error .problem-title'), r.note).toHaveText(
      'Not a valid ULID: invalid length 29 bytes, want 26 (this looks like a mistyped public ID: its check character does not match)');
  }
  // 29 characters that are not all of the alphabet, or whose character 2
  // is above 7, and one too few or too many: the length error alone.
  const v0 = publicIDs.vectors[0].public_id;
  for (const text of [v0.slice(0, 28) + '-', v0.slice(0, 28), v0 + '0',
    ...publicIDs.refused.filter((r) => r.error === 'character' || r.error === 'overflow').map((r) => r.text)]) {
    await page.fill('#dec-input', text);
    await hidden(page, 'dec-public', true, text);
    await hidden(page, 'dec-error', false, text);
    await expect(page.locator('#dec-error')).toHaveText(/^Not a valid ULID: invalid length (28|29|30) bytes, want 26/);
    await expect(page.locator('#dec-error')).not.toContainText('public ID');
  }
  await page.fill('#dec-input', vectors[0].text);
  await value(page, 'dec-ulid', vectors[0].text);
  await hidden(page, 'dec-public');
  await page.fill('#dec-input', '');
  await hidden(page, 'dec-public');

  const v = vectorsOf('k256')[0];
  await page.fill('#dec-input', v.public_id);
  await shot(page, 'decode-public-id.png');
  await page.click('#dec-public-open');
  await expect(page.locator('#tab-public')).toHaveAttribute('aria-selected', 'true');
  await hidden(page, 'panel-public', false);
  expect(new URL(page.url()).hash).toBe('#public');
  await value(page, 'pub-unmask', v.public_id);
  await expect(page.locator('#pub-keys')).toBeFocused();
  await expect(page.locator('#pub-unmask-note')).toHaveText('Type or paste the key above first.');
  await page.keyboard.type(keyHex.k256);
  await expect(page.locator('#pub-unmask-out')).toHaveText(v.ulid);
});

test('the Public IDs function: bad arguments return ok false, and the page goes on working', { tag: '@export' }, async ({ page }) => {
  await open(page, '#public');
  const results = await page.evaluate(() => [
    () => ulidgo.publicIDs(),
    () => ulidgo.publicIDs(128, '', '', ''),
    () => ulidgo.publicIDs('00', '', null, ''),
    () => ulidgo.publicIDs('00', '', '', 10n),
    () => ulidgo.publicIDs('00', 5, '', ''),
    () => ulidgo.publicIDs('00', '', '01ARYZ6S41TSV4RRFFQ69G5FAV', '').keys,
  ].map((f) => {
    try {
      const r = f();
      return [r.ok, r.error?.field ?? '', r.error?.message.split(':')[0]];
    } catch (err) {
      return ['threw', err.message];
    }
  }));
  expect(results).toEqual([
    [false, '', 'publicIDs'],
    [false, '', 'publicIDs'],
    [false, '', 'publicIDs'],
    [false, '', 'publicIDs'],
    [false, '', 'publicIDs'],
    [false, 'keys', 'invalid masking key'],
  ]);
  const v = publicIDs.vectors[0];
  expect(await page.evaluate(([k, id]) => ulidgo.publicIDs(k, '', id, '').mask.publicID, [keyHex[v.key], v.ulid])).toBe(v.public_id);
  expect(await page.evaluate(([k, p]) => ulidgo.publicIDs(k, '', '', p).unmask.ulid, [keyHex[v.key], v.public_id])).toBe(v.ulid);
});

test('Public IDs, in use, in both colour schemes, pass axe-core\'s WCAG 2 A and AA rules', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, '#public');
  await setKeys(page, keyHex.k128);
  await page.fill('#pub-mask', uuidOf(vectorsOf('k128')[0].ulid));
  await page.fill('#pub-unmask', publicIDs.refused.find((r) => r.error === 'unknown key').text);
  await hidden(page, 'pub-unmask-error', false);
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`), scheme).toEqual([]);
    await shot(page, `public-${scheme}.png`);
  }
  // And the Decode tab's word on a public ID.
  await page.click('#tab-decode');
  await page.fill('#dec-input', publicIDs.vectors[0].public_id);
  await hidden(page, 'dec-public', false);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
});
