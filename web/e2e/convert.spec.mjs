// The Convert tab: both fields, each form, the notes and the errors.
import { test, expect, vectors, texts, hidden, clipboard, shot, open } from './fixtures.mjs';

test.beforeEach(async ({ page }) => {
  await open(page, '#convert');
});

test('convert ULID → UUID and UUID → ULID', { tag: '@export' }, async ({ page }) => {
  for (const v of vectors) {
    await page.fill('#conv-ulid', v.text);
    await expect(page.locator('#conv-uuid-out')).toHaveText(v.uuid);
    await page.fill('#conv-ulid', v.text.toLowerCase());
    await expect(page.locator('#conv-uuid-out')).toHaveText(v.uuid);
    for (const form of [v.uuid, v.uuid.toUpperCase(), v.uuid.replaceAll('-', ''), `{${v.uuid}}`, `urn:uuid:${v.uuid}`]) {
      await page.fill('#conv-uuid', form);
      await expect(page.locator('#conv-ulid-out'), form).toHaveText(v.text);
      await hidden(page, 'conv-uuid-error');
    }
  }
  await page.fill('#conv-uuid', '01563df3-6481-d676-4c61-efb99302bd5g');
  await expect(page.locator('#conv-ulid-out')).toHaveText('');
  await expect(page.locator('#conv-uuid-error')).toHaveText(/Not a valid UUID: .*character 'g' at offset 35/);
  expect(await texts(page, '#conv-uuid-error mark')).toEqual(['g']);
  await page.fill('#conv-ulid', '01ARYZ6S41TSV4RRFFQ69G5FAU');
  await expect(page.locator('#conv-uuid-out')).toHaveText('');
  await expect(page.locator('#conv-ulid-error')).toHaveText(/offset 25/);
  await shot(page, 'convert-error.png');
  await page.fill('#conv-ulid', vectors[0].text);
  await page.fill('#conv-uuid', vectors[3].uuid);
  await hidden(page, 'conv-ulid-error');
  // Each in the form its label names: no note.
  await hidden(page, 'conv-ulid-note');
  await hidden(page, 'conv-uuid-note');
  await page.click('[data-copy="conv-uuid-out"]');
  await expect(page.locator('#copy-status')).toHaveText(/Copied/);
  expect(await clipboard(page)).toBe(vectors[0].uuid);
  await shot(page, 'convert.png');
});

test('convert: either field takes a ULID or UUID text, as ulid convert does, and shows the other form', async ({ page }) => {
  for (const v of vectors) {
    for (const form of [v.uuid, ` ${v.uuid.toUpperCase()}\n`, `{${v.uuid}}`, `urn:uuid:${v.uuid}`, v.uuid.replaceAll('-', '')]) {
      await page.fill('#conv-ulid', form);
      await expect(page.locator('#conv-uuid-out'), form).toHaveText(v.text);
      await hidden(page, 'conv-ulid-error', true, form);
      await expect(page.locator('#conv-uuid-out')).toHaveAttribute('aria-label', 'ULID');
      await expect(page.locator('[data-copy="conv-uuid-out"]')).toHaveAttribute('aria-label', 'Copy the ULID');
      await hidden(page, 'conv-ulid-note', false);
      await expect(page.locator('#conv-ulid-note')).toHaveText('Read as UUID text, so this is its ULID.');
    }
    for (const form of [v.text, ` ${v.text.toLowerCase()}\t`]) {
      await page.fill('#conv-uuid', form);
      await expect(page.locator('#conv-ulid-out'), form).toHaveText(v.uuid);
      await hidden(page, 'conv-uuid-error', true, form);
      await expect(page.locator('#conv-ulid-out')).toHaveAttribute('aria-label', 'UUID');
      await expect(page.locator('#conv-uuid-note')).toHaveText('Read as a ULID, so this is its UUID.');
      await hidden(page, 'conv-uuid-note', false);
    }
  }
  await page.fill('#conv-ulid', vectors[0].uuid);
  await page.click('[data-copy="conv-uuid-out"]');
  await expect(page.locator('#copy-status')).toHaveText(`Copied ${vectors[0].text}`);
  expect(await clipboard(page)).toBe(vectors[0].text);
  await shot(page, 'convert-other-form.png');
  // Back to its own form: the note goes, the labels follow.
  await page.fill('#conv-ulid', vectors[0].text);
  await expect(page.locator('#conv-uuid-out')).toHaveText(vectors[0].uuid);
  await expect(page.locator('#conv-uuid-out')).toHaveAttribute('aria-label', 'UUID');
  await hidden(page, 'conv-ulid-note');

  // Errors speak of the form the input looks like, in either field.
  const errors = [
    ['conv-ulid', ' 01563df3-6481-d676-4c61efb99302bd5b',
      /^Not a valid UUID: invalid UUID text length 35 bytes, want 36 for the form with hyphens$/, []],
    ['conv-ulid', '01563df3-6481-d676-4c61-efb99302bd5g', /^Not a valid UUID: invalid UUID text: character 'g' at offset 35/, ['g']],
    ['conv-uuid', '01ARYZ6S41TSV4RRFFQ69G5FAU', /^Not a valid ULID: invalid character 'U' at offset 25/, ['U']],
    ['conv-uuid', '01563df3', /^Not a valid (ULID|UUID): .*length 8 bytes, want (26|36 for the form with hyphens)$/, []],
  ];
  for (const [field, input, want, marks] of errors) {
    await page.fill(`#${field}`, input);
    await expect(page.locator(`#${field}-error`), `${field}: ${input}`).toHaveText(want);
    expect(await texts(page, `#${field}-error mark`)).toEqual(marks);
    await expect(page.locator(`#${field}`)).toHaveAttribute('aria-invalid', 'true');
    await hidden(page, `${field}-note`);
    const out = field === 'conv-ulid' ? 'conv-uuid-out' : 'conv-ulid-out';
    await expect(page.locator(`#${out}`)).toHaveText('');
    await expect(page.locator(`[data-copy="${out}"]`)).toBeDisabled();
  }
  await page.fill('#conv-ulid', '');
  await page.fill('#conv-uuid', '');
  await hidden(page, 'conv-ulid-error');
  await hidden(page, 'conv-uuid-error');
  await expect(page.locator('#conv-uuid-out')).toHaveAttribute('aria-label', 'UUID');
  await expect(page.locator('#conv-ulid-out')).toHaveAttribute('aria-label', 'ULID');
});
