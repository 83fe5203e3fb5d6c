// library.js - the one JavaScript function pegweb.c calls (emcc
// --js-library): progress goes to the Module's onProgress, if set.
mergeInto(LibraryManager.library, {
  web_js_progress: function (ms, conflicts, learned, found) {
    if (Module["onProgress"]) Module["onProgress"](ms, conflicts, learned, found);
  },
});
