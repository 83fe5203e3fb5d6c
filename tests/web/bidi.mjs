// bidi.mjs - Firefox for tests/web/cdp.mjs (its --firefox PATH): the same
// Browser and Page, driven through WebDriver BiDi, the W3C protocol that
// Firefox speaks on a WebSocket.  Node.js 20 has no WebSocket client
// without a flag, so the few parts of RFC 6455 a local client needs are
// here: the upgrade, masked frames out, text frames in (fragments joined),
// pings answered.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';

import { local, Requests } from './protocol.mjs';

const CALL_MS = 60000; // one BiDi command
const START_MS = 30000; // Firefox saying where it listens

// ---- A WebSocket client for ws://127.0.0.1:PORT/PATH ----------------------

class Socket {
  constructor(port, path, onText, onClose) {
    this.onText = onText;
    this.onClose = onClose;
    this.buf = Buffer.alloc(0);
    this.parts = [];
    this.open = false;
    this.sock = connect(port, '127.0.0.1');
    this.ready = new Promise((resolve, reject) => {
      this.sock.once('error', reject);
      this.sock.once('connect', () => {
        const key = randomBytes(16).toString('base64');
        this.sock.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
          'Upgrade: websocket\r\nConnection: Upgrade\r\n' +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
      });
      this.sock.on('data', (d) => {
        this.buf = Buffer.concat([this.buf, d]);
        if (!this.open) {
          const end = this.buf.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = this.buf.subarray(0, end).toString();
          this.buf = this.buf.subarray(end + 4);
          if (!/^HTTP\/1\.1 101/.test(head)) {
            reject(new Error('no WebSocket upgrade: ' + head.split('\r\n')[0]));
            return;
          }
          this.open = true;
          resolve();
        }
        this.frames();
      });
    });
    this.sock.on('close', () => this.onClose('the WebSocket closed'));
    this.sock.on('error', (e) => this.onClose('the WebSocket failed: ' + e.message));
  }

  // Reads every whole frame in the buffer.
  frames() {
    for (;;) {
      const b = this.buf;
      if (b.length < 2) return;
      let len = b[1] & 0x7f, at = 2;
      if (len === 126) {
        if (b.length < 4) return;
        len = b.readUInt16BE(2);
        at = 4;
      } else if (len === 127) {
        if (b.length < 10) return;
        len = Number(b.readBigUInt64BE(2));
        at = 10;
      }
      if (b.length < at + len) return; // servers send no mask
      const op = b[0] & 0x0f, fin = (b[0] & 0x80) !== 0;
      const payload = b.subarray(at, at + len);
      this.buf = b.subarray(at + len);
      if (op === 0x9) this.send(payload, 0xa); // ping: pong
      else if (op === 0x8) this.sock.end();
      else if (op === 0x1 || op === 0x0) {
        this.parts.push(Buffer.from(payload));
        if (fin) {
          const text = Buffer.concat(this.parts).toString('utf8');
          this.parts = [];
          this.onText(text);
        }
      }
    }
  }

  // One frame (a client's frames are masked).
  send(data, op = 0x1) {
    const payload = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
    const n = payload.length;
    const head = n < 126 ? Buffer.from([0x80 | op, 0x80 | n])
      : n < 65536 ? Buffer.from([0x80 | op, 0x80 | 126, n >> 8, n & 0xff])
        : Buffer.concat([Buffer.from([0x80 | op, 0x80 | 127]),
          (() => { const x = Buffer.alloc(8); x.writeBigUInt64BE(BigInt(n)); return x; })()]);
    const mask = randomBytes(4);
    const body = Buffer.alloc(n);
    for (let i = 0; i < n; i++) body[i] = payload[i] ^ mask[i & 3];
    this.sock.write(Buffer.concat([head, mask, body]));
  }

  close() { this.sock.destroy(); }
}

// ---- The browser ----------------------------------------------------------

export class Browser extends Requests {
  constructor(path, profile) {
    super();
    this.stderr = '';
    mkdirSync(profile, { recursive: true });
    this.child = spawn(path, ['--headless', '--no-remote', '--profile', profile,
      '--remote-debugging-port', '0', 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child.on('error', (e) => this.die('cannot start ' + path + ': ' + e.message));
    this.child.on('exit', (code, sig) => this.die('firefox exited (' + (sig || code) + ')'));
    this.port = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no BiDi port within ' + START_MS + ' ms')), START_MS);
      this.child.stderr.on('data', (d) => {
        this.stderr = (this.stderr + d.toString()).slice(-4000);
        const m = /WebDriver BiDi listening on ws:\/\/127\.0\.0\.1:(\d+)/.exec(this.stderr);
        if (m) { clearTimeout(timer); resolve(Number(m[1])); }
      });
    });
  }

  async connect() {
    const port = await this.port;
    this.ws = new Socket(port, '/session', (t) => this.dispatch(t), (why) => this.die(why));
    await this.ws.ready;
    await this.call('session.new', { capabilities: {} });
  }

  dispatch(text) {
    let msg;
    try { msg = JSON.parse(text); } catch { return; }
    const error = msg.type === 'error' ? msg.error + ': ' + msg.message : null;
    if (!this.answer(msg.id, error, msg.result) && msg.type === 'event')
      this.notify(msg);
  }

  call(method, params = {}, ms = CALL_MS) {
    return this.request(method, (id) => ({ id, method, params }),
      (text) => this.ws.send(text), ms);
  }

  async close() {
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    if (!this.dead && this.ws) {
      await Promise.race([this.call('browser.close').catch(() => {}), sleep(5000)]);
      await Promise.race([new Promise((r) => this.child.once('exit', r)), sleep(5000)]);
    }
    if (this.ws) this.ws.close();
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

// ---- The page: the interface cdp.mjs's commands use ------------------------

export class Page {
  constructor(browser, context) {
    this.b = browser;
    this.context = context;
    this.errors = [];
    browser.listeners.add((msg) => this.watch(msg));
  }

  static async open(browser) {
    await browser.connect();
    await browser.call('session.subscribe',
      { events: ['log.entryAdded', 'browsingContext.userPromptOpened',
        'network.beforeRequestSent'] });
    const tree = await browser.call('browsingContext.getTree', {});
    return new Page(browser, tree.contexts[0].context);
  }

  // Uncaught exceptions and console errors are kept for 'errors'; a
  // dialog is dismissed, as cdp.mjs does.
  watch(msg) {
    const p = msg.params || {};
    if (msg.method === 'log.entryAdded' && p.level === 'error') {
      this.errors.push((p.type === 'javascript' ? 'exception: ' : 'console.error: ') + p.text);
    } else if (msg.method === 'network.beforeRequestSent' && !local(p.request.url)) {
      this.errors.push('request: ' + p.request.url);
    } else if (msg.method === 'browsingContext.userPromptOpened' && p.context === this.context) {
      this.errors.push('dialog: ' + p.message);
      this.b.call('browsingContext.handleUserPrompt', { context: this.context, accept: false })
        .catch(() => {});
    }
  }

  async navigate(url) {
    await this.b.call('browsingContext.navigate', { context: this.context, url, wait: 'complete' });
  }

  async reload() {
    await this.b.call('browsingContext.reload', { context: this.context, wait: 'complete' });
  }

  async upload(id, path) {
    const r = await this.b.call('script.evaluate', {
      expression: `document.getElementById(${JSON.stringify(id)})`,
      target: { context: this.context }, awaitPromise: false });
    if (r.type !== 'success' || r.result.type !== 'node') throw new Error('no element ' + id);
    await this.b.call('input.setFiles',
      { context: this.context, element: { sharedId: r.result.sharedId }, files: [path] });
  }

  async screenshot(file, width, height) {
    await this.b.call('browsingContext.setViewport',
      { context: this.context, viewport: { width, height } });
    await this.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    const { data } = await this.b.call('browsingContext.captureScreenshot', { context: this.context });
    writeFileSync(file, Buffer.from(data, 'base64'));
  }

  // The value of a JavaScript expression, promises awaited: the page
  // turns it into JSON, so that it comes back as cdp.mjs's values do.
  async evaluate(expression) {
    const wrapped = `Promise.resolve((${expression})).then((v) => v === undefined ? ` +
      '"undefined" : "=" + JSON.stringify(v))';
    const r = await this.b.call('script.evaluate', {
      expression: wrapped, target: { context: this.context }, awaitPromise: true,
      userActivation: true });
    if (r.type === 'exception') {
      throw new Error('exception: ' + String(r.exceptionDetails.text).split('\n')[0]);
    }
    const s = r.result.value;
    return s === 'undefined' ? undefined : JSON.parse(s.slice(1));
  }
}
