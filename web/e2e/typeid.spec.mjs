// TypeID text on every tab: Generate and Convert write it for a prefix,
// Decode and Convert read it and show its prefix, and the Public IDs tab
// makes and opens typed public IDs of a type, with the vectors of
// testdata/publicid.json. Each answer is checked with the test's own
// decoders (fixtures.mjs) or the shared vectors, not with the page's.
import { test, expect, publicIDs, keyHex, vectors, uuidOf, isUUIDv7, timestampOf, isoOf, texts, hidden, value, clipboard, shot, open } from './fixtures.mjs';

// TYPEID_RE is TypeID text of the prefix user: the suffix is a ULID in
// lower case (TypeID specification 0.3.0), first character 0 to 7.
const TYPEID_RE = /^user_[0-7][0-9a-hjkmnp-tv-z]{25}$/;

test('Generate with a prefix makes TypeID text, as ulid --typeid does', async ({ page }) => {
  await open(page);
  await page.fill('#gen-count', '50');
  await page.fill('#gen-prefix', ' user ');
  await page.click('#gen-button');
  await expect(page.locator('#gen-status')).toHaveText(/^Generated 50 TypeIDs of the prefix user \(UUIDv7s\), strictly increasing\.$/);
  const ids = await texts(page, '#gen-list code');
  expect(ids).toHaveLength(50);
  for (const [i, id] of ids.entries()) {
    expect(id, `item ${i}`).toMatch(TYPEID_RE);
    expect(isUUIDv7(uuidOf(id.slice(5))), `item ${i} is a UUIDv7`).toBe(true);
    if (i > 0) expect(id > ids[i - 1], `item ${i} after ${ids[i - 1]}`).toBe(true);
  }
  // The anatomy is of the first one's ULID, in upper case.
  await expect(page.locator('#gen-anatomy-title code')).toHaveText(ids[0].slice(5).toUpperCase());
  await page.click('#gen-list li:first-child button.copy');
  expect(await clipboard(page)).toBe(ids[0]);
  await expect(page.locator('#gen-list li:first-child button.copy')).toHaveAttribute('aria-label', 'Copy TypeID 1');
  await page.click('#gen-copy');
  await expect(page.locator('#gen-status')).toHaveText('Copied 50 TypeIDs to the clipboard.');
  expect(await clipboard(page)).toBe(ids.join('\n') + '\n');
  await shot(page, 'generate-typeid.png');

  // A prefix that breaks TypeID's rule: the field's error, and no list.
  await page.fill('#gen-prefix', 'User');
  await page.click('#gen-button');
  await expect(page.locator('#gen-status')).toHaveText(
    "TypeID prefix: invalid TypeID prefix: character 'U' at offset 0, want 'a' to 'z', or '_' between letters");
  await expect(page.locator('#gen-prefix')).toHaveAttribute('aria-invalid', 'true');
  expect(await texts(page, '#gen-list code')).toEqual([]);
  await expect(page.locator('#gen-copy')).toBeDisabled();

  // An empty prefix is plain ULIDs again.
  await page.fill('#gen-prefix', '');
  await page.click('#gen-button');
  await expect(page.locator('#gen-prefix')).not.toHaveAttribute('aria-invalid');
  expect((await texts(page, '#gen-list code')).every((id) => /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/.test(id))).toBe(true);
});

test('Decode reads TypeID text and shows its prefix', async ({ page }) => {
  await open(page, '#decode');
  for (const v of vectors) {
    const typeID = `user_${v.text.toLowerCase()}`;
    await page.fill('#dec-input', typeID);
    await value(page, 'dec-ulid', v.text, typeID);
    await value(page, 'dec-uuid', v.uuid);
    await value(page, 'dec-prefix', 'user');
    await hidden(page, 'dec-prefix-row', false);
    await expect(page.locator('#dec-note')).toHaveText('Read as TypeID text of the prefix "user": this is the ULID of the same 16 bytes.');
  }
  await shot(page, 'decode-typeid.png');
  // A ULID has no prefix: the row goes.
  await page.fill('#dec-input', vectors[0].text);
  await hidden(page, 'dec-prefix-row');
  // TypeID's rules: an upper-case suffix is refused, at its first letter.
  const upper = `user_${vectors[0].text}`;
  await page.fill('#dec-input', upper);
  await expect(page.locator('#dec-error')).toHaveText(/^Not a valid TypeID: /);
  await hidden(page, 'dec-result');
});

test('Convert reads TypeID text, and writes it for a prefix as ulid convert --typeid does', async ({ page }) => {
  await open(page, '#convert');
  const v = vectors[0];
  const typeID = `user_${v.text.toLowerCase()}`;
  await page.fill('#conv-ulid', typeID);
  await expect(page.locator('#conv-uuid-out')).toHaveText(v.uuid);
  await expect(page.locator('#conv-ulid-note')).toHaveText('Read as TypeID text of the prefix "user", so this is its UUID.');
  await page.fill('#conv-uuid', typeID);
  await expect(page.locator('#conv-ulid-out')).toHaveText(v.uuid);
  await expect(page.locator('#conv-uuid-note')).toHaveText('Read as TypeID text of the prefix "user", so this is its UUID.');

  // ID → TypeID: no prefix yet, then each form of the ID.
  await page.fill('#conv-typeid', v.text);
  await expect(page.locator('#conv-typeid-note')).toHaveText('Type a prefix first, such as user.');
  await page.fill('#conv-prefix', 'user');
  for (const input of [v.text, v.text.toLowerCase(), v.uuid, typeID]) {
    await page.fill('#conv-typeid', input);
    await expect(page.locator('#conv-typeid-out'), input).toHaveText(typeID);
    await hidden(page, 'conv-typeid-error');
  }
  await page.click('[data-copy="conv-typeid-out"]');
  expect(await clipboard(page)).toBe(typeID);
  await shot(page, 'convert-typeid.png');

  // TypeID text of another prefix is refused at its first character.
  await page.fill('#conv-typeid', `order_${v.text.toLowerCase()}`);
  await expect(page.locator('#conv-typeid-out')).toHaveText('');
  await expect(page.locator('#conv-typeid-error')).toHaveText(/invalid TypeID: character 'o' at offset 0, want the prefix "user_"/);
  expect(await texts(page, '#conv-typeid-error mark')).toEqual(['o']);
  // A prefix that breaks TypeID's rule is the prefix field's error.
  await page.fill('#conv-prefix', 'user_');
  await expect(page.locator('#conv-prefix-error')).toHaveText(
    "TypeID prefix: invalid TypeID prefix: character '_' at offset 4, want 'a' to 'z', or '_' between letters");
  await expect(page.locator('#conv-prefix')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#conv-typeid-out')).toHaveText('');
  await hidden(page, 'conv-typeid-error');
});

test('Public IDs with a type: the typed vectors of testdata/publicid.json', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, '#public');
  const markOf = Object.fromEntries(publicIDs.typed_keys.map((k) => [`${k.key} ${k.prefix}`, k.mark]));
  for (const v of publicIDs.typed_vectors.slice(0, 12)) {
    const mark = markOf[`${v.key} ${v.prefix}`];
    await page.fill('#pub-keys', keyHex[v.key]);
    await page.fill('#pub-type', v.prefix);
    await expect(page.locator('#pub-type-status'), `${v.key} ${v.prefix}`).toHaveText(`Type key marks: masks with ${mark}, unmasks ${mark}.`);
    for (const input of [v.ulid, `${v.prefix}_${v.ulid.toLowerCase()}`]) {
      await page.fill('#pub-mask', input);
      await expect(page.locator('#pub-mask-out'), `${v.prefix}: ${input}`).toHaveText(v.public_id);
    }
    await page.fill('#pub-unmask', v.public_id);
    await expect(page.locator('#pub-unmask-out'), v.public_id).toHaveText(v.ulid);
    await expect(page.locator('#pub-unmask-note')).toHaveText(
      `Made with the key marked ${mark}; the ULID's time is ${isoOf(timestampOf(v.ulid))}.`);
  }
  await shot(page, 'public-typed.png');
  // A public ID of another type is refused, at its first character.
  const user = publicIDs.typed_vectors.find((v) => v.key === 'k128' && v.prefix === 'user');
  const order = publicIDs.typed_vectors.find((v) => v.key === 'k128' && v.prefix === 'order' && v.ulid === user.ulid);
  await page.fill('#pub-keys', keyHex.k128);
  await page.fill('#pub-type', 'user');
  await page.fill('#pub-unmask', order.public_id);
  await expect(page.locator('#pub-unmask-out')).toHaveText('');
  await expect(page.locator('#pub-unmask-error')).toHaveText(/want the prefix "user_"/);
  expect(await texts(page, '#pub-unmask-error mark')).toEqual(['o']);
  // A type that breaks TypeID's rule: the field's error; nothing masks.
  await page.fill('#pub-mask', user.ulid);
  await page.fill('#pub-type', 'User');
  await expect(page.locator('#pub-type-error')).toHaveText(/^Type: invalid TypeID prefix: character 'U' at offset 0/);
  await expect(page.locator('#pub-type')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#pub-mask-out')).toHaveText('');
  await expect(page.locator('#pub-mask-note')).toHaveText('The type above is not valid.');
  // Without a type, the same ULID masks to an untyped public ID.
  await page.fill('#pub-type', '');
  const untyped = publicIDs.vectors.find((v) => v.key === 'k128' && v.ulid === user.ulid);
  await expect(page.locator('#pub-mask-out')).toHaveText(untyped.public_id);
  await hidden(page, 'pub-type-error');
});

test('Decode sends a typed public ID to the Public IDs tab with its type', async ({ page }) => {
  await open(page, '#decode');
  const v = publicIDs.typed_vectors.find((t) => t.key === 'k128' && t.prefix === 'order');
  await page.fill('#dec-input', v.public_id);
  await expect(page.locator('#dec-error')).toHaveText(/looks like a typed public ID: unmask it with its key and the type "order"/);
  await page.click('#dec-public-open');
  await value(page, 'pub-type', 'order');
  await value(page, 'pub-unmask', v.public_id);
  await page.fill('#pub-keys', keyHex.k128);
  await expect(page.locator('#pub-unmask-out')).toHaveText(v.ulid);
});
