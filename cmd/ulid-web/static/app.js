// The ULID tool's page logic. Every ULID answer comes from the Go package,
// compiled to WebAssembly (main.wasm), through the functions it exports as
// globalThis.ulidgo: each input is one call, which returns one record that
// this script renders, with Go's wording for every result and error. This
// script only wires them to the page. It makes no network request but the
// one for main.wasm.
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

// tabMoves give, for each key that moves between tabs, the index of the
// next tab from the current one's, modulo the number of tabs.
const tabMoves = { ArrowRight: (i) => i + 1, ArrowLeft: (i) => i - 1, Home: () => 0, End: () => -1 };

for (const tab of tabs) {
  tab.addEventListener('click', () => selectTab(tab, true));
  tab.addEventListener('keydown', (event) => {
    const move = tabMoves[event.key];
    if (!move) return;
    event.preventDefault();
    const n = tabs.length;
    selectTab(tabs[((move(tabs.indexOf(tab)) % n) + n) % n], true);
  });
}

const initialTab = tabs.find((t) => '#' + t.id.replace(/^tab-/, '') === location.hash);
if (initialTab) selectTab(initialTab, false);

// ---- Shared helpers ----

// markInvalid sets or removes a field's aria-invalid.
const markInvalid = (field, yes) => (yes ? field.setAttribute('aria-invalid', 'true') : field.removeAttribute('aria-invalid'));

// el returns a new element of tag with the properties props (className,
// textContent, ...) and the children, nodes or text.
function el(tag, props, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

const paragraph = (className, textContent) => el('p', { className, textContent });
const timeOf = (t) => el('time', { dateTime: t, textContent: t });
const plural = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

// showProblem fills box with why input was rejected, in Go's words (the
// error's title), and the input with the offending character marked:
// error.char names it where it shows as nothing ("U+3000").
function showProblem(box, input, error) {
  box.replaceChildren(paragraph('problem-title', error.title));
  if (error.index >= 0) {
    const ch = String.fromCodePoint(input.codePointAt(error.index));
    const mark = el('mark', { textContent: error.char === ch ? ch : '\u2423' });
    const echo = el('p', { className: 'echo mono' }, input.slice(0, error.index), mark, input.slice(error.index + ch.length));
    echo.setAttribute('aria-label', `character ${error.char} at offset ${error.offset}`);
    box.append(echo, paragraph('problem-detail', `Offset ${error.offset} (character ${error.index + 1}): ${error.char}`));
  }
  box.hidden = false;
}

function clearProblem(box) {
  box.hidden = true;
  box.replaceChildren();
}

// renderAnatomy fills box with the two parts of a canonical ULID: the 10
// timestamp characters with the time they hold, and the 16 randomness
// characters with their 80 bits in hex. A description list, so a screen
// reader reads each part's name, characters and value in order.
function renderAnatomy(box, canonical, utc, entropy) {
  const title = el('p', { className: 'anatomy-title', id: `${box.id}-title` }, 'Anatomy of ', el('code', { textContent: canonical }));
  const list = el('dl', { className: 'anatomy-parts' });
  list.setAttribute('aria-labelledby', title.id);
  const part = (kind, name, size, chars, value, valueLabel) => el('div', { className: `part part-${kind}` },
    el('dt', {}, el('span', { className: 'part-name', textContent: name }), ' ', el('span', { className: 'part-size', textContent: size })),
    el('dd', { className: 'part-chars mono', textContent: chars }),
    el('dd', { className: 'part-value mono' }, el('span', { className: 'visually-hidden', textContent: valueLabel }), value));
  list.append(
    part('time', 'Timestamp', '10 characters, 48 bits', canonical.slice(0, 10), timeOf(utc), 'time: '),
    part('rand', 'Randomness', '16 characters, 80 bits', canonical.slice(10), entropy, 'in hex: '),
  );
  box.replaceChildren(title, list);
  box.hidden = false;
}

// runs are live's runs, which ready calls: the first Generate, and what
// was typed while main.wasm loaded.
const runs = [];

// live runs run, once main.wasm runs, on each input in the fields inputs
// and on the submit of the forms.
function live(run, inputs, forms) {
  runs.push(run);
  for (const id of inputs) $(id).addEventListener('input', () => { if (api) run(); });
  for (const id of forms) {
    $(id).addEventListener('submit', (event) => {
      event.preventDefault();
      if (api) run();
    });
  }
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (or no permission): copy through a selection.
    const area = el('textarea', { value: text, readOnly: true });
    area.style.cssText = 'position: fixed; opacity: 0';
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {}
    area.remove();
    return ok;
  }
}

// ---- Generate ----

// generateFields are the fields that generate's errors name in error.field:
// the input and its label.
const generateFields = { count: ['gen-count', 'How many'], time: ['gen-time', 'At time'], prefix: ['gen-prefix', 'TypeID prefix'] };

// generated names what the list holds, for "Copy all": ULIDs or TypeIDs.
let generated = 'ULID';

function runGenerate() {
  const status = $('gen-status');
  const monotonic = $('gen-monotonic').checked;
  const v7 = $('gen-v7').checked;
  // The count goes to Go as typed: it reads it as ulid -n does, with the
  // same errors, where JavaScript's Number() would take 1e3 or 10.000.
  const r = api.generate($('gen-count').value, monotonic, $('gen-lower').checked, $('gen-time').value, v7, $('gen-prefix').value);
  generated = r.prefix ? 'TypeID' : 'ULID';
  for (const [field, [id]] of Object.entries(generateFields)) markInvalid($(id), r.error?.field === field);
  // No stale list, anatomy or Copy all outlives an invalid request.
  $('gen-list').replaceChildren(...(r.items ?? []).map((item, i) => {
    const copy = el('button', { type: 'button', className: 'copy copy-row', textContent: 'Copy' });
    const text = item.typeid ?? item.ulid;
    copy.dataset.value = text;
    copy.setAttribute('aria-label', `Copy ${generated} ${i + 1}`);
    return el('li', {}, el('code', { className: 'id', textContent: text }), timeOf(item.time), copy);
  }));
  $('gen-copy').disabled = !r.ok;
  $('gen-anatomy').hidden = true;
  status.classList.toggle('bad', !r.ok);
  if (!r.ok) {
    const [, label] = generateFields[r.error.field] ?? [];
    status.textContent = label ? `${label}: ${r.error.message}` : r.error.message;
    return;
  }
  const first = r.items[0];
  renderAnatomy($('gen-anatomy'), first.ulid.toUpperCase(), first.time, first.entropy);
  const what = r.prefix ? `${plural(r.items.length, 'TypeID')} of the prefix ${r.prefix} (UUIDv7s)`
    : plural(r.items.length, `${v7 ? 'UUIDv7-compatible ' : ''}ULID`);
  status.textContent = `Generated ${what}${r.at ? ` at ${r.at}` : ''}` +
    `${monotonic ? ', strictly increasing.' : ', each with fresh random bits.'}`;
}

live(runGenerate, [], ['gen-form']);

// "Copy all" copies the list on the page.
$('gen-copy').addEventListener('click', async () => {
  const ids = Array.from($('gen-list').querySelectorAll('code'), (code) => code.textContent);
  if (ids.length === 0) return;
  const ok = await copyText(ids.join('\n') + '\n');
  $('gen-status').textContent = ok
    ? `Copied ${plural(ids.length, generated)} to the clipboard.`
    : 'Could not copy: select the list and copy it by hand.';
});

// ---- Decode ----

// runDecode shows the record of the Decode field: each of its fields in
// the output of the same name, or the error, with a button that opens the
// input on the Public IDs tab if the error says it is a public ID, and the
// TypeID prefix of TypeID text.
let decodedType = ''; // the type of the public ID Decode refused, or ''

function runDecode() {
  const input = $('dec-input').value;
  const box = $('dec-error');
  const note = $('dec-note');
  const d = api.decode(input);
  $('dec-public').hidden = !d.error?.public;
  decodedType = d.error?.type ?? '';
  if (d.error) showProblem(box, input, d.error);
  else clearProblem(box);
  markInvalid($('dec-input'), d.ok === false);
  $('dec-result').hidden = !d.ok;
  note.hidden = !d.ok || !d.note;
  if (!d.ok) return;
  for (const [key, value] of Object.entries(d.fields)) $(`dec-${key}`).value = value;
  $('dec-prefix').value = d.prefix;
  $('dec-prefix-row').hidden = !d.prefix;
  $('dec-local').value = d.local;
  // The local time is RFC 3339 with the offset at that instant, as ulid
  // --local shows it; d.zone says why it is in UTC, where it is.
  const zone = [Intl.DateTimeFormat().resolvedOptions().timeZone, d.zone].filter(Boolean).join(': ');
  $('dec-zone').textContent = zone ? `(${zone})` : '';
  renderAnatomy($('dec-anatomy'), d.fields.ulid, d.fields.time, d.fields.entropy);
  note.textContent = d.note;
}

live(runDecode, ['dec-input'], ['dec-form']);
$('dec-example').addEventListener('click', () => {
  $('dec-input').value = '01ARYZ6S41TSV4RRFFQ69G5FAV';
  if (api) runDecode();
  $('dec-input').focus();
});

// ---- Decode a list ----

function runList() {
  const r = api.decodeList($('list-input').value);
  const valid = r.valid ?? [];
  const invalid = r.invalid ?? [];
  $('list-out').hidden = !r.ok;
  $('list-rows').replaceChildren(...valid.map((it) => el('tr', {}, el('td', { className: 'num', textContent: it.line }),
    el('td', { className: 'mono', textContent: it.ulid }), el('td', { className: 'mono' }, timeOf(it.time)))));
  $('list-bad-items').replaceChildren(...invalid.map((it) => el('li', { textContent: it.report })));
  if (!r.ok) return;
  $('list-table').hidden = valid.length === 0;
  $('list-bad-title').textContent = plural(invalid.length, 'invalid line');
  $('list-bad').hidden = invalid.length === 0;
  let status = `${plural(valid.length, 'valid ID')}, sorted by time`;
  if (invalid.length > 0) status += `; ${invalid.length} invalid`;
  if (r.unread > 0) status += `; ${plural(r.unread, 'line')} after the first ${api.maxLines} not read`;
  $('list-status').textContent = status + '.';
  $('list-copy').disabled = valid.length === 0;
}

live(runList, ['list-input'], ['list-form']);
// "Copy sorted list" copies the table on the page.
$('list-copy').addEventListener('click', () => {
  const ids = Array.from($('list-rows').rows, (row) => row.cells[1].textContent);
  if (ids.length > 0) copyWithFeedback($('list-copy'), ids.join('\n') + '\n', `${ids.length} sorted IDs`);
});

// ---- Convert ----

// Both fields read input by the tools' policy, as ulid convert does: each
// takes a ULID, UUID text or TypeID text and shows the ID in the other
// form, a ULID for UUID text and a UUID for the others. A field given a
// form its label does not name says so in its note.
function convertWith(id, outId, expect) {
  const r = api.convert($(id).value);
  const form = (r.ok ? r.kind === 'UUID' : expect === 'UUID') ? 'ULID' : 'UUID';
  $(outId).setAttribute('aria-label', form);
  document.querySelector(`[data-copy="${outId}"]`).setAttribute('aria-label', `Copy the ${form}`);
  showResult(id, outId, r, r.kind === 'UUID' ? r.ulid : r.uuid, r.kind === expect ? '' : r.note);
}

const convertULID = () => convertWith('conv-ulid', 'conv-uuid-out', 'ULID');
const convertUUID = () => convertWith('conv-uuid', 'conv-ulid-out', 'UUID');

live(convertULID, ['conv-ulid'], ['conv-ulid-form']);
live(convertUUID, ['conv-uuid'], ['conv-uuid-form']);

// ID → TypeID writes its ID as TypeID text of the prefix, as ulid convert
// --typeid does; a prefix that breaks TypeID's rule is shown as Generate
// shows a field's error.
function convertTypeID() {
  const r = api.toTypeID($('conv-prefix').value, $('conv-typeid').value);
  const prefixError = r.error?.field === 'prefix';
  markInvalid($('conv-prefix'), prefixError);
  if (prefixError) showProblem($('conv-prefix-error'), '', { title: `TypeID prefix: ${r.error.message}` });
  else clearProblem($('conv-prefix-error'));
  showResult('conv-typeid', 'conv-typeid-out', prefixError ? {} : r, r.typeid, '', 'Type a prefix first, such as user.');
}

live(convertTypeID, ['conv-prefix', 'conv-typeid'], ['conv-typeid-form']);

// ---- Public IDs ----

// The key field's text goes to Go with each call and nowhere else: the
// page does not store it, put it in the URL or the page's text, or send it
// (web/e2e/publicid.spec.mjs checks each). Go forgets it when the call
// returns.

// keysOK is whether the key field held a usable key when last read.
let keysOK = false;

// runPublic shows the record of the tab's three fields, for an input in
// any of them: the key's marks or its error, as Generate shows a field's
// error, and each of the other two fields' result or problem.
function runPublic() {
  const r = api.publicIDs($('pub-keys').value, $('pub-type').value, $('pub-mask').value, $('pub-unmask').value);
  const status = $('pub-keys-status');
  const box = $('pub-keys-error');
  keysOK = r.keys.ok === true;
  markInvalid($('pub-keys'), r.keys.ok === false);
  status.textContent = keysOK ? `Key marks: ${r.keys.marks}. A public ID starts with the mark of the key that made it.`
    : r.keys.blank ? 'No key yet: type or paste one to mask and unmask.' : '';
  // The message names a key by its position and never shows it; nor does
  // the page echo the field, as it does an ID.
  if (r.keys.error) showProblem(box, '', { title: `Key: ${r.keys.error.message}` });
  else clearProblem(box);
  markInvalid($('pub-type'), r.type.ok === false);
  $('pub-type-status').textContent = r.type.marks ? `Type key marks: ${r.type.marks}.` : '';
  if (r.type.error) showProblem($('pub-type-error'), '', { title: `Type: ${r.type.error.message}` });
  else clearProblem($('pub-type-error'));
  const noKey = r.keys.blank ? 'Type or paste the key above first.'
    : r.keys.ok ? 'The type above is not valid.' : 'The key above is not valid.';
  showResult('pub-mask', 'pub-mask-out', r.mask, r.mask.publicID,
    r.mask.kind === 'ULID' ? '' : `Read as ${r.mask.kind} text: the public ID of the ULID ${r.mask.ulid}.`, noKey);
  showResult('pub-unmask', 'pub-unmask-out', r.unmask, r.unmask.ulid,
    `Made with the key marked ${r.unmask.mark}; the ULID's time is ${r.unmask.time}.`, noKey);
}

// showResult shows the record r of the field id in the output outId and
// the field's note and problem box: nothing for a blank field, the note
// missing where a key or a prefix is missing (r.noKey, r.noPrefix), the
// problem, or, if r is ok, value and the note okNote, if not ''.
function showResult(id, outId, r, value, okNote, missing) {
  const out = $(outId);
  const box = $(`${id}-error`);
  const note = $(`${id}-note`);
  const copy = document.querySelector(`[data-copy="${outId}"]`);
  out.value = '';
  copy.disabled = true;
  note.hidden = true;
  clearProblem(box);
  markInvalid($(id), r.ok === false && !r.noKey && !r.noPrefix);
  if (r.noKey || r.noPrefix) {
    note.textContent = missing;
    note.hidden = false;
  } else if (r.error) {
    showProblem(box, $(id).value, r.error);
  } else if (r.ok) {
    out.value = value;
    note.textContent = okNote;
    note.hidden = !okNote;
    copy.disabled = false;
  }
}

live(runPublic, ['pub-keys', 'pub-type', 'pub-mask', 'pub-unmask'], ['pub-keys-form', 'pub-type-form', 'pub-mask-form', 'pub-unmask-form']);
$('pub-show').addEventListener('change', () => {
  $('pub-keys').classList.toggle('secret', !$('pub-show').checked);
});
$('pub-forget').addEventListener('click', () => {
  $('pub-keys').value = '';
  $('pub-show').checked = false;
  $('pub-keys').classList.add('secret');
  if (api) runPublic();
  $('pub-keys').focus();
});

$('dec-public-open').addEventListener('click', () => {
  $('pub-unmask').value = $('dec-input').value;
  $('pub-type').value = decodedType;
  selectTab($('tab-public'), false);
  if (api) runPublic();
  (keysOK ? $('pub-unmask') : $('pub-keys')).focus();
});

// copyWithFeedback copies text and says so, on the button for a moment
// and to screen readers in the copy-status region.
async function copyWithFeedback(button, text, what = text) {
  if (!text) return;
  const ok = await copyText(text);
  $('copy-status').textContent = ok ? `Copied ${what}` : 'Could not copy.';
  if (!button.dataset.label) button.dataset.label = button.textContent;
  button.textContent = ok ? 'Copied' : 'Failed';
  clearTimeout(button.copyTimer);
  button.copyTimer = setTimeout(() => { button.textContent = button.dataset.label; }, 1200);
}

// A Copy button copies its data-value, or the value of the output its
// data-copy names.
document.addEventListener('click', (event) => {
  const button = event.target.closest('button.copy');
  if (button) copyWithFeedback(button, button.dataset.value ?? $(button.dataset.copy).value);
});

// ---- Start ----

// While main.wasm loads, the Generate button is disabled and the loading
// state says what is happening.
document.querySelector('main').setAttribute('aria-busy', 'true');

function ready() {
  api = globalThis.ulidgo;
  $('loading').hidden = true;
  document.querySelector('main').removeAttribute('aria-busy');
  $('gen-button').disabled = false;
  for (const run of runs) run();
  document.body.dataset.ready = 'true';
}

async function start() {
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    showFatal('This browser cannot run WebAssembly',
      'The tool is the Go package compiled to WebAssembly, and this browser (or its settings) does not run it. ' +
      'Try a current browser, or the command line tool: go install github.com/ulidgo/ulid/cmd/ulid@latest.', 'no-wasm');
    return;
  }
  if (typeof Go !== 'function') throw new Error('wasm_exec.js did not load');
  const go = new Go();
  let instance;
  try {
    const response = fetch('main.wasm');
    response.then(showSize, () => {}); // a failed fetch is handled below
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
    $('gen-button').disabled = true;
    showFatal('The tool stopped', 'The WebAssembly module exited; reload the page.');
  });
}

// showSize adds to the loading message the size of main.wasm on the wire,
// once its response's headers have come: its Content-Length, which is the
// compressed size when the server compresses it (Content-Encoding).
function showSize(response) {
  const bytes = Number(response.headers.get('Content-Length'));
  if (!response.ok || !(bytes > 0)) return;
  const compressed = response.headers.has('Content-Encoding') ? ' (compressed)' : '';
  $('loading-detail').textContent = "The page's logic is the Go package compiled to WebAssembly, " +
    `${(bytes / 1e6).toFixed(2)} MB to download${compressed}; it runs here, in your browser.`;
}

function showFatal(title, detail, state = 'error') {
  $('loading-title').textContent = title;
  $('loading-detail').textContent = detail;
  const loading = $('loading');
  loading.classList.add('bad');
  loading.setAttribute('role', 'alert');
  loading.hidden = false;
  document.querySelector('main').removeAttribute('aria-busy');
  document.body.dataset.ready = state;
}

start().catch((err) => showFatal('Could not start the tool', err.message));
