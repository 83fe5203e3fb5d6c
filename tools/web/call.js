// call.js - one call into the module (tools/web/pegweb.c): the arguments
// go in as C strings, the JSON object that comes back is parsed and freed.
// Both the page and its worker use it.
function pegCall(M, name, args) {
  var ptrs = args.map(function (s) {
    var size = M.lengthBytesUTF8(s) + 1, p = M._malloc(size);
    if (p) M.stringToUTF8(s, p, size);
    return p;
  });
  var result = null;
  if (ptrs.every(function (p) { return p !== 0; })) {
    var out = M["_" + name].apply(null, ptrs);
    if (out) {
      result = JSON.parse(M.UTF8ToString(out));
      M._web_free(out);
    }
  }
  ptrs.forEach(function (p) { if (p) M._free(p); });
  return result || { ok: 0, message: "out of memory" };
}
