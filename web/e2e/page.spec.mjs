// The page as a whole: its policy, Go functions called with bad arguments, the
// keyboard, phone width, the loading and no-WebAssembly states, a host's
// Content-Type for main.wasm, and that its requests stay on its server.
import { test, expect, vectors, publicIDs, keyHex, uuidOf, isUUIDv7, texts, hidden, value, shot, open } from './fixtures.mjs';
import { AxeBuilder } from '@axe-core/playwright';

test('a Go function called with bad arguments returns ok false, and the page keeps working', { tag: '@export' }, async ({ page }) => {
  await open(page);
  const results = await page.evaluate(() => {
    const calls = [
      ['generate("x")', () => ulidgo.generate('x')],
      ['generate()', () => ulidgo.generate()],
      ['generate(10, true, false, "", false, "")', () => ulidgo.generate(10, true, false, '', false, '')],
      ['generate("10", "yes", false, "", false, "")', () => ulidgo.generate('10', 'yes', false, '', false, '')],
      ['generate("10", true, false, null, false, "")', () => ulidgo.generate('10', true, false, null, false, '')],
      ['generate("10", true, false, "", "yes", "")', () => ulidgo.generate('10', true, false, '', 'yes', '')],
      ['generate("10", true, false, "", false)', () => ulidgo.generate('10', true, false, '', false)],
      ['generate("10", true, false, "", false, 7)', () => ulidgo.generate('10', true, false, '', false, 7)],
      ['decode(5)', () => ulidgo.decode(5)],
      ['decode(10n)', () => ulidgo.decode(10n)],
      ['decode()', () => ulidgo.decode()],
      ['decodeList({})', () => ulidgo.decodeList({})],
      ['convert(null)', () => ulidgo.convert(null)],
      ['convert(Symbol())', () => ulidgo.convert(Symbol('x'))],
      ['toTypeID("user")', () => ulidgo.toTypeID('user')],
      ['toTypeID(null, "")', () => ulidgo.toTypeID(null, '')],
      ['publicIDs()', () => ulidgo.publicIDs()],
      ['publicIDs("00", "", "x")', () => ulidgo.publicIDs('00', '', 'x')],
      ['publicIDs(128, "", "", "")', () => ulidgo.publicIDs(128, '', '', '')],
    ];
    return calls.map(([call, f]) => {
      try {
        const r = f();
        return [call, r.ok, r.error?.field ?? '', r.error?.message.split(':')[0]];
      } catch (err) {
        return [call, 'threw', err.message];
      }
    });
  });
  // Each is refused by the call's recover, which names the function; the
  // message goes on with what syscall/js or the Go runtime said.
  expect(results).toEqual([
    ['generate("x")', false, '', 'generate'],
    ['generate()', false, '', 'generate'],
    ['generate(10, true, false, "", false, "")', false, '', 'generate'],
    ['generate("10", "yes", false, "", false, "")', false, '', 'generate'],
    ['generate("10", true, false, null, false, "")', false, '', 'generate'],
    ['generate("10", true, false, "", "yes", "")', false, '', 'generate'],
    ['generate("10", true, false, "", false)', false, '', 'generate'],
    ['generate("10", true, false, "", false, 7)', false, '', 'generate'],
    ['decode(5)', false, '', 'decode'],
    ['decode(10n)', false, '', 'decode'],
    ['decode()', false, '', 'decode'],
    ['decodeList({})', false, '', 'decodeList'],
    ['convert(null)', false, '', 'convert'],
    ['convert(Symbol())', false, '', 'convert'],
    ['toTypeID("user")', false, '', 'toTypeID'],
    ['toTypeID(null, "")', false, '', 'toTypeID'],
    ['publicIDs()', false, '', 'publicIDs'],
    ['publicIDs("00", "", "x")', false, '', 'publicIDs'],
    ['publicIDs(128, "", "", "")', false, '', 'publicIDs'],
  ]);
  // A call with the right arguments and a bad count: the count's error.
  expect(await page.evaluate(() => ulidgo.generate('1e3', true, false, '', false, '').error))
    .toEqual({ field: 'count', message: 'want a whole number in decimal digits, such as 10' });
  // The program still runs: the page generates, decodes and converts.
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await hidden(page, 'loading');
  await page.fill('#gen-count', '3');
  await page.click('#gen-button');
  await expect(page.locator('#gen-list .id')).toHaveCount(3);
  expect(await page.evaluate((v) => ulidgo.decode(v).fields.ulid, vectors[0].text.toLowerCase())).toBe(vectors[0].text);
  expect(await page.evaluate((v) => ulidgo.convert(v).uuid, vectors[0].text)).toBe(vectors[0].uuid);
});

test('the page carries its policy in <meta>: inline script and style are refused, no request has a Referer', { tag: '@export' }, async ({ page, problems, requests }, testInfo) => {
  const exported = testInfo.project.name === 'export';
  const response = await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 30000 });
  const headers = response.headers();
  const sent = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy'].filter((h) => h in headers);
  if (exported) {
    // So what is enforced below comes from the page itself.
    expect(sent).toEqual([]);
  } else {
    expect(sent, JSON.stringify(headers)).toHaveLength(4);
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  }
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta).toMatch(/^default-src 'none'; script-src 'self' 'wasm-unsafe-eval';/);
  expect(meta).not.toMatch(/frame-ancestors/);
  // Each policy, the header's and the meta element's, reports its own
  // violation: on the export only the page's own policy can.
  const policies = exported ? [meta] : [headers['content-security-policy'], meta];
  const refused = await page.evaluate(() => new Promise((resolve) => {
    const seen = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push([e.effectiveDirective, e.originalPolicy]));
    const script = document.createElement('script');
    script.textContent = 'globalThis.inlineRan = true;';
    const style = document.createElement('style');
    style.textContent = 'body { display: none; }';
    document.head.append(script, style);
    setTimeout(() => resolve({ seen: seen.sort(), inline: globalThis.inlineRan === true, display: getComputedStyle(document.body).display }), 500);
  }));
  expect(refused).toEqual({
    seen: ['script-src-elem', 'style-src-elem'].flatMap((d) => policies.map((policy) => [d, policy])).sort(),
    inline: false,
    display: 'block',
  });
  // The violations are reported on the console, and only they.
  const errors = problems.splice(0);
  expect(errors, errors.join('\n')).toHaveLength(2 * policies.length);
  for (const text of errors) expect(text).toMatch(/violates the following Content Security Policy directive/);
  const paths = requests.map((r) => new URL(r.url()).pathname);
  for (const file of ['/', '/style.css', '/app.js', '/wasm_exec.js', '/main.wasm', '/favicon.svg']) {
    expect(paths, `${file} was not requested`).toContain(file);
  }
  const referers = [];
  for (const r of requests) if ((await r.allHeaders()).referer !== undefined) referers.push(r.url());
  expect(referers).toEqual([]);
});

test('keyboard only: tabs with arrow keys, Home, End; fields reachable with Tab', async ({ page }) => {
  await open(page);
  const kb = page;
  const active = () => kb.evaluate(() => document.activeElement?.id);
  const expectTab = async (name) => {
    await expect(kb.locator(`#tab-${name}`)).toBeFocused();
    expect(await kb.$$eval('[role="tab"]', (ts) => ts.filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.id))).toEqual([`tab-${name}`]);
    expect(await kb.$$eval('[role="tabpanel"]', (ps) => ps.filter((p) => !p.hidden).map((p) => p.id))).toEqual([`panel-${name}`]);
  };

  await kb.keyboard.press('Tab');
  await expectTab('generate');
  const outline = await kb.evaluate(() => {
    const s = getComputedStyle(document.activeElement);
    return [s.outlineStyle, parseFloat(s.outlineWidth)];
  });
  expect(outline[0], 'the focused tab has a visible outline').not.toBe('none');
  expect(outline[1]).toBeGreaterThanOrEqual(2);
  // Only the selected tab is in the Tab order.
  expect(await kb.$$eval('[role="tab"]', (ts) => ts.map((t) => t.tabIndex))).toEqual([0, -1, -1, -1]);

  await kb.keyboard.press('ArrowRight');
  await expectTab('decode');
  expect(new URL(kb.url()).hash).toBe('#decode');
  await shot(kb, 'keyboard-focus.png', { fullPage: false });
  await kb.keyboard.press('Tab');
  expect(await active()).toBe('dec-input');
  await kb.keyboard.type(vectors[0].text.toLowerCase());
  await value(kb, 'dec-ulid', vectors[0].text);
  await kb.keyboard.press('Shift+Tab');
  await expectTab('decode');
  await kb.keyboard.press('End');
  await expectTab('public');
  await kb.keyboard.press('ArrowRight');
  await expectTab('generate');
  await kb.keyboard.press('ArrowLeft');
  await expectTab('public');
  await kb.keyboard.press('Tab');
  expect(await active()).toBe('pub-keys');
  await kb.keyboard.type(keyHex.k128);
  await kb.keyboard.press('Shift+Tab');
  await expectTab('public');
  await kb.keyboard.press('ArrowLeft');
  await expectTab('convert');
  await kb.keyboard.press('Tab');
  expect(await active()).toBe('conv-ulid');
  await kb.keyboard.type(vectors[4].text);
  await expect(kb.locator('#conv-uuid-out')).toHaveText(vectors[4].uuid);
  await kb.keyboard.press('Shift+Tab');
  await kb.keyboard.press('Home');
  await expectTab('generate');
  await kb.keyboard.press('Tab');
  expect(await active()).toBe('gen-count');
  await kb.keyboard.press('Control+A');
  await kb.keyboard.type('3');
  await kb.keyboard.press('Enter');
  await expect(kb.locator('#gen-list .id')).toHaveCount(3);
  // Tab on through the time and the checkboxes to the buttons; Space
  // toggles lower case and UUIDv7.
  for (const id of ['gen-time', 'gen-prefix', 'gen-monotonic', 'gen-lower']) {
    await kb.keyboard.press('Tab');
    expect(await active()).toBe(id);
  }
  await kb.keyboard.press('Space');
  await kb.keyboard.press('Tab');
  expect(await active()).toBe('gen-v7');
  await kb.keyboard.press('Space');
  await expect(kb.locator('#gen-v7')).toBeChecked();
  await kb.keyboard.press('Tab');
  expect(await active()).toBe('gen-button');
  await kb.keyboard.press('Enter');
  await expect(kb.locator('#gen-status')).toHaveText(/^Generated 3 UUIDv7-compatible ULIDs/);
  const ids = await texts(kb, '#gen-list .id');
  expect(ids).toHaveLength(3);
  expect(ids[0]).toBe(ids[0].toLowerCase());
  for (const id of ids) expect(isUUIDv7(uuidOf(id)), `${id} is ${uuidOf(id)}, not a UUIDv7`).toBe(true);
});

test('a #decode link opens the Decode tab', async ({ page }) => {
  await open(page, '#decode');
  await expect(page.locator('#tab-decode')).toHaveAttribute('aria-selected', 'true');
  await hidden(page, 'panel-decode', false);
  await hidden(page, 'panel-generate');
});

test('phone width: no horizontal scrolling on any tab', async ({ page }) => {
  await open(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.fill('#gen-count', '5');
  await page.click('#gen-button');
  for (const tab of ['generate', 'decode', 'convert', 'public']) {
    await page.click(`#tab-${tab}`);
    if (tab === 'decode') {
      await page.fill('#dec-input', vectors[2].text);
      await page.fill('#list-input', vectors.map((v) => v.text).join('\n') + '\nnot an ID, and a long line that must wrap rather than widen the page');
      await hidden(page, 'dec-anatomy', false);
    }
    if (tab === 'convert') {
      await page.fill('#conv-ulid', vectors[0].text);
      await page.fill('#conv-uuid', 'urn:uuid:' + vectors[4].uuid);
    }
    if (tab === 'public') {
      await page.fill('#pub-keys', `${keyHex.k256}\n${keyHex.k128}`);
      await page.fill('#pub-mask', 'urn:uuid:' + vectors[4].uuid);
      await page.fill('#pub-unmask', publicIDs.vectors.find((v) => v.key === 'k128b').public_id);
      await hidden(page, 'pub-unmask-error', false);
    }
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scroll <= width, `${tab}: page is ${scroll} px wide in a ${width} px window`).toBe(true);
    await shot(page, `phone-${tab}.png`);
  }
});

// The Decode tab's test of the anatomy runs axe-core on that tab.
test('Generate and Convert, in use, in both colour schemes, pass axe-core\'s WCAG 2 A and AA rules', async ({ page }) => {
  // Two runs of axe-core: over a minute on a busy 2-core machine.
  test.setTimeout(120_000);
  await open(page);
  await page.fill('#gen-count', '3');
  await page.click('#gen-button');
  await expect(page.locator('#gen-list .id')).toHaveCount(3);
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const tab of ['generate', 'convert']) {
      await page.click(`#tab-${tab}`);
      if (tab === 'convert') await page.fill('#conv-ulid', vectors[0].uuid);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`), `${scheme} ${tab}`).toEqual([]);
    }
  }
});

// loadingDetail is the loading message, with the size of main.wasm to
// download if given.
const loadingDetail = (download) => "The page's logic is the Go package compiled to WebAssembly" +
  (download ? `, ${download}` : '') + '; it runs here, in your browser.';
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;

test('while main.wasm loads, a styled loading state; the controls wait', async ({ page }) => {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/main.wasm', async (route) => { await held; await route.continue(); });
  await page.goto('/');
  await hidden(page, 'loading', false);
  await expect(page.locator('body')).not.toHaveAttribute('data-ready');
  await expect(page.locator('#loading-title')).toHaveText('Loading the tool…');
  // No size before main.wasm's headers have come.
  await expect(page.locator('#loading-detail')).toHaveText(loadingDetail());
  await expect(page.locator('#loading')).toHaveAttribute('role', 'status');
  await expect(page.locator('main')).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('#gen-button')).toBeDisabled();
  await expect(page.locator('#loading')).toHaveCSS('display', 'flex');
  await expect(page.locator('#loading')).toHaveCSS('border-left-style', 'solid');
  await expect(page.locator('#loading .spinner')).toHaveCSS('display', 'block');
  await shot(page, 'loading.png', { fullPage: false });
  release();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 30000 });
  await hidden(page, 'loading');
  await expect(page.locator('main')).not.toHaveAttribute('aria-busy');
  await expect(page.locator('#gen-button')).toBeEnabled();
});

test('the loading message gives the size of main.wasm on the wire: compressed from ulid-web, none from a host that sends no length', { tag: '@export' }, async ({ page }, testInfo) => {
  const wasm = page.waitForResponse((r) => new URL(r.url()).pathname === '/main.wasm');
  await open(page);
  const headers = (await wasm).headers();
  if (testInfo.project.name === 'export') {
    // The static server streams each file, without a Content-Length.
    expect(headers['content-length'], JSON.stringify(headers)).toBeUndefined();
    await expect(page.locator('#loading-detail')).toHaveText(loadingDetail());
    return;
  }
  // What the browser received: the body's bytes as sent, and decoded.
  const [timing] = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((e) => new URL(e.name).pathname === '/main.wasm').map((e) => ({ sent: e.encodedBodySize, size: e.decodedBodySize })));
  expect(headers['content-encoding'], JSON.stringify(headers)).toBe('gzip');
  expect(headers.vary).toBe('Accept-Encoding');
  expect(Number(headers['content-length'])).toBe(timing.sent);
  expect(timing.sent).toBeLessThan(timing.size / 2);
  await expect(page.locator('#loading-detail')).toHaveText(loadingDetail(`${megabytes(timing.sent)} to download (compressed)`));
});

test('a host that sends main.wasm as is with its length: the loading message gives that size', { tag: '@export-only' }, async ({ page }) => {
  let length = 0;
  await page.route('**/main.wasm', async (route) => {
    const response = await route.fetch();
    length = (await response.body()).length;
    await route.fulfill({ response, headers: { ...response.headers(), 'content-length': String(length) } });
  });
  await open(page);
  expect(length).toBeGreaterThan(1_000_000);
  await expect(page.locator('#loading-detail')).toHaveText(loadingDetail(`${megabytes(length)} to download`));
});

test('without WebAssembly the page says so, in a styled state', async ({ page }) => {
  await page.addInitScript(() => { delete globalThis.WebAssembly; });
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'no-wasm');
  await hidden(page, 'loading', false);
  await expect(page.locator('#loading-title')).toHaveText('This browser cannot run WebAssembly');
  await expect(page.locator('#loading-detail')).toHaveText(/go install github\.com\/ulidgo\/ulid\/cmd\/ulid@latest/);
  await expect(page.locator('#loading')).toHaveAttribute('role', 'alert');
  await expect(page.locator('#loading')).toHaveClass(/\bbad\b/);
  await expect(page.locator('#loading .spinner')).toHaveCSS('display', 'none');
  await expect(page.locator('#gen-button')).toBeDisabled();
  await shot(page, 'no-wasm.png', { fullPage: false });
});

test('a host that sends main.wasm with another Content-Type: the page compiles it all the same', { tag: '@export-only' }, async ({ page }) => {
  let served = '';
  let fetches = 0;
  await page.route('**/main.wasm', async (route) => {
    fetches++;
    const response = await route.fetch();
    served = response.headers()['content-type'];
    await route.fulfill({ response, headers: { ...response.headers(), 'content-type': 'application/octet-stream' } });
  });
  await open(page);
  expect(served).toBe('application/wasm');
  // WebAssembly.instantiateStreaming refuses it; the page fetches it again.
  expect(fetches).toBe(2);
  await expect(page.locator('#gen-list .id')).toHaveCount(10);
});

test('main.wasm is loaded from the page\'s server, and no request leaves it', { tag: '@export' }, async ({ page, requests, baseURL }) => {
  await open(page);
  const urls = requests.map((r) => new URL(r.url()));
  expect(urls.filter((u) => u.pathname === '/main.wasm').map((u) => u.origin)).toEqual([new URL(baseURL).origin]);
  // The fixture checks, after each test, that every request went there.
  expect(urls.every((u) => u.origin === new URL(baseURL).origin)).toBe(true);
});
