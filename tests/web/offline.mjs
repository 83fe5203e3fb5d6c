// offline.mjs - what the drivers (cdp.mjs, bidi.mjs) count as staying on
// this machine: a page that works offline asks for nothing else, and
// their 'errors' command reports any other request.
export function local(url) {
  return /^(file|data|blob|about|chrome|devtools):/.test(url);
}
