// The ULID tool's page logic. Every ULID answer comes from the Go package,
// compiled to WebAssembly (main.wasm), through the functions it exports as
// globalThis.ulidgo; this script only wires them to the page. It makes no
// network request but the one for main.wasm.
'use strict';

const $ = (id) => document.getElementById(id);
let api = null; // globalThis.ulidgo once main.wasm runs

// ---- Tabs (WAI-ARIA tabs pattern, automatic activation) ----

const tabs = Array.from(document.querySelectorAll('[role="tab"]'));

function selectTab(tab, focus) {
  for (const t of tabs) {
    const selected = t === tab;
    t.setAttribute('aria-selected', String(selected));
    t.tabIndex = selected ? 0 : -1;
    $(t.getAttribute('aria-controls')).hidden = !selected;
  }
  if (focus) tab.focus();
  const name = tab.id.replace(/^tab-/, '');
  if (location.hash !== '#' + name) history.replaceState(null, '', '#' + name);
}

for (const tab of tabs) {
  tab.addEventListener('click', () => selectTab(tab, true));
  tab.addEventListener('keydown', (event) => {
    const i = tabs.indexOf(tab);
    let next = null;
    switch (event.key) {
      case 'ArrowRight': next = tabs[(i + 1) % tabs.length]; break;
      case 'ArrowLeft': next = tabs[(i - 1 + tabs.length) % tabs.length]; break;
      case 'Home': next = tabs[0]; break;
      case 'End': next = tabs[tabs.length - 1]; break;
      default: return;
    }
    event.preventDefault();
    selectTab(next, true);
  });
}

{
  const initial = tabs.find((t) => '#' + t.id.replace(/^tab-/, '') === location.hash);
  if (initial) selectTab(initial, false);
}

// ---- Shared helpers ----

const pad = (n, width = 2) => String(n).padStart(width, '0');

// localTime formats Unix ms in the browser's time zone, with milliseconds
// and the UTC offset in force at that instant.
function localTime(ms) {
  const d = new Date(ms);
  const offset = -d.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)} ` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function timeZoneName() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch {
    return '';
  }
}

// visible names invisible and control characters so they can be seen.
function visible(ch) {
  const code = ch.codePointAt(0);
  if (ch === ' ') return 'space';
  if (code < 0x20 || code === 0x7f || code === 0xa0 || code === 0xfeff || code === 0x200b) {
    return 'U+' + code.toString(16).toUpperCase().padStart(4, '0');
  }
  return ch;
}

// showProblem fills box with why input was rejected: the library's message,
// and the input with the offending character marked.
function showProblem(box, input, error, what) {
  box.replaceChildren();
  const title = document.createElement('p');
  title.className = 'problem-title';
  title.textContent = `Not a valid ${what}: ${error.message}`;
  box.append(title);
  if (error.kind === 'length' && input.trim() !== '') {
    const chars = Array.from(input.trim());
    const n = chars.length;
    const detail = document.createElement('p');
    detail.className = 'problem-detail';
    detail.textContent = what === 'ULID'
      ? `You entered ${n} character${n === 1 ? '' : 's'}; a ULID has 26.`
      : `You entered ${n} character${n === 1 ? '' : 's'}; a UUID has 36 (or 32 without hyphens).`;
    // Lengths are counted in bytes, so a non-ASCII character counts more than once.
    const other = chars.find((c) => c.codePointAt(0) > 0x7f);
    if (other) detail.textContent += ` “${visible(other)}” is not ASCII, so it counts as several bytes, and no ${what} has it.`;
    box.append(detail);
  }
  if (error.index >= 0) {
    const ch = String.fromCodePoint(input.codePointAt(error.index));
    const echo = document.createElement('p');
    echo.className = 'echo mono';
    echo.setAttribute('aria-label', `character ${visible(ch)} at offset ${error.offset}`);
    const mark = document.createElement('mark');
    mark.textContent = ch.trim() === '' ? '\u2423' : ch;
    echo.append(input.slice(0, error.index), mark, input.slice(error.index + ch.length));
    const where = document.createElement('p');
    where.className = 'problem-detail';
    where.textContent = `Offset ${error.offset} (character ${error.index + 1}): ${visible(ch)}`;
    box.append(echo, where);
  }
  box.hidden = false;
}

function clearProblem(box) {
  box.hidden = true;
  box.replaceChildren();
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (or no permission): copy through a selection.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

// ---- Generate ----

let generated = [];

function runGenerate() {
  const countInput = $('gen-count');
  const count = Number(countInput.value);
  const status = $('gen-status');
  if (!Number.isInteger(count) || count < 1 || count > api.maxCount) {
    countInput.setAttribute('aria-invalid', 'true');
    status.textContent = `Enter a whole number from 1 to ${api.maxCount}.`;
    status.classList.add('bad');
    return;
  }
  countInput.removeAttribute('aria-invalid');
  status.classList.remove('bad');
  const result = api.generate(count, $('gen-monotonic').checked, $('gen-lower').checked);
  if (!result.ok) {
    status.textContent = result.error.message;
    status.classList.add('bad');
    return;
  }
  generated = result.items.map((item) => item.ulid);
  const list = $('gen-list');
  const fragment = document.createDocumentFragment();
  for (const item of result.items) {
    const li = document.createElement('li');
    const id = document.createElement('code');
    id.className = 'id';
    id.textContent = item.ulid;
    const time = document.createElement('time');
    time.dateTime = item.utc;
    time.textContent = item.utc;
    li.append(id, time);
    fragment.append(li);
  }
  list.replaceChildren(fragment);
  status.textContent = `Generated ${count} ULID${count === 1 ? '' : 's'}` +
    ($('gen-monotonic').checked ? ', strictly increasing.' : ', each with fresh random bits.');
  $('gen-copy').disabled = false;
}

$('gen-form').addEventListener('submit', (event) => {
  event.preventDefault();
  if (api) runGenerate();
});

$('gen-copy').addEventListener('click', async () => {
  if (generated.length === 0) return;
  const ok = await copyText(generated.join('\n') + '\n');
  $('gen-status').textContent = ok
    ? `Copied ${generated.length} ULID${generated.length === 1 ? '' : 's'} to the clipboard.`
    : 'Could not copy: select the list and copy it by hand.';
});

// ---- Decode ----

const decodeFields = {
  canonical: 'dec-canonical', utc: 'dec-utc', ms: 'dec-ms', timeHex: 'dec-timehex',
  entropy: 'dec-entropy', uuid: 'dec-uuid',
};

function runDecode() {
  const input = $('dec-input').value;
  const box = $('dec-error');
  const note = $('dec-note');
  const result = $('dec-result');
  if (input.trim() === '') {
    clearProblem(box);
    note.hidden = true;
    result.hidden = true;
    $('dec-input').removeAttribute('aria-invalid');
    return;
  }
  const d = api.decode(input);
  if (!d.ok) {
    showProblem(box, input, d.error, 'ULID');
    $('dec-input').setAttribute('aria-invalid', 'true');
    note.hidden = true;
    result.hidden = true;
    return;
  }
  clearProblem(box);
  $('dec-input').removeAttribute('aria-invalid');
  for (const [key, id] of Object.entries(decodeFields)) $(id).value = d[key];
  $('dec-local').value = localTime(Number(d.ms));
  const zone = timeZoneName();
  $('dec-zone').textContent = zone ? `(${zone})` : '';
  const notes = [];
  if (d.lowerCase) notes.push('lower case read as upper case');
  if (d.aliases.length > 0) {
    notes.push(`Crockford alias${d.aliases.length === 1 ? '' : 'es'} at offset${d.aliases.length === 1 ? '' : 's'} ` +
      `${d.aliases.join(', ')} read as 1 (I, L) or 0 (O)`);
  }
  if (d.trimmed) notes.push('surrounding white space ignored');
  note.textContent = notes.length ? `Normalised: ${notes.join('; ')}.` : '';
  note.hidden = notes.length === 0;
  result.hidden = false;
}

$('dec-input').addEventListener('input', () => { if (api) runDecode(); });
$('dec-form').addEventListener('submit', (event) => {
  event.preventDefault();
  if (api) runDecode();
});
$('dec-example').addEventListener('click', () => {
  $('dec-input').value = '01ARYZ6S41TSV4RRFFQ69G5FAV';
  if (api) runDecode();
  $('dec-input').focus();
});

// ---- Convert ----

function convertWith(inputId, outputId, errorId, fn, field, what) {
  const input = $(inputId).value;
  const out = $(outputId);
  const box = $(errorId);
  const copy = document.querySelector(`[data-copy="${outputId}"]`);
  if (input.trim() === '') {
    out.value = '';
    copy.disabled = true;
    clearProblem(box);
    $(inputId).removeAttribute('aria-invalid');
    return;
  }
  const r = fn(input);
  if (!r.ok) {
    out.value = '';
    copy.disabled = true;
    showProblem(box, input, r.error, what);
    $(inputId).setAttribute('aria-invalid', 'true');
    return;
  }
  clearProblem(box);
  $(inputId).removeAttribute('aria-invalid');
  out.value = r[field];
  copy.disabled = false;
}

const convertULID = () => convertWith('conv-ulid', 'conv-uuid-out', 'conv-ulid-error', api.ulidToUUID, 'uuid', 'ULID');
const convertUUID = () => convertWith('conv-uuid', 'conv-ulid-out', 'conv-uuid-error', api.uuidToULID, 'ulid', 'UUID');

$('conv-ulid').addEventListener('input', () => { if (api) convertULID(); });
$('conv-uuid').addEventListener('input', () => { if (api) convertUUID(); });
for (const form of ['conv-ulid-form', 'conv-uuid-form']) {
  $(form).addEventListener('submit', (event) => {
    event.preventDefault();
    if (api) form === 'conv-ulid-form' ? convertULID() : convertUUID();
  });
}

for (const button of document.querySelectorAll('button[data-copy]')) {
  button.addEventListener('click', async () => {
    const text = $(button.dataset.copy).value;
    if (!text) return;
    const ok = await copyText(text);
    $('copy-status').textContent = ok ? `Copied ${text}` : 'Could not copy.';
    const label = button.textContent;
    button.textContent = ok ? 'Copied' : 'Failed';
    setTimeout(() => { button.textContent = label; }, 1200);
  });
}

// ---- Start ----

function ready() {
  api = globalThis.ulidgo;
  $('loading').hidden = true;
  $('gen-button').disabled = false;
  runGenerate();
  // Handle anything typed or pasted while main.wasm was loading.
  runDecode();
  convertULID();
  convertUUID();
  document.body.dataset.ready = 'true';
}

async function start() {
  if (typeof WebAssembly !== 'object' || typeof Go !== 'function') {
    throw new Error('this browser cannot run WebAssembly, or wasm_exec.js did not load');
  }
  const go = new Go();
  let instance;
  try {
    const response = fetch('main.wasm');
    ({ instance } = await WebAssembly.instantiateStreaming(response, go.importObject));
  } catch (err) {
    // A static host that does not send Content-Type: application/wasm.
    const response = await fetch('main.wasm');
    if (!response.ok) throw new Error(`main.wasm: HTTP ${response.status}`);
    ({ instance } = await WebAssembly.instantiate(await response.arrayBuffer(), go.importObject));
  }
  globalThis.ulidgoReady = ready;
  go.run(instance).then(() => {
    api = null;
    showFatal('The WebAssembly module stopped; reload the page.');
  });
}

function showFatal(message) {
  const loading = $('loading');
  loading.textContent = message;
  loading.classList.add('bad');
  loading.hidden = false;
  document.body.dataset.ready = 'error';
}

start().catch((err) => showFatal(`Could not start: ${err.message}`));
