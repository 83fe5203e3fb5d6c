// cdp.mjs - a small driver of headless Chromium for the browser tests,
// through the DevTools protocol on a pipe (no npm packages); with
// --firefox, of headless Firefox through WebDriver BiDi (bidi.mjs), with
// the same commands.
//
// Usage: node cdp.mjs [--chromium PATH | --firefox PATH] [--limit SECONDS]
//                     PROFILE_DIR < script
//
// Chromium is started with --remote-debugging-pipe: we write JSON messages,
// each ended by a NUL byte, to its file descriptor 3 and read its answers
// and events from its file descriptor 4.  The script on standard input has
// one command per line (blank lines and lines starting with '#' are
// skipped), run as it comes (a caller may send more once it has read the
// results so far: one browser serves it until standard input ends); each
// command prints exactly one line on standard output:
//
//   open URL                   ok         (about:blank first, so that the
//                                          same file with another hash is
//                                          really loaded again)
//   reload                     ok         (the same address again, hash
//                                          and all, waiting for the load)
//   wait-state S1|S2 MS        state VALUE ELAPSED_MS, or
//                              state timeout:LAST ELAPSED_MS
//                              (document.body.dataset.state, polled every
//                              POLL_MS)
//   wait-true MS EXPRESSION    true ELAPSED_MS, or timeout ELAPSED_MS
//                              (until the expression is true, polled
//                              every POLL_MS; its last error follows a
//                              timeout)
//   click ID                   ok         (a bubbling MouseEvent 'click')
//   key KEY                    ok         (a bubbling keydown on document;
//                                          KEY may be a JSON string, and
//                                          Space means " ")
//   text ID                    text JSON  (textContent; null: no element)
//   attr ID NAME               attr JSON  (null: no element or attribute)
//   set-value ID JSONSTRING    ok         (.value, then 'input', 'change')
//   upload ID FILE             ok         (a file input gets the file at
//                                          the absolute path FILE, as if
//                                          chosen; then 'change')
//   eval EXPRESSION            eval JSON  (its value, promises awaited)
//   errors                     errors JSON (the page's uncaught exceptions,
//                                          console errors, dialogs and
//                                          requests for anything but
//                                          file:, data:, blob: and about:
//                                          addresses since the last
//                                          'errors', as strings)
//   screenshot FILE W H        ok         (PNG of a W x H viewport)
//   sleep MS                   ok
//
// A command that fails prints "error MESSAGE" and the script goes on.
// Exit status: 0 at the end of the script; 2 if Chromium cannot be started
// or dies; 3 if the whole run takes longer than --limit (default 300 s).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

import { local, Requests } from './protocol.mjs';

const CALL_MS = 60000; // one DevTools call
const LOAD_MS = 30000; // one page load
const POLL_MS = 5; // between two looks of wait-state and wait-true

function parseArgs(argv) {
  const opts = { chromium: process.env.CHROMIUM || '/usr/bin/chromium',
                 firefox: null, limit: 300, profile: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--chromium' && i + 1 < argv.length) opts.chromium = argv[++i];
    else if (argv[i] === '--firefox' && i + 1 < argv.length) opts.firefox = argv[++i];
    else if (argv[i] === '--limit' && i + 1 < argv.length) opts.limit = Number(argv[++i]);
    else if (!argv[i].startsWith('--') && !opts.profile) opts.profile = argv[i];
    else usage();
  }
  if (!opts.profile || !(opts.limit > 0)) usage();
  return opts;
}

function usage() {
  process.stderr.write('usage: node cdp.mjs [--chromium PATH | --firefox PATH] [--limit SECONDS] PROFILE_DIR < script\n');
  process.exit(2);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The browser process and the protocol on its pipe.
class Browser extends Requests {
  constructor(path, profile) {
    super();
    this.stderr = '';
    const args = ['--headless', '--no-sandbox', '--disable-gpu',
      '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run',
      '--disable-quic', '--user-data-dir=' + profile,
      '--remote-debugging-pipe', 'about:blank'];
    this.child = spawn(path, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    this.child.on('error', (e) => this.die('cannot start ' + path + ': ' + e.message));
    this.child.on('exit', (code, sig) => this.die('chromium exited (' + (sig || code) + ')'));
    this.child.stderr.on('data', (d) => {
      this.stderr = (this.stderr + d.toString()).slice(-4000); // noise, kept for errors
    });
    this.out = this.child.stdio[3];
    this.out.on('error', () => {});
    let chunks = [];
    this.child.stdio[4].on('data', (data) => {
      let start = 0;
      for (let nul = data.indexOf(0); nul >= 0; nul = data.indexOf(0, start)) {
        chunks.push(data.subarray(start, nul));
        this.dispatch(Buffer.concat(chunks).toString('utf8'));
        chunks = [];
        start = nul + 1;
      }
      if (start < data.length) chunks.push(data.subarray(start));
    });
  }

  dispatch(text) {
    let msg;
    try { msg = JSON.parse(text); } catch { return; }
    if (!this.answer(msg.id, msg.error && msg.error.message, msg.result))
      this.notify(msg);
  }

  // The result of one DevTools call (sessionId: of the page, or none).
  call(method, params = {}, sessionId = undefined, ms = CALL_MS) {
    const make = (id) => (sessionId ? { id, method, params, sessionId }
      : { id, method, params });
    return this.request(method, make, (text) => this.out.write(text + '\0'), ms);
  }

  // Resolves with the first event `method` of sessionId after this call;
  // cancel() stops waiting.
  event(method, sessionId, ms) {
    let cancel;
    const promise = new Promise((resolve, reject) => {
      const listener = (msg) => {
        if (msg.method === method && msg.sessionId === sessionId) {
          done();
          resolve(msg.params);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error('no ' + method + ' within ' + ms + ' ms'));
      }, ms);
      const done = () => { clearTimeout(timer); this.listeners.delete(listener); };
      cancel = done;
      this.listeners.add(listener);
    });
    return { promise, cancel };
  }

  async close() {
    if (!this.dead) {
      await Promise.race([this.call('Browser.close').catch(() => {}), sleep(5000)]);
      await Promise.race([new Promise((r) => this.child.once('exit', r)), sleep(3000)]);
    }
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

// One page (a target attached with flatten) and what it can be asked.
class Page {
  constructor(browser, sessionId) {
    this.b = browser;
    this.session = sessionId;
    this.errors = [];
    browser.listeners.add((msg) => this.watch(msg));
  }

  static async open(browser) {
    const { targetId } = await browser.call('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await browser.call('Target.attachToTarget', { targetId, flatten: true });
    const page = new Page(browser, sessionId);
    await page.call('Page.enable');
    await page.call('Runtime.enable');
    await page.call('Network.enable');
    return page;
  }

  call(method, params) { return this.b.call(method, params, this.session); }

  // Uncaught exceptions and console errors are kept for 'errors'; a
  // dialog (alert, confirm) would stop the page, so it is dismissed.
  watch(msg) {
    if (msg.sessionId !== this.session) return;
    if (msg.method === 'Runtime.exceptionThrown') {
      const d = msg.params.exceptionDetails;
      this.errors.push('exception: ' + ((d.exception && d.exception.description) || d.text));
    } else if (msg.method === 'Runtime.consoleAPICalled' && msg.params.type === 'error') {
      this.errors.push('console.error: ' +
        msg.params.args.map((a) => (a.value !== undefined ? String(a.value) : a.description)).join(' '));
    } else if (msg.method === 'Network.requestWillBeSent' && !local(msg.params.request.url)) {
      this.errors.push('request: ' + msg.params.request.url);
    } else if (msg.method === 'Page.javascriptDialogOpening') {
      this.errors.push('dialog: ' + msg.params.message);
      this.call('Page.handleJavaScriptDialog', { accept: false }).catch(() => {});
    }
  }

  async navigate(url) {
    const load = this.b.event('Page.loadEventFired', this.session, LOAD_MS);
    let r;
    try {
      r = await this.call('Page.navigate', { url });
    } catch (e) {
      load.cancel();
      throw e;
    }
    if (r.errorText) {
      load.cancel();
      throw new Error('cannot open ' + url + ': ' + r.errorText);
    }
    await load.promise;
  }

  async reload() {
    const load = this.b.event('Page.loadEventFired', this.session, LOAD_MS);
    try {
      await this.call('Page.reload', { ignoreCache: true });
    } catch (e) {
      load.cancel();
      throw e;
    }
    await load.promise;
  }

  // Gives the file input id the file at path (a 'change' event follows).
  async upload(id, path) {
    const { root } = await this.call('DOM.getDocument', { depth: 0 });
    const { nodeId } = await this.call('DOM.querySelector',
      { nodeId: root.nodeId, selector: '#' + id });
    if (!nodeId) throw new Error('no element ' + id);
    await this.call('DOM.setFileInputFiles', { nodeId, files: [path] });
  }

  async screenshot(file, width, height) {
    await this.call('Emulation.setDeviceMetricsOverride',
      { width, height, deviceScaleFactor: 1, mobile: false });
    await this.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    const { data } = await this.call('Page.captureScreenshot', { format: 'png' });
    writeFileSync(file, Buffer.from(data, 'base64'));
  }

  // The value of a JavaScript expression, by value, promises awaited.
  async evaluate(expression) {
    const r = await this.call('Runtime.evaluate', {
      expression, returnByValue: true, awaitPromise: true, userGesture: true });
    if (r.exceptionDetails) {
      const d = r.exceptionDetails;
      throw new Error('exception: ' + ((d.exception && d.exception.description) || d.text).split('\n')[0]);
    }
    return r.result.type === 'undefined' ? undefined : r.result.value;
  }
}

// The page-side code of the commands that touch an element: each returns
// a string to print, built in the page.
const js = {
  click: (id) => `(() => {
    const e = document.getElementById(${JSON.stringify(id)});
    if (!e) return ${JSON.stringify('error no element ' + id)};
    if (e.disabled) return ${JSON.stringify('error disabled ' + id)};
    e.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
    return 'ok';
  })()`,
  key: (key) => `(() => {
    document.dispatchEvent(new KeyboardEvent('keydown',
      {key: ${JSON.stringify(key)}, bubbles: true, cancelable: true}));
    return 'ok';
  })()`,
  text: (id) => `(() => {
    const e = document.getElementById(${JSON.stringify(id)});
    return 'text ' + JSON.stringify(e ? e.textContent : null);
  })()`,
  attr: (id, name) => `(() => {
    const e = document.getElementById(${JSON.stringify(id)});
    return 'attr ' + JSON.stringify(e ? e.getAttribute(${JSON.stringify(name)}) : null);
  })()`,
  setValue: (id, value) => `(() => {
    const e = document.getElementById(${JSON.stringify(id)});
    if (!e) return ${JSON.stringify('error no element ' + id)};
    e.value = ${JSON.stringify(value)};
    e.dispatchEvent(new Event('input', {bubbles: true}));
    e.dispatchEvent(new Event('change', {bubbles: true}));
    return 'ok';
  })()`,
};

const STATE = 'document.body ? String(document.body.dataset.state) : "null"';

async function waitState(page, want, ms) {
  const states = want.split('|');
  const t0 = Date.now();
  let last = 'null';
  for (;;) {
    try {
      last = await page.evaluate(STATE);
    } catch (e) {
      last = 'null'; // between documents
    }
    const elapsed = Date.now() - t0;
    if (states.includes(last)) return `state ${last} ${elapsed}`;
    if (elapsed >= ms) return `state timeout:${last} ${elapsed}`;
    await sleep(POLL_MS);
  }
}

async function waitTrue(page, ms, expression) {
  const t0 = Date.now();
  let why = '';
  for (;;) {
    let value = false;
    try {
      value = await page.evaluate(expression);
      why = '';
    } catch (e) {
      why = ' ' + e.message; // between documents, or a wrong expression
    }
    const elapsed = Date.now() - t0;
    if (value === true) return `true ${elapsed}`;
    if (elapsed >= ms) return `timeout ${elapsed}${why}`;
    await sleep(POLL_MS);
  }
}

async function screenshot(page, file, width, height) {
  if (!(width > 0 && height > 0)) throw new Error('bad size ' + width + 'x' + height);
  await page.screenshot(file, width, height);
  return 'ok';
}

// The first word of line, and the rest after one blank.
function split(line) {
  const sp = line.indexOf(' ');
  return sp < 0 ? [line, ''] : [line.slice(0, sp), line.slice(sp + 1)];
}

function words(rest, n, usage) {
  const w = rest.trim().split(/\s+/);
  if (w.length !== n || w[0] === '') throw new Error('usage: ' + usage);
  return w;
}

function keyOf(arg) {
  if (arg.startsWith('"')) return JSON.parse(arg);
  return arg === 'Space' ? ' ' : arg;
}

async function run(page, line) {
  const [cmd, rest] = split(line);
  switch (cmd) {
    case 'open':
      await page.navigate('about:blank');
      await page.navigate(words(rest, 1, 'open URL')[0]);
      return 'ok';
    case 'reload':
      await page.reload();
      return 'ok';
    case 'wait-state': {
      const [states, ms] = words(rest, 2, 'wait-state S1|S2 TIMEOUT_MS');
      return waitState(page, states, Number(ms));
    }
    case 'wait-true': {
      const [ms, expression] = split(rest.trim());
      if (!(Number(ms) >= 0) || !expression) throw new Error('usage: wait-true MS EXPRESSION');
      return waitTrue(page, Number(ms), expression);
    }
    case 'click': return page.evaluate(js.click(words(rest, 1, 'click ID')[0]));
    case 'key': return page.evaluate(js.key(keyOf(rest.trim())));
    case 'text': return page.evaluate(js.text(words(rest, 1, 'text ID')[0]));
    case 'attr': return page.evaluate(js.attr(...words(rest, 2, 'attr ID NAME')));
    case 'set-value': {
      const [id, value] = split(rest.trim());
      const parsed = JSON.parse(value);
      if (typeof parsed !== 'string') throw new Error('usage: set-value ID JSONSTRING');
      return page.evaluate(js.setValue(id, parsed));
    }
    case 'upload': {
      const [id, path] = words(rest, 2, 'upload ID FILE');
      await page.upload(id, path);
      return 'ok';
    }
    case 'eval': {
      const v = await page.evaluate(rest);
      return 'eval ' + (v === undefined ? 'undefined' : JSON.stringify(v));
    }
    case 'errors': {
      const e = page.errors;
      page.errors = [];
      return 'errors ' + JSON.stringify(e);
    }
    case 'screenshot': {
      const [file, w, h] = words(rest, 3, 'screenshot FILE WIDTH HEIGHT');
      return screenshot(page, file, Number(w), Number(h));
    }
    case 'sleep':
      await sleep(Number(words(rest, 1, 'sleep MS')[0]));
      return 'ok';
    default:
      throw new Error('unknown command ' + JSON.stringify(cmd));
  }
}

function oneLine(s) { return String(s).replace(/[\r\n]+/g, ' '); }

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const backend = opts.firefox ? await import('./bidi.mjs') : { Browser, Page };
  const name = opts.firefox ? 'firefox' : 'chromium';
  const browser = new backend.Browser(opts.firefox || opts.chromium, opts.profile);
  const limit = setTimeout(() => {
    process.stdout.write('error overall limit of ' + opts.limit + ' s reached\n');
    if (browser.child.exitCode === null) browser.child.kill('SIGKILL');
    process.exit(3);
  }, opts.limit * 1000);
  let page;
  try {
    page = await backend.Page.open(browser);
  } catch (e) {
    process.stderr.write('cdp.mjs: ' + name + ' did not start: ' + e.message + '\n' + browser.stderr + '\n');
    await browser.close();
    process.exit(2);
  }
  for await (const raw of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    let result;
    try {
      result = await run(page, line);
    } catch (e) {
      result = 'error ' + e.message;
    }
    process.stdout.write(oneLine(result) + '\n');
  }
  const died = browser.dead;
  await browser.close();
  clearTimeout(limit);
  if (died) process.stderr.write('cdp.mjs: ' + died + '\n' + browser.stderr + '\n');
  process.exit(died ? 2 : 0);
}

main();
