// One call into Go per input: every function on globalThis.ulidgo is
// wrapped with a counter before main.wasm sets it, and each keystroke,
// paste or submit of every tool, on valid, invalid, blank and
// public-ID-looking input, must make exactly one call.
import { test, expect, vectors, publicIDs, keyHex, open } from './fixtures.mjs';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    globalThis.goCalls = [];
    let api;
    // Go sets globalThis.ulidgo (Reflect.set, so through this setter);
    // the page reads it back in ulidgoReady.
    Object.defineProperty(globalThis, 'ulidgo', {
      configurable: true,
      get: () => api,
      set(value) {
        api = {};
        for (const [name, f] of Object.entries(value)) {
          api[name] = typeof f !== 'function' ? f : (...args) => {
            globalThis.goCalls.push(name);
            return f(...args);
          };
        }
      },
    });
  });
  await open(page);
});

// calls returns the names of the Go functions that action made the page
// call, in order.
async function calls(page, action) {
  await page.evaluate(() => { globalThis.goCalls.length = 0; });
  await action();
  return page.evaluate(() => globalThis.goCalls.splice(0));
}

// put sets a field's text: an input's as page.fill does, a textarea's as a
// paste does, with one input event (page.fill makes two for text that
// ends in a line break).
const put = (page, id, text) => (id === 'list-input' || id === 'pub-keys'
  ? page.locator(`#${id}`).evaluate((el, text) => {
    el.value = text;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text)
  : page.fill(`#${id}`, text));

const v = vectors[0];
const publicID = publicIDs.vectors.find((p) => p.key === 'k128').public_id;
const mistyped = publicIDs.refused.find((r) => r.error === 'check').text;

test('Generate: one call per submit, valid or not', async ({ page }) => {
  for (const [count, at] of [['3', ''], ['3', v.utc], ['x', ''], ['', ''], ['3', 'yesterday'], ['3', '\u00a0']]) {
    await page.fill('#gen-count', count);
    await page.fill('#gen-time', at);
    const made = await calls(page, () => page.click('#gen-button'));
    expect(made, `count ${JSON.stringify(count)}, at ${JSON.stringify(at)}`).toEqual(['generate']);
  }
  expect(await calls(page, () => page.press('#gen-count', 'Enter'))).toEqual(['generate']);
});

test('Decode, Decode a list and Convert: one call per keystroke, paste or submit', async ({ page }) => {
  await page.click('#tab-decode');
  const inputs = [v.text, v.text.toLowerCase(), ` ${v.uuid}\n`, v.text.slice(0, 25) + 'U', v.text + '\u3000', '', ' \u00a0',
    publicID, mistyped, '01563df3-6481-d676-4c61efb99302bd5b'];
  for (const field of ['dec-input', 'list-input', 'conv-ulid', 'conv-uuid']) {
    const want = { 'dec-input': 'decode', 'list-input': 'decodeList' }[field] ?? 'convert';
    if (field === 'conv-ulid') await page.click('#tab-convert');
    for (const input of inputs) {
      expect(await calls(page, () => put(page, field, input)), `${field}: ${JSON.stringify(input)}`).toEqual([want]);
      expect(await calls(page, () => page.press(`#${field}`, field === 'list-input' ? 'End' : 'Enter')),
        `${field}: submit ${JSON.stringify(input)}`).toEqual(field === 'list-input' ? [] : [want]);
    }
    await page.fill(`#${field}`, '');
    // Typed: one call per character.
    const typed = await calls(page, () => page.locator(`#${field}`).pressSequentially(v.text.slice(0, 20) + ' U'));
    expect(typed, field).toEqual(Array(22).fill(want));
  }
  await page.click('#tab-decode');
  expect(await calls(page, () => page.click('#dec-example'))).toEqual(['decode']);
});

test('Public IDs: one call per input in any of the three fields, and for the Decode tab\'s button', async ({ page }) => {
  await page.click('#tab-public');
  for (const keys of ['not a key', keyHex.k128, `${keyHex.k256}\n${keyHex.k128}`, '']) {
    expect(await calls(page, () => put(page, 'pub-keys', keys)), `keys ${keys}`).toEqual(['publicIDs']);
    for (const [field, input] of [['pub-mask', v.text], ['pub-mask', v.uuid], ['pub-mask', publicID], ['pub-mask', 'x'], ['pub-mask', ' '],
      ['pub-unmask', publicID], ['pub-unmask', mistyped], ['pub-unmask', v.text], ['pub-unmask', '']]) {
      expect(await calls(page, () => page.fill(`#${field}`, input)), `${field}: ${input}`).toEqual(['publicIDs']);
      expect(await calls(page, () => page.press(`#${field}`, 'Enter')), `${field}: submit ${input}`).toEqual(['publicIDs']);
    }
  }
  expect(await calls(page, () => page.locator('#pub-unmask').pressSequentially(publicID.slice(0, 5)))).toEqual(Array(5).fill('publicIDs'));
  expect(await calls(page, () => page.click('#pub-forget'))).toEqual(['publicIDs']);
  await page.click('#tab-decode');
  await page.fill('#dec-input', publicID);
  await expect(page.locator('#dec-public')).toBeVisible();
  expect(await calls(page, () => page.click('#dec-public-open'))).toEqual(['publicIDs']);
});
