// The page at phone width, 390 by 844 CSS px with touch, as an iPhone 12
// to 14 shows it: measured, not only looked at. The page is the one scroll
// box; each Copy button is beside or under what it copies; every target is
// at least 24 by 24 px (WCAG 2.2, success criterion 2.5.8, Target Size
// (Minimum)); an ID in a field shows from its first character.
import { test, expect, vectors, publicIDs, keyHex, uuidOf, hidden, shot, open } from './fixtures.mjs';

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

// nestedScrollers returns, for the element matched by selector, its
// descendants and its ancestors below the page's own scrolling element,
// those that scroll vertically: overflow-y auto or scroll, with more content
// than fits.
const nestedScrollers = (page, selector) => page.$eval(selector, (el) => {
  const found = [];
  const check = (e) => {
    const s = getComputedStyle(e);
    if (/auto|scroll|overlay/.test(s.overflowY) && e.scrollHeight > e.clientHeight) {
      found.push(`${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${e.className}: ${e.scrollHeight} > ${e.clientHeight}`);
    }
  };
  for (const e of [el, ...el.querySelectorAll('*')]) check(e);
  for (let e = el.parentElement; e && e !== document.scrollingElement; e = e.parentElement) check(e);
  return found;
});

// pageScrolls says whether the page itself scrolls vertically, with more
// content than the window holds.
const pageScrolls = (page) => page.evaluate(() => document.scrollingElement.scrollHeight > window.innerHeight);

// horizontal returns the page's width and the window's.
const horizontal = (page) => page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);

// copyPlaces returns, for each visible Copy button matched by selector, the
// boxes of the button and of target(button), the element it copies, in
// page coordinates.
async function copyPlaces(page, selector, target) {
  return page.$$eval(selector, (buttons, target) => {
    const targetOf = new Function('button', `return (${target})(button)`);
    const box = (e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, width: r.width, height: r.height };
    };
    return buttons.filter((b) => b.getClientRects().length > 0).map((b) => {
      const t = targetOf(b);
      return { label: b.getAttribute('aria-label'), button: box(b), target: box(t), text: t.textContent };
    });
  }, target.toString());
}

// lines returns the number of lines the text of the element #id takes.
const lines = (page, id) => page.$eval(`#${id}`, (e) => {
  const range = document.createRange();
  range.selectNodeContents(e);
  return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
});

// beside says whether button is on target's row, to its right; under,
// whether it is directly below target, overlapping it horizontally.
const beside = (b, t) => b.left >= t.right - 1 && b.top < t.bottom && b.bottom > t.top;
const under = (b, t) => b.top >= t.bottom - 1 && b.top - t.bottom <= 16 && b.left < t.right && b.right > t.left;

function expectPlaced(places, what) {
  expect(places.length, `${what}: no Copy buttons`).toBeGreaterThan(0);
  for (const { label, button, target, text } of places) {
    const where = `${what}: ${label} at ${JSON.stringify(button)}, ${text} at ${JSON.stringify(target)}`;
    expect(beside(button, target) || under(button, target), `${where}: neither beside nor under it`).toBe(true);
    expect(button.left >= 0 && button.right <= WIDTH, `${where}: outside the window`).toBe(true);
  }
}

// smallTargets returns the visible interactive elements smaller than 24 by
// 24 CSS px.
const smallTargets = (page) => page.evaluate(() => {
  const selector = 'a[href], button, input, select, textarea, summary, [role="tab"], [tabindex]';
  return Array.from(document.querySelectorAll(selector))
    .filter((e) => e.getClientRects().length > 0 && !e.closest('.visually-hidden'))
    .map((e) => [e.id || e.getAttribute('aria-label') || e.textContent.trim(), e.getBoundingClientRect()])
    .filter(([, r]) => r.width < 24 || r.height < 24)
    .map(([name, r]) => `${name}: ${r.width.toFixed(1)} x ${r.height.toFixed(1)}`);
});

test('phone width: the generated list scrolls with the page; each Copy beside its ID; targets 24 px', async ({ page }) => {
  await open(page);
  expect(await page.evaluate(() => [window.innerWidth, matchMedia('(pointer: coarse)').matches])).toEqual([WIDTH, true]);
  await page.fill('#gen-count', '100');
  await page.click('#gen-button');
  await expect(page.locator('#gen-list .id')).toHaveCount(100);
  expect(await nestedScrollers(page, '#gen-list'), 'scroll boxes inside the page').toEqual([]);
  expect(await pageScrolls(page), 'the page scrolls for 100 IDs').toBe(true);
  const [scroll] = await horizontal(page);
  expect(scroll, 'the page is wider than the window').toBeLessThanOrEqual(WIDTH);
  const places = await copyPlaces(page, '#gen-list button.copy', (b) => b.parentElement.querySelector('.id'));
  expect(places).toHaveLength(100);
  expectPlaced(places, 'generate');
  // Each button copies its own ID, so each is nearer it than any other ID.
  for (const [i, { button, target }] of places.entries()) {
    if (i > 0) expect(button.top >= places[i - 1].target.bottom, `button ${i + 1} is above ID ${i}`).toBe(true);
    expect(button.bottom <= (places[i + 1]?.target.top ?? Infinity) + 1, `button ${i + 1} reaches ID ${i + 2}`).toBe(true);
    expect(target.height, `ID ${i + 1} is on more than one line`).toBeLessThan(2 * 16 * 1.2);
  }
  expect(await smallTargets(page), 'targets under 24 by 24 px on Generate').toEqual([]);
  await page.$eval('#gen-status', (e) => e.scrollIntoView());
  await shot(page, 'phone-390-generate.png', { fullPage: false });
});

test('phone width: Decode\'s fields and list; each Copy beside or under its value; targets 24 px', async ({ page }) => {
  await open(page, '#decode');
  expect(await smallTargets(page), 'targets under 24 by 24 px on Decode, empty').toEqual([]);
  await page.fill('#dec-input', vectors[0].text);
  await hidden(page, 'dec-result', false);
  const pasted = [];
  for (let i = 0; i < 200; i++) pasted.push(vectors[i % vectors.length].text);
  await page.fill('#list-input', pasted.join('\n') + '\nnot an ID');
  await expect(page.locator('#list-rows tr')).toHaveCount(200);
  expect(await nestedScrollers(page, '#list-table'), 'scroll boxes inside the page').toEqual([]);
  const [scroll] = await horizontal(page);
  expect(scroll, 'the page is wider than the window').toBeLessThanOrEqual(WIDTH);
  const places = await copyPlaces(page, '#dec-result button.copy', (b) => document.getElementById(b.dataset.copy));
  expect(places.map((p) => p.label)).toEqual(['Copy the canonical ULID', 'Copy the time in UTC', 'Copy the local time',
    'Copy the Unix milliseconds', 'Copy the entropy in hex', 'Copy the UUID']);
  expectPlaced(places, 'decode');
  // The local time's Copy button comes before its zone, and the UUID is
  // on one line.
  expect(await page.$eval('#dec-zone', (z) => z.previousElementSibling.dataset.copy)).toBe('dec-local');
  expect(await lines(page, 'dec-uuid')).toBe(1);
  expect(await smallTargets(page), 'targets under 24 by 24 px on Decode').toEqual([]);
  await page.$eval('#dec-input', (e) => e.scrollIntoView());
  await shot(page, 'phone-390-decode.png', { fullPage: false });
  await page.$eval('#list-out', (e) => e.scrollIntoView());
  await shot(page, 'phone-390-decode-list.png', { fullPage: false });
});

test('phone width: Convert shows a UUID from its start; each Copy beside or under its result; targets 24 px', async ({ page }) => {
  await open(page, '#convert');
  // What a field shows: the scroll offset and whether the whole value fits.
  const shows = (id) => page.$eval(`#${id}`, (e) => ({ scrollLeft: e.scrollLeft, fits: e.scrollWidth <= e.clientWidth }));
  for (const v of vectors) {
    await page.fill('#conv-uuid', v.uuid);
    await expect(page.locator('#conv-ulid-out')).toHaveText(v.text);
    expect(await shows('conv-uuid'), `${v.uuid} in UUID → ULID, while focused`).toEqual({ scrollLeft: 0, fits: true });
    await page.fill('#conv-ulid', v.text);
    await expect(page.locator('#conv-uuid-out')).toHaveText(v.uuid);
    expect(await shows('conv-ulid'), `${v.text} in ULID → UUID`).toEqual({ scrollLeft: 0, fits: true });
    expect(await shows('conv-uuid-out'), `${v.uuid} as the result`).toEqual({ scrollLeft: 0, fits: true });
    expect(await lines(page, 'conv-uuid-out'), `${v.uuid} as the result`).toBe(1);
  }
  // A longer form scrolls while it is edited, and shows its start again
  // once the field is left.
  const long = `urn:uuid:${vectors[0].uuid}`;
  await page.fill('#conv-uuid', long);
  await expect(page.locator('#conv-ulid-out')).toHaveText(vectors[0].text);
  await page.locator('#conv-uuid').blur();
  expect((await shows('conv-uuid')).scrollLeft, `${long} after leaving the field`).toBe(0);
  await page.fill('#conv-uuid', vectors[1].uuid);
  await page.fill('#conv-prefix', 'user');
  await page.fill('#conv-typeid', vectors[1].text);
  await expect(page.locator('#conv-typeid-out')).toHaveText(`user_${vectors[1].text.toLowerCase()}`);
  const places = await copyPlaces(page, '#panel-convert button.copy', (b) => document.getElementById(b.dataset.copy));
  expect(places).toHaveLength(3);
  expectPlaced(places, 'convert');
  expect(await smallTargets(page), 'targets under 24 by 24 px on Convert').toEqual([]);
  const [scroll] = await horizontal(page);
  expect(scroll, 'the page is wider than the window').toBeLessThanOrEqual(WIDTH);
  await shot(page, 'phone-390-convert.png', { fullPage: false });
});

test('phone width: UUID text in the Decode field shows from its start', async ({ page }) => {
  await open(page, '#decode');
  for (const v of vectors) {
    await page.fill('#dec-input', v.uuid);
    await expect(page.locator('#dec-ulid')).toHaveJSProperty('value', v.text);
    expect(await page.$eval('#dec-input', (e) => [e.scrollLeft, e.scrollWidth <= e.clientWidth]), v.uuid).toEqual([0, true]);
  }
});

test('phone width: Public IDs: four tabs on one line; a public ID fits its field; each Copy beside or under its result; targets 24 px', async ({ page }) => {
  await open(page, '#public');
  // Each tab's name on one line, every tab inside the window.
  const tabs = await page.$$eval('[role="tab"]', (ts) => ts.map((t) => {
    const r = t.getBoundingClientRect();
    return { name: t.textContent, top: r.top, left: r.left, right: r.right, height: r.height, line: parseFloat(getComputedStyle(t).lineHeight) };
  }));
  expect(tabs.map((t) => t.name)).toEqual(['Generate', 'Decode', 'Convert', 'Public IDs']);
  await shot(page, 'phone-390-public-top.png', { fullPage: false });
  // Down to 320 px, in smaller type.
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.$$eval('[role="tab"]', (ts) => new Set(ts.map((t) => t.getBoundingClientRect().top)).size), 'rows of tabs at 320 px').toBe(1);
  expect((await horizontal(page))[0], 'the page is wider than 320 px').toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: WIDTH, height: 844 });
  for (const t of tabs) {
    expect(t.top, `${t.name} is not on the tabs' row`).toBe(tabs[0].top);
    expect(t.left >= 0 && t.right <= WIDTH, `${t.name} is outside the window`).toBe(true);
    expect(t.height, `${t.name} takes more than one line`).toBeLessThan(2 * t.line);
  }
  const shows = (id) => page.$eval(`#${id}`, (e) => ({ scrollLeft: e.scrollLeft, fits: e.scrollWidth <= e.clientWidth }));
  for (const v of publicIDs.vectors.filter((v) => v.key === 'k256')) {
    await page.fill('#pub-keys', keyHex.k256);
    await page.fill('#pub-unmask', v.public_id);
    await expect(page.locator('#pub-unmask-out')).toHaveText(v.ulid);
    expect(await shows('pub-unmask'), `${v.public_id} in Public ID → ULID`).toEqual({ scrollLeft: 0, fits: true });
    await page.fill('#pub-mask', uuidOf(v.ulid));
    await expect(page.locator('#pub-mask-out')).toHaveText(v.public_id);
    expect(await shows('pub-mask'), `${uuidOf(v.ulid)} in ULID → public ID`).toEqual({ scrollLeft: 0, fits: true });
    expect(await lines(page, 'pub-mask-out'), `${v.public_id} as the result`).toBe(1);
  }
  const places = await copyPlaces(page, '#panel-public button.copy', (b) => document.getElementById(b.dataset.copy));
  expect(places).toHaveLength(2);
  expectPlaced(places, 'public IDs');
  expect(await smallTargets(page), 'targets under 24 by 24 px on Public IDs').toEqual([]);
  const [scroll] = await horizontal(page);
  expect(scroll, 'the page is wider than the window').toBeLessThanOrEqual(WIDTH);
  await page.$eval('#pub-mask-form', (e) => e.scrollIntoView());
  await shot(page, 'phone-390-public.png', { fullPage: false });
});
