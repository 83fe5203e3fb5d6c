// worker.js - the page's Web Worker: runs the long calls (web_solve,
// web_hints, web_count) off the page's thread and posts their progress.
// The page stops a call by ending the worker.  Runs after the module and
// call.js in the same script.
"use strict";
var engine = createPegModule();
onmessage = function (ev) {
  var job = ev.data; // {id, call, args}
  engine.then(function (M) {
    M.onProgress = function (ms, conflicts, learned, found) {
      postMessage({ id: job.id, progress: { ms: ms, conflicts: conflicts,
                                            learned: learned, found: found } });
    };
    var t0 = performance.now(), result = pegCall(M, job.call, job.args);
    result.ms = performance.now() - t0;
    postMessage({ id: job.id, result: result });
  }).catch(function (e) {
    postMessage({ id: job.id, result: { ok: 0, message: String(e) } });
  });
};
