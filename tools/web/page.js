// page.js - peg.html's own script: the puzzle and its set-up, the board
// drawn in SVG, play by hand, the replay of a play, the address that
// carries all of it, and the worker that solves, hints and counts.
//
// The page's state is `S` below.  The position shown is the first `step`
// jumps of `S.play` from the puzzle's start: a play by hand, or the play
// the solver found (then `S.solved`).  Solve, Hint and Count work from the
// position shown.  tests/test_web.c drives the page through the element
// ids and document.body.dataset.state (docs/playing.md lists them).
(function () {
  "use strict";

  var CATALOGUE = ["triangle4", "triangle5", "triangle6", "triangle7",
    "triangle8", "english", "french", "wiegleb", "diamond"];
  var SPACING = 64, ROW_HEIGHT = 55, MARGIN = 40, RING = 24, PEG = 19;
  var TICK_MS = 600; // the replay's pace

  var M = null; // the module on this thread: board files, for drawing
  var S = {
    name: "", // the catalogue board, or "" for a board file
    file: "board text", // what error messages call a board file
    text: "", // the board file (for a catalogue board, its text)
    start: "", // "", "empty H" or "pegs H ..." (pegweb.c)
    goal: "", // "", "any" or "pegs H ..."
    info: null, // web_info of the puzzle: holes, positions, triples...
    play: [], // jumps [from, over, to]
    step: 0, // jumps of the play shown on the board
    solved: false, // the play came from the solver
    selected: 0, // the hole clicked first in a jump by hand
    mode: "play",
    hints: null, // the hints shown, and the position they are for
    hintsAt: ""
  };
  var geometry = null; // x[h], y[h] of each hole's centre
  var timer = null; // the replay's interval
  var worker = null, job = null, jobs = 0;

  function byId(id) { return document.getElementById(id); }
  function setState(s) {
    document.body.dataset.state = s;
    // When the page was first ready, in ms from the start of its loading.
    if (s !== "loading" && !document.body.dataset.readyMs)
      document.body.dataset.readyMs = String(Math.round(performance.now()));
  }
  function say(text) { byId("message").textContent = text; }
  function jumpText(j, i) {
    return "Jump(" + j[0] + "," + j[1] + "," + j[2] + "," + i + ")";
  }

  // ---- The position ------------------------------------------------------

  // The pegs at the start, p[1..N]; with a start the solver chooses, the
  // first jump's target is the empty hole (none shown empty before it).
  function startPegs() {
    var info = S.info, p = [0];
    for (var h = 1; h <= info.holes; h++)
      p.push(info.start ? info.start[h] : 1);
    if (!info.start && S.play.length) p[S.play[0][2]] = 0;
    else if (!info.start && S.solved && info.goal) p = info.goal.slice(); // no jump
    return p;
  }

  function pegsAt(k) {
    var p = startPegs();
    for (var i = 0; i < k; i++) {
      var j = S.play[i];
      p[j[0]] = 0; p[j[1]] = 0; p[j[2]] = 1;
    }
    return p;
  }

  function positionJumps() { return S.play.slice(0, S.step); }
  function playedArg() {
    return positionJumps().map(function (j) { return j.join(" "); }).join(" ");
  }

  // ---- Drawing -----------------------------------------------------------

  // The centres of the holes as lib/peg/html.c places them: a triangle's
  // rows centred, a square's holes on the grid, and without a layout the
  // holes in number order on a square grid.
  function place(info) {
    var n = info.holes, shaped = info.layout !== 0, rows = 0, cols = 1;
    var x = [0], y = [0], h;
    for (h = 1; h <= n; h++) {
      if (!info.pos[h - 1][0]) shaped = false;
      rows = Math.max(rows, info.pos[h - 1][0]);
    }
    while (cols * cols < n) cols++;
    for (h = 1; h <= n; h++) {
      var r = info.pos[h - 1][0], c = info.pos[h - 1][1];
      if (shaped && info.layout === 1) {
        x.push((rows - r + 2 * (c - 1)) * (SPACING / 2));
        y.push((r - 1) * ROW_HEIGHT);
      } else if (shaped) {
        x.push((c - 1) * SPACING); y.push((r - 1) * SPACING);
      } else {
        x.push((h - 1) % cols * SPACING);
        y.push(Math.floor((h - 1) / cols) * SPACING);
      }
    }
    var x0 = Math.min.apply(null, x.slice(1)), y0 = Math.min.apply(null, y.slice(1));
    var x1 = Math.max.apply(null, x.slice(1)), y1 = Math.max.apply(null, y.slice(1));
    for (h = 1; h <= n; h++) { x[h] += MARGIN - x0; y[h] += MARGIN - y0; }
    return { x: x, y: y, width: x1 - x0 + 2 * MARGIN, height: y1 - y0 + 2 * MARGIN };
  }

  var SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, parent) {
    var e = document.createElementNS(SVG, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function buildBoard() {
    var board = byId("board"), info = S.info;
    while (board.firstChild) board.removeChild(board.firstChild);
    if (!info) return;
    geometry = place(info);
    var g = geometry;
    board.setAttribute("viewBox", "0 0 " + g.width + " " + g.height);
    board.setAttribute("width", g.width);
    board.setAttribute("height", g.height);
    for (var h = 1; h <= info.holes; h++) {
      var grp = svg("g", { id: "hole-" + h, "class": "hole", "data-peg": "0" }, board);
      var title = svg("title", {}, grp);
      var p = info.pos[h - 1];
      title.textContent = "hole " + h + (p[0] ? " (row " + p[0] + " column " + p[1] + ")" : "");
      svg("circle", { "class": "ring", cx: g.x[h], cy: g.y[h], r: RING }, grp);
      svg("circle", { "class": "peg", cx: g.x[h], cy: g.y[h], r: PEG }, grp);
      svg("circle", { "class": "goalmark", cx: g.x[h], cy: g.y[h], r: RING + 5 }, grp);
      svg("text", { x: g.x[h], y: g.y[h] }, grp).textContent = String(h);
      grp.addEventListener("click", holeClicked.bind(null, h));
    }
    var arrow = svg("g", { id: "arrow", visibility: "hidden" }, board);
    svg("line", { x1: 0, y1: 0, x2: 0, y2: 0 }, arrow);
    svg("polygon", { points: "0,0 0,0 0,0" }, arrow);
  }

  function showArrow(last) {
    var a = byId("arrow");
    if (!a) return;
    if (!last) { a.setAttribute("visibility", "hidden"); return; }
    var g = geometry, fx = g.x[last[0]], fy = g.y[last[0]];
    var dx = g.x[last[2]] - fx, dy = g.y[last[2]] - fy;
    var d = Math.sqrt(dx * dx + dy * dy) || 1, ux = dx / d, uy = dy / d;
    var x2 = g.x[last[2]] - ux * RING, y2 = g.y[last[2]] - uy * RING;
    var line = a.firstChild, head = a.lastChild;
    line.setAttribute("x1", fx + ux * RING); line.setAttribute("y1", fy + uy * RING);
    line.setAttribute("x2", x2 - ux * 8); line.setAttribute("y2", y2 - uy * 8);
    head.setAttribute("points", x2 + "," + y2 + " " + (x2 - ux * 14 - uy * 8) + "," +
      (y2 - uy * 14 + ux * 8) + " " + (x2 - ux * 14 + uy * 8) + "," + (y2 - uy * 14 - ux * 8));
    a.setAttribute("visibility", "visible");
  }

  // The pegs shown: the position, or in the set-up modes the start or goal.
  function shownPegs() {
    var info = S.info, p;
    if (S.mode === "goal") {
      p = [0];
      for (var h = 1; h <= info.holes; h++) p.push(info.goal ? info.goal[h] : 0);
      return p;
    }
    return S.mode === "play" ? pegsAt(S.step) : startPegs();
  }

  function winningFrom() {
    var set = {};
    if (S.hints && S.hintsAt === playedArg())
      S.hints.hints.forEach(function (x) { if (x.win) set[x.jump[0]] = 1; });
    return set;
  }

  function show() {
    var info = S.info;
    if (!info) return;
    var p = shownPegs(), play = S.mode === "play";
    var last = play && S.step ? S.play[S.step - 1] : null, wins = winningFrom();
    for (var h = 1; h <= info.holes; h++) {
      var g = byId("hole-" + h), cls = "hole";
      g.setAttribute("data-peg", p[h] ? "1" : "0");
      if (last) cls += h === last[0] ? " from" : h === last[1] ? " over" : h === last[2] ? " to" : "";
      if (info.goal && info.goal[h] && S.mode !== "goal") cls += " goal";
      if (play && h === S.selected) cls += " selected";
      if (play && wins[h]) cls += " winning";
      g.setAttribute("class", cls);
    }
    showArrow(last);
    var t = S.play.length;
    byId("step").textContent = "Step " + S.step + " of " + t;
    byId("first").disabled = byId("prev").disabled = S.step === 0;
    byId("next").disabled = byId("last").disabled = S.step === t;
    byId("play").disabled = timer !== null || S.step === t;
    byId("pause").disabled = timer === null;
    byId("undo").disabled = S.step === 0 || job !== null;
    showLists();
  }

  function showLists() {
    var pre = byId("jumps");
    if (document.body.dataset.state !== "no-solution") {
      pre.textContent = "";
      S.play.forEach(function (j, i) {
        var span = document.createElement("span");
        span.textContent = jumpText(j, i + 1);
        span.dataset.step = String(i + 1);
        if (i + 1 === S.step) span.className = "current";
        pre.appendChild(span);
        pre.appendChild(document.createTextNode("\n"));
      });
    }
    byId("played").textContent = positionJumps().map(function (j, i) {
      return jumpText(j, i + 1) + "\n";
    }).join("");
  }

  function summary() {
    var info = S.info, pegs = 0, goal = 0, h;
    for (h = 1; h <= info.holes; h++) {
      pegs += info.start ? info.start[h] : 1;
      goal += info.goal ? info.goal[h] : 0;
    }
    byId("summary").textContent = (S.name || "A board file") + ": " + info.holes +
      " holes, " + (info.start ? pegs + " pegs at the start" : "one hole empty at the start, chosen by the solver") +
      ", goal " + (info.goal ? goal + " peg" + (goal === 1 ? "" : "s") + " in the marked holes" : "one peg anywhere") + ".";
  }

  // ---- The address -------------------------------------------------------

  function holesOf(spec) { return spec.replace(/^(pegs|empty) ?/, "").split(" ").join(","); }

  function writeHash() {
    var parts = [S.name ? "board=" + S.name : "puzzle=" + encodeURIComponent(S.text)];
    if (S.start.indexOf("empty") === 0) parts.push("empty=" + holesOf(S.start));
    else if (S.start) parts.push("start=" + holesOf(S.start));
    if (S.goal === "any") parts.push("goal=any");
    else if (S.goal) parts.push("goal=" + holesOf(S.goal));
    if (S.step) parts.push("played=" + positionJumps().map(function (j) { return j.join("-"); }).join(","));
    var hash = "#" + parts.join("&");
    byId("link").setAttribute("href", hash);
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  // The hash's fields; an error message (string) if one is malformed.
  function readHash() {
    var f = {}, s = location.hash.replace(/^#/, "");
    if (!s) return { board: "triangle5" };
    var bad = null;
    s.split("&").forEach(function (kv) {
      var i = kv.indexOf("="), k = i < 0 ? kv : kv.slice(0, i);
      var v = i < 0 ? "" : kv.slice(i + 1);
      try { f[k] = decodeURIComponent(v); } catch (e) { bad = "the address: " + k + " is not percent-encoded properly"; }
    });
    if (bad) return bad;
    if (!f.board && f.puzzle === undefined) f.board = "triangle5";
    function list(v) { return /^\d+(,\d+)*$/.test(v); }
    if (f.empty !== undefined && f.start !== undefined)
      return "the address: give the start by empty= or by start=, not both";
    if (f.empty !== undefined && !/^\d+$/.test(f.empty)) return "the address: empty needs a hole number, not '" + f.empty + "'";
    if (f.start !== undefined && !list(f.start)) return "the address: start needs hole numbers separated by commas";
    if (f.goal !== undefined && f.goal !== "" && f.goal !== "any" && !list(f.goal))
      return "the address: goal needs hole numbers separated by commas, or any";
    if (f.played !== undefined && f.played !== "" && !/^\d+-\d+-\d+(,\d+-\d+-\d+)*$/.test(f.played))
      return "the address: played needs jumps FROM-OVER-TO separated by commas";
    return f;
  }

  // ---- Setting up --------------------------------------------------------

  // Sets the puzzle; false (with the error shown) if it is not one.
  function setPuzzle(name, file, text, start, goal, play) {
    var info = pegCall(M, "web_info", [text, start, goal]);
    if (!info.ok) {
      var where = info.line ? file + ":" + info.line + ":" + info.column + ": " : "";
      fail(where + info.message);
      return false;
    }
    stopJob();
    pause();
    S.name = name; S.file = file; S.text = text; S.start = start; S.goal = goal;
    S.info = info; S.play = []; S.step = 0; S.solved = false;
    S.selected = 0; S.hints = null;
    buildBoard();
    summary();
    byId("hints").textContent = "";
    byId("count-result").textContent = "";
    byId("progress").textContent = "";
    setState("ready");
    say("");
    if (play && play.length && !checkPlay(play)) { show(); return false; }
    S.play = play || [];
    S.step = S.play.length;
    show();
    writeHash();
    return true;
  }

  // Whether play is legal from the puzzle's start (not to the goal).
  function checkPlay(play) {
    var p = startPegs();
    for (var i = 0; i < play.length; i++) {
      var why = jumpFault(p, play[i][0], play[i][2], play[i][1]);
      if (why) { fail("played jump " + (i + 1) + ": " + why); return false; }
      var j = play[i];
      p[j[0]] = 0; p[j[1]] = 0; p[j[2]] = 1;
    }
    return true;
  }

  function loadCatalogue(name, start, goal, play) {
    var r = pegCall(M, "web_catalogue", [name]);
    if (!r.ok) { fail("no board called '" + name + "' in the catalogue"); return false; }
    byId("catalogue").value = name;
    return setPuzzle(name, name, r.text, start || "", goal || "", play);
  }

  function loadText(file, text) {
    if (setPuzzle("", file, text, "", "", [])) {
      byId("catalogue").value = "";
      say("Loaded " + file + ".");
    }
  }

  function openHash() {
    var f = readHash();
    if (typeof f === "string") { fail(f); return; }
    var start = f.empty !== undefined ? "empty " + f.empty : f.start ? "pegs " + f.start.split(",").join(" ") : "";
    var goal = f.goal === "any" ? "any" : f.goal ? "pegs " + f.goal.split(",").join(" ") : "";
    var play = f.played ? f.played.split(",").map(function (j) { return j.split("-").map(Number); }) : [];
    var ok = f.puzzle !== undefined
      ? setPuzzle("", "board text", f.puzzle, start, goal, play)
      : loadCatalogue(f.board, start, goal, play);
    if (ok) {
      if (f.puzzle !== undefined) byId("board-text").value = f.puzzle;
      if (f.solve !== undefined) solve();
    }
  }

  function fail(message) {
    stopJob();
    setState("error");
    say(message);
    byId("progress").textContent = "";
  }

  // A change of start or goal: the play so far no longer applies.
  function edit(start, goal) {
    var mode = S.mode;
    if (setPuzzle(S.name, S.file, S.text, start, goal, [])) {
      S.mode = mode;
      show();
    }
  }

  function holeClicked(h) {
    if (!S.info || job) return;
    var info = S.info, list = [], k;
    if (S.mode === "empty") { edit("empty " + h, S.goal); return; }
    if (S.mode === "start" || S.mode === "goal") {
      var p = shownPegs();
      p[h] = p[h] ? 0 : 1;
      for (k = 1; k <= info.holes; k++) if (p[k]) list.push(k);
      if (S.mode === "start") edit("pegs " + list.join(" "), S.goal);
      else edit(S.start, list.length ? "pegs " + list.join(" ") : "any");
      return;
    }
    playClick(h);
  }

  // ---- Play by hand ------------------------------------------------------

  // Why the jump from over.. to cannot be made on pegs p, or "".  With
  // over 0, any hole between from and to in a triple.
  function jumpFault(p, from, to, over) {
    var triples = S.info.triples, found = 0;
    for (var i = 0; i < triples.length; i++) {
      var t = triples[i];
      if ((t[0] === from && t[2] === to) || (t[2] === from && t[0] === to))
        if (!over || over === t[1]) { found = t[1]; break; }
    }
    if (!found) return "no row of three holes runs from hole " + from + " to hole " + to;
    if (!p[from]) return "hole " + from + " holds no peg";
    if (!p[found]) return "hole " + found + ", between them, holds no peg to jump over";
    if (p[to]) return "hole " + to + " is not empty";
    return "";
  }

  function playClick(h) {
    if (!S.info.start && S.step === 0) {
      // The solver was to choose the empty hole: the player chooses it.
      edit("empty " + h, S.goal);
      say("Hole " + h + " is empty at the start.");
      return;
    }
    var p = pegsAt(S.step);
    if (!S.selected) {
      if (!p[h]) { say("Hole " + h + " is empty: click a peg first, then the hole it jumps to."); return; }
      S.selected = h;
      say("Hole " + h + " chosen: now click the empty hole to jump to.");
      show();
      return;
    }
    var from = S.selected;
    S.selected = 0;
    if (from === h) { say("Choice undone."); show(); return; }
    var why = jumpFault(p, from, h, 0);
    if (why) {
      say("That jump cannot be made: " + why + ".");
      show();
      return;
    }
    var over = 0;
    S.info.triples.forEach(function (t) {
      if ((t[0] === from && t[2] === h) || (t[2] === from && t[0] === h)) over = over || t[1];
    });
    pause();
    S.play = positionJumps().concat([[from, over, h]]);
    S.step = S.play.length;
    S.solved = false;
    setState("ready");
    say("Jumped from " + from + " over " + over + " into " + h + ".");
    afterMove();
  }

  function afterMove() {
    byId("hints").textContent = "";
    byId("count-result").textContent = "";
    S.hints = null;
    show();
    writeHash();
  }

  function undo() {
    if (!S.step || job) return;
    pause();
    S.play = positionJumps().slice(0, S.step - 1);
    S.step = S.play.length;
    S.solved = false;
    S.selected = 0;
    setState("ready");
    say("Jump undone.");
    afterMove();
  }

  // ---- Replay ------------------------------------------------------------

  function go(k) {
    S.step = Math.max(0, Math.min(S.play.length, k));
    S.selected = 0;
    show();
    writeHash();
  }
  function pause() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    if (S.info) show();
  }
  function play() {
    if (timer !== null || S.step >= S.play.length) return;
    timer = setInterval(function () {
      if (S.step < S.play.length) go(S.step + 1);
      if (S.step >= S.play.length) pause();
    }, TICK_MS);
    show();
  }

  // ---- The worker --------------------------------------------------------

  function workerSource() {
    return byId("engine").textContent + "\n" + byId("worker-source").textContent;
  }

  function newWorker() {
    var url = URL.createObjectURL(new Blob([workerSource()], { type: "text/javascript" }));
    worker = new Worker(url);
    worker.onmessage = function (ev) {
      var m = ev.data;
      if (!job || m.id !== job.id) return;
      if (m.progress) { job.progress = m.progress; showProgress(); }
      else finish(m.result);
    };
    worker.onerror = function (ev) {
      if (job) { ev.preventDefault(); finish({ ok: 0, message: "the solver stopped: " + (ev.message || "error") }); }
    };
  }

  var VERBS = { web_solve: "solving", web_hints: "hinting", web_count: "counting" };

  function run(call, done) {
    if (!S.info || job) return;
    if (!worker) newWorker();
    pause();
    job = { id: ++jobs, call: call, done: done, started: performance.now(), progress: null,
      at: playedArg(), ticker: setInterval(showProgress, 250) };
    worker.postMessage({ id: job.id, call: call, args: [S.text, S.start, S.goal, job.at] });
    setState(VERBS[call]);
    say(VERBS[call].charAt(0).toUpperCase() + VERBS[call].slice(1) + "\u2026");
    buttons();
    showProgress();
  }

  function showProgress() {
    if (!job) return;
    var p = job.progress, s = ((performance.now() - job.started) / 1000).toFixed(1);
    var line = s + " s, " + (p ? p.conflicts : 0) + " conflicts, " + (p ? p.learned : 0) + " learned";
    if (job.call === "web_count") line += ", " + (p ? p.found : 0) + " plays so far";
    byId("progress").textContent = line;
  }

  function buttons() {
    var busy = job !== null;
    byId("cancel").disabled = !busy;
    ["solve", "hint", "count", "load-text", "catalogue", "goal-any", "empty-free"].forEach(function (id) {
      byId(id).disabled = busy;
    });
    if (S.info) show();
  }

  // Ends the job (its result, or null when stopped).
  function stopJob() {
    if (!job) return null;
    var j = job;
    clearInterval(j.ticker);
    job = null;
    buttons();
    return j;
  }

  function finish(result) {
    var j = stopJob();
    if (!j) return;
    // The call's own time in the worker, and the time on the page.
    var s = (result.ms / 1000).toFixed(2);
    document.body.dataset.callMs = String(Math.round(result.ms));
    document.body.dataset.jobMs = String(Math.round(performance.now() - j.started));
    if (!result.ok) { fail(result.message); return; }
    j.done(result, s, j.at);
  }

  function cancel() {
    if (!job) return;
    var s = ((performance.now() - job.started) / 1000).toFixed(1);
    worker.terminate();
    worker = null;
    stopJob();
    setState("cancelled");
    say("Cancelled after " + s + " s.");
    newWorker(); // ready for the next job
  }

  // ---- Solve, Hint, Count ------------------------------------------------

  function solve() {
    var from = S.step;
    run("web_solve", function (r, s) {
      if (r.state === "solved") {
        S.play = r.jumps;
        S.solved = true;
        setState("solved");
        say("Solved in " + s + " s: " + r.jumps.length + " jumps from the start to the goal.");
        go(from);
      } else {
        setState("no-solution");
        byId("jumps").textContent = "NO SOLUTION\n";
        say("NO SOLUTION: " + (r.why ? r.why : "no play from this position reaches the goal (the solver searched them all)") + ".");
        show();
      }
    });
  }

  function hint() {
    run("web_hints", function (r, s, at) {
      S.hints = r;
      S.hintsAt = at;
      var lines = [], wins = 0, i = r.played + 1;
      r.hints.forEach(function (x) {
        lines.push(jumpText(x.jump, i) + (x.win ? " wins" : " loses"));
        wins += x.win;
      });
      var verdict;
      if (r.steps === 0)
        verdict = r.goal ? "No jump to make: this is the goal." : "No jump to make: the position has the goal's number of pegs, but it is not the goal.";
      else if (r.hints.length === 0)
        verdict = "No legal jump: the game is lost.";
      else if (wins === 0)
        verdict = "The game is lost: none of the " + r.hints.length + " legal jumps reaches the goal.";
      else
        verdict = wins + " of " + r.hints.length + " legal jump" + (r.hints.length === 1 ? " wins" : "s win") + ".";
      if (!wins && r.why) verdict += " " + r.why.charAt(0).toUpperCase() + r.why.slice(1) + ".";
      lines.push(verdict);
      byId("hints").textContent = lines.join("\n") + "\n";
      setState("hints");
      say(verdict);
      show();
    });
  }

  function count() {
    run("web_count", function (r, s) {
      byId("count-result").textContent = r.count + " play" + (r.count === "1" ? "" : "s") +
        " from this position reach" + (r.count === "1" ? "es" : "") + " the goal.";
      setState("counted");
      say("Counted in " + s + " s.");
    });
  }

  // ---- Wiring ------------------------------------------------------------

  function keyDown(ev) {
    var t = ev.target && ev.target.tagName;
    if (t === "TEXTAREA" || t === "INPUT" || t === "SELECT") return;
    var actions = { ArrowLeft: function () { go(S.step - 1); }, ArrowRight: function () { go(S.step + 1); },
      Home: function () { go(0); }, End: function () { go(S.play.length); },
      " ": function () { if (timer !== null) pause(); else play(); } };
    if (actions[ev.key] && S.info) { actions[ev.key](); ev.preventDefault(); }
  }

  function wire() {
    var sel = byId("catalogue");
    var none = document.createElement("option");
    none.value = ""; none.textContent = "(a board file)";
    sel.appendChild(none);
    CATALOGUE.forEach(function (n) {
      var o = document.createElement("option");
      o.value = n; o.textContent = n;
      sel.appendChild(o);
    });
    sel.addEventListener("change", function () { if (sel.value) loadCatalogue(sel.value, "", "", []); });
    var clicks = { first: function () { pause(); go(0); }, prev: function () { pause(); go(S.step - 1); },
      play: play, pause: pause, next: function () { pause(); go(S.step + 1); },
      last: function () { pause(); go(S.play.length); }, solve: solve, cancel: cancel, hint: hint,
      count: count, undo: undo,
      "goal-any": function () { edit(S.start, "any"); },
      "empty-free": function () { edit("empty 0", S.goal); },
      "load-text": function () { loadText("board text", byId("board-text").value); } };
    Object.keys(clicks).forEach(function (id) {
      byId(id).addEventListener("click", function () { if (!this.disabled) clicks[id](); });
    });
    document.querySelectorAll("input[name=mode]").forEach(function (r) {
      r.addEventListener("change", function () { S.mode = r.value; S.selected = 0; show(); });
    });
    byId("board-file").addEventListener("change", function () {
      var f = this.files[0];
      if (!f || job) return;
      setState("loading"); // until the file is read
      say("Reading " + f.name + "\u2026");
      f.text().then(function (text) { byId("board-text").value = text; loadText(f.name, text); },
        function (e) { fail(f.name + ": cannot be read: " + e); });
    });
    byId("jumps").addEventListener("click", function (ev) {
      var k = ev.target.dataset && ev.target.dataset.step;
      if (k) { pause(); go(Number(k)); }
    });
    document.addEventListener("keydown", keyDown);
    window.addEventListener("hashchange", function () {
      if (!job) openHash();
    });
  }

  wire();
  createPegModule().then(function (module) {
    M = module;
    newWorker();
    openHash();
  }, function (e) {
    fail("the page's WebAssembly module did not start: " + e);
  });
})();
