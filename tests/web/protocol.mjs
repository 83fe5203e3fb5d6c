// protocol.mjs - what the two drivers (cdp.mjs for Chromium, bidi.mjs for
// Firefox) share: requests matched to their answers by id, each with a
// time limit, listeners for the events, and what counts as staying on this
// machine.

// Whether url stays on this machine: a page that works offline asks for
// nothing else, and the drivers' 'errors' command reports any other
// request.
export function local(url) {
  return /^(file|data|blob|about|chrome|devtools):/.test(url);
}

// The requests waiting for answers.  A driver's Browser extends it: it
// sends each request its own way and hands each message it receives to
// answer() or to the listeners.
export class Requests {
  constructor() {
    this.nextId = 1;
    this.pending = new Map(); // id -> {method, resolve, reject}
    this.listeners = new Set(); // (message) => void, for events
    this.dead = null; // why the browser is gone, once it is
  }

  // Fails every waiting request: the browser is gone.
  die(why) {
    if (this.dead) return;
    this.dead = why;
    for (const p of this.pending.values()) p.reject(new Error(why));
    this.pending.clear();
  }

  // Sends the message make(id) (through send, as text) and resolves with
  // its answer's result, or fails after ms.
  request(method, make, send, ms) {
    if (this.dead) return Promise.reject(new Error(this.dead));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(method + ': no answer within ' + ms + ' ms'));
      }, ms);
      this.pending.set(id, {
        method,
        resolve: (r) => { clearTimeout(timer); resolve(r); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      });
      send(JSON.stringify(make(id)));
    });
  }

  // The answer to request id: its result, or the error's text when it
  // failed.  False if no request of that id is waiting.
  answer(id, error, result) {
    const p = id === undefined ? undefined : this.pending.get(id);
    if (!p) return false;
    this.pending.delete(id);
    if (error) p.reject(new Error(p.method + ': ' + error));
    else p.resolve(result || {});
    return true;
  }

  notify(msg) {
    for (const f of [...this.listeners]) f(msg);
  }
}
