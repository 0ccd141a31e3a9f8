// The player and designer page of `queens-sat serve`: plain JavaScript, no build step.
// Every judgement (verdict, grade, hint, check, import and export formats) comes from the
// server's API, or from its WebAssembly twin in the browser (local.js) where that can answer.
// The one local copy of the rules is the clash highlight, which must follow each click at
// once; the server (or the module) still decides whether a board is solved.
"use strict";

const PALETTE = window.QS_PALETTE;
const MIN_N = 4, MAX_N = 25, DEFAULT_N = 8;  // published Star Battles reach 25x25 with 6 stars
const MAX_STARS = 6;  // stars (k) a row, column and region: 1 is Queens, more is Star Battle
const EMPTY = 0, CROSS = 1, QUEEN = 2;
const VERDICT_SECONDS = 5;  // the live verdict gives up sooner than the server's limit
// light colours a player tells apart at a glance; the colour-blind option uses the renderer's palette
const BRIGHT = ["#f4b6a4", "#a9cff2", "#c5e3a0", "#f7dc7e", "#d4b6ea", "#9fded1", "#f3c2da",
  "#fdcb9a", "#b7c3f0", "#ddd2bd", "#bfe6ef", "#e6ef9f"];
const UNREACHABLE = "Cannot reach the queens-sat server: is `queens-sat serve` still running? Your board is kept; try again when it is back.";

const state = {
  n: DEFAULT_N, rule: "no-touch", stars: 1,
  regions: [],        // regions[r][c]: region number 0..n-1
  brush: 0,
  mode: "design",
  marks: [],          // marks[r][c]: EMPTY, CROSS or QUEEN (play mode)
  hist: { design: { undo: [], redo: [] }, play: { undo: [], redo: [] } },
  ghost: null, hinted: [], wrong: [],
  painting: false,
  dragStart: null,    // the regions before a drag, kept for undo until the drag changes a cell
  verdictSeq: 0,
  focus: [0, 0],      // the cell that holds the board's tab stop
  started: null, elapsed: 0, won: false,
  kept: "",          // the design as last loaded, shared or exported: anything else is work to lose
};

const $ = (id) => document.getElementById(id);
const copy = (grid) => grid.map((row) => row.slice());

// ---------- talking to the server, in words a player reads ----------

// an error or warning of the server as a player should read it: no "<request>" source name.
// The server names places as the board labels them (r3c5, rows and columns from 1), so they are
// shown as they come; only the JSON's own 0-based pairs say so, which a player never types
function friendly(text) {
  return String(text)
    .replace(/<request>(:\d+)?:\s*/g, "")
    .replace(/^r\d+c\d+: (?=given )/, "")  // the place of a clash of givens, which it names anyway
    .replace(/<request>/g, "the puzzle")
    .replace(/the request body is empty: post a puzzle/i, "there is no puzzle here yet: paste one first");
}

class ServerError extends Error {}

// POST to the API; the answer parsed (asText: as it came); a ServerError in a player's words
async function api(path, body, params = "", asText = false, type = "application/json") {
  if (window.QS_LOCAL) {  // local.js: the answer worked out in the browser (WebAssembly), when it can be
    let local;
    try { local = await window.QS_LOCAL(path, body, params, asText); } catch (err) { throw new ServerError(friendly(err.message)); }
    if (local !== undefined) return local;
  }
  let response;
  try {
    response = await fetch(path + params, { method: "POST", body, headers: { "Content-Type": type } });
  } catch (err) {
    throw new ServerError(UNREACHABLE);
  }
  if (!response.ok) {
    let message = `the server answered ${response.status}`;
    try { message = (await response.json()).error || message; } catch (err) { /* not JSON */ }
    throw new ServerError(friendly(message));
  }
  return asText ? response.text() : response.json();
}

function errorText(err) { return String(err.message); }  // a ServerError is worded already; the page's own are its words

// ---------- the puzzle as the API reads it ----------

function label(k) { return PALETTE.labels[k]; }
function regionRows() { return state.regions.map((row) => row.map(label).join("")); }

function cellsWith(mark) {
  const out = [];
  state.marks.forEach((row, r) => row.forEach((m, c) => { if (m === mark) out.push([r, c]); }));
  return out;
}

function puzzleJson(withMarks) {
  const obj = { n: state.n, rule: state.rule, regions: regionRows() };
  if (state.stars > 1) obj.stars = state.stars;  // the server checks that k fits the board and the rule
  if (withMarks) {
    const queens = cellsWith(QUEEN), blocked = cellsWith(CROSS);
    if (queens.length || blocked.length) obj.givens = { queens, blocked };
  }
  return JSON.stringify(obj);
}

function pieces(count) {  // what is placed: queens on a Queens board, stars on a Star Battle
  const word = state.stars > 1 ? "star" : "queen";
  return count === 1 ? word : word + "s";
}

function goalText() {
  const what = state.stars > 1 ? `${state.stars} stars` : "one queen";
  const touch = state.rule === "queens" ? "no two may share a row, column or diagonal" : `no two ${pieces(2)} may touch, not even diagonally`;
  return `Place ${what} in every row, column and coloured region; ${touch}.`;
}

// ---------- boards ----------

function stripes(n) { return Array.from({ length: n }, (_, r) => Array(n).fill(r)); }
function emptyMarks(n) { return Array.from({ length: n }, () => Array(n).fill(EMPTY)); }

function clearHistory() { state.hist = { design: { undo: [], redo: [] }, play: { undo: [], redo: [] } }; }

function resetGame() {
  state.marks = emptyMarks(state.n);
  state.hist.play = { undo: [], redo: [] };
  state.started = null; state.elapsed = 0; state.won = false;
  state.hinted = []; state.wrong = [];
}

function setBoard(n, regions, rule, stars) {
  looks.key = "";  // a new board: its own colours
  state.n = n;
  state.regions = regions;
  if (rule) state.rule = rule;
  if (stars) state.stars = stars;
  state.brush = Math.min(state.brush, n - 1);
  state.focus = [0, 0];
  clearHistory();
  resetGame();
  state.ghost = null;
  keep();
  $("size").value = String(n);
  $("rule").value = state.rule;
  $("stars").value = String(state.stars);
  buildBrushes();
  buildBoard();
  changed();
  followText();
}

// the "Puzzle text" box shows the board loaded, not the text of the one before; an answer that
// comes back after a newer one was asked for (another board loaded, another export) is dropped
let textSeq = 0;

async function followText() {
  const seq = ++textSeq;  // also drops an export of the board before, still on its way
  if (!$("io").value.trim()) return;
  try {
    const text = await api("/convert", puzzleJson(false), "?to=json", true);
    if (seq === textSeq) $("io").value = text;
  } catch (err) {
    if (seq === textSeq) $("io").value = "";
  }
}

// true if nothing is lost, or the player agrees to lose it
// the design as one string, to tell whether it changed since it was last kept
function designKey() { return JSON.stringify([state.rule, state.stars, regionRows()]); }

function keep() { state.kept = designKey(); }

// work that closing the tab would lose: a design changed since it was loaded, shared or exported,
// or a game under way and not yet won (the link keeps the board, never the marks)
function unsavedWork() {
  const playing = !state.won && cellsWith(QUEEN).length + cellsWith(CROSS).length > 0;
  return playing || designKey() !== state.kept;
}

function warnBeforeLeaving(event) {
  if (!unsavedWork()) return;
  event.preventDefault();
  event.returnValue = "";  // older browsers ask only when returnValue is set
}

function mayDiscard(what) {
  const work = cellsWith(QUEEN).length + cellsWith(CROSS).length > 0 || state.hist.design.undo.length > 0;
  return !work || window.confirm(`${what} replaces this board: your marks and changes will be lost. Go on?`);
}

// ---------- drawing ----------

// each region's colour and hatching (colours.js keeps neighbours apart); kept while a design
// is painted, so that colours do not jump under the brush, and worked out again for a new board
let looks = { key: "", n: 0, palette: "", list: [] };

function regionLook(k) {
  const palette = $("palette").value;
  const key = JSON.stringify([palette, state.regions]);
  const painting = state.mode === "design" && looks.n === state.n && looks.palette === palette && looks.key !== "";
  if (key !== looks.key && !painting) {
    looks = { key, n: state.n, palette, list: regionLooks(state.regions, palette === "safe" ? PALETTE.colors : BRIGHT) };
  }
  return looks.list[k] || { color: BRIGHT[k % BRIGHT.length], use: 0 };
}

function regionBackground(k) {
  const look = regionLook(k);
  const color = look.color;
  const pattern = PALETTE.patterns[look.use % PALETTE.patterns.length];
  const line = "rgba(34, 34, 34, 0.35)";
  const stripe = (angle) => `repeating-linear-gradient(${angle}, ${line} 0 2px, transparent 2px 9px)`;
  const layers = {
    plain: [],
    slash: [stripe("-45deg")],  // stripes lie across the gradient's direction
    backslash: [stripe("45deg")],
    horizontal: [stripe("0deg")],
    vertical: [stripe("90deg")],
    dots: [`radial-gradient(circle, ${line} 2px, transparent 2.5px) 0 0 / 9px 9px`],
    cross: [stripe("45deg"), stripe("-45deg")],
    grid: [stripe("0deg"), stripe("90deg")],
  }[pattern] || [];
  return [...layers, color].join(", ");
}

function buildBrushes() {
  const box = $("brushes");
  box.textContent = "";
  for (let k = 0; k < state.n; k++) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "brush" + (k === state.brush ? " selected" : "");
    b.dataset.region = String(k);
    b.textContent = label(k);
    b.setAttribute("aria-label", `region ${label(k)}`);
    b.setAttribute("aria-pressed", String(k === state.brush));
    b.style.background = regionBackground(k);
    b.addEventListener("click", () => { state.brush = k; buildBrushes(); });
    box.appendChild(b);
  }
}

function buildBoard() {
  const board = $("board");
  board.textContent = "";
  board.style.setProperty("--n", String(state.n));
  const top = document.createElement("div");
  top.className = "brow top";
  top.setAttribute("role", "row");
  top.innerHTML = '<div class="head corner" role="columnheader" aria-label="rows"></div>';
  for (let c = 0; c < state.n; c++) {
    const head = document.createElement("div");
    head.className = "head";
    head.setAttribute("role", "columnheader");
    head.textContent = String(c + 1);
    top.appendChild(head);
  }
  board.appendChild(top);
  for (let r = 0; r < state.n; r++) {
    const row = document.createElement("div");
    row.className = "brow" + (r === 0 ? " first" : "") + (r === state.n - 1 ? " last" : "");
    row.setAttribute("role", "row");
    const head = document.createElement("div");
    head.className = "head";
    head.setAttribute("role", "rowheader");
    head.textContent = String(r + 1);
    row.appendChild(head);
    for (let c = 0; c < state.n; c++) {
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.setAttribute("role", "gridcell");
      cell.tabIndex = -1;
      cell.dataset.row = String(r);
      cell.dataset.col = String(c);
      cell.innerHTML = '<span class="label" aria-hidden="true"></span><span class="mark" aria-hidden="true"></span>';
      row.appendChild(cell);
    }
    board.appendChild(row);
  }
  sizeMarks();
  drawBoard();
}

function sizeMarks() {  // the marks' font follows the cells, which follow the screen
  const board = $("board");
  const width = board.clientWidth || 360;
  document.documentElement.style.setProperty("--cellpx", `${Math.max(14, (width - 21) / state.n)}px`);
}

function cellElement(r, c) { return document.querySelector(`.cell[data-row="${r}"][data-col="${c}"]`); }

// queens that break a rule with another: the same row, column or region past its count, touching,
// or (rule "queens") on one diagonal
function clashes() {
  const queens = cellsWith(QUEEN), out = new Set();
  const units = new Map();
  for (const [r, c] of queens) {
    for (const key of [`r${r}`, `c${c}`, `g${state.regions[r][c]}`]) {
      if (!units.has(key)) units.set(key, []);
      units.get(key).push([r, c]);
    }
  }
  for (const members of units.values()) {
    if (members.length > state.stars) members.forEach(([r, c]) => out.add(`${r},${c}`));
  }
  queens.forEach(([r1, c1], i) => queens.slice(i + 1).forEach(([r2, c2]) => {
    const dr = Math.abs(r1 - r2), dc = Math.abs(c1 - c2);
    if ((dr <= 1 && dc <= 1) || (state.rule === "queens" && dr === dc)) {
      out.add(`${r1},${c1}`); out.add(`${r2},${c2}`);
    }
  }));
  return out;
}

function drawBoard() {
  const { n, regions, marks } = state;
  const play = state.mode === "play";
  const ghost = new Set(!play && state.ghost ? state.ghost.map(([r, c]) => `${r},${c}`) : []);
  const hinted = new Set(state.hinted.map(([r, c]) => `${r},${c}`));
  const wrong = new Set(state.wrong.map(([r, c]) => `${r},${c}`));
  const clash = play ? clashes() : new Set();
  const board = $("board");
  board.classList.toggle("stars", state.stars > 1);  // stars drawn as stars, not crowns
  board.classList.toggle("won", state.won);
  for (const cell of board.querySelectorAll(".cell")) {
    const r = Number(cell.dataset.row), c = Number(cell.dataset.col);
    const k = regions[r][c];
    const key = `${r},${c}`;
    cell.style.background = regionBackground(k);
    cell.dataset.region = String(k);
    cell.querySelector(".label").textContent = label(k);
    cell.classList.toggle("edge-top", r > 0 && regions[r - 1][c] !== k);
    cell.classList.toggle("edge-left", c > 0 && regions[r][c - 1] !== k);
    cell.classList.toggle("edge-bottom", r < n - 1 && regions[r + 1][c] !== k);
    cell.classList.toggle("edge-right", c < n - 1 && regions[r][c + 1] !== k);
    const mark = play ? marks[r][c] : EMPTY;
    cell.classList.toggle("queen", mark === QUEEN);
    cell.classList.toggle("cross", mark === CROSS);
    cell.classList.toggle("ghost", ghost.has(key));
    cell.classList.toggle("hinted", hinted.has(key));
    cell.classList.toggle("wrong", wrong.has(key));
    cell.classList.toggle("clash", clash.has(key));
    cell.tabIndex = r === state.focus[0] && c === state.focus[1] ? 0 : -1;
    const words = mark === QUEEN ? pieces(1) : mark === CROSS ? "crossed out" : "empty";
    const extra = clash.has(key) ? ", clashes with another" : "";
    cell.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}, region ${label(k)}, ${words}${extra}`);
  }
  $("undo").disabled = !state.hist[state.mode].undo.length;
  $("redo").disabled = !state.hist[state.mode].redo.length;
}

// ---------- the live verdict (design mode) ----------

let verdictTimer = null;

function changed() {
  clearTimeout(verdictTimer);
  state.verdictSeq++;  // an answer still on its way is about an older board: it will be dropped
  state.ghost = null;
  writeUrl();
  drawBoard();
  $("goal").textContent = goalText();
  $("auto-cross").parentElement.lastChild.textContent = ` Cross out cells a ${pieces(1)} rules out`;
  setVerdict("pending", "checking…", "", []);
  verdictTimer = setTimeout(updateVerdict, 120);
}

function setVerdict(status, text, grade, warnings) {
  const v = $("verdict");
  v.dataset.status = status;
  v.textContent = text;
  $("grade").textContent = grade;
  $("warnings").textContent = warnings.map((w) => `Note: ${friendly(w)}.`).join("\n");
}

async function updateVerdict() {
  const seq = state.verdictSeq;
  let report;
  try {
    report = await api("/check", puzzleJson(false), `?time_limit=${VERDICT_SECONDS}`);
  } catch (err) {
    if (seq !== state.verdictSeq) return;
    state.ghost = null;
    setVerdict("invalid", "Not a puzzle yet", errorText(err), []);
    drawBoard();
    return;
  }
  if (seq !== state.verdictSeq) return;  // a newer board is being checked
  state.ghost = null;
  const warnings = report.warnings || [];
  if (report.status === "unique") {
    const logic = report.logic;
    let grade = "";
    if (logic && logic.grade) grade = `Grade: ${logic.grade} (hardest step: ${logic.hardest || "none"})`;
    else if (logic) grade = "Logic alone cannot solve it: a player would have to guess";
    setVerdict("unique", "Unique: exactly one solution", grade, warnings);
  } else if (report.status === "multiple") {
    state.ghost = solutionCells(report.solutions[1] || report.solutions[0]);
    const count = report.complete ? report.count : `at least ${report.count}`;
    setVerdict("multiple", `Several solutions (${count})`, "A second solution is shown on the board: change a region to rule it out.", warnings);
  } else if (report.status === "none") {
    setVerdict("none", "No solution", "No placement satisfies every row, column and region.", warnings);
  } else {
    setVerdict("unknown", "Unknown: the time limit was hit", "", warnings);
  }
  drawBoard();
}

// a solution as the API gives it (a column a row; for k stars, each row's k columns, as lists or
// flat, k a row in turn) as the cells that hold a queen or star
function solutionCells(solution) {
  const cells = [];
  solution.forEach((entry, i) => {
    if (Array.isArray(entry)) entry.forEach((c) => cells.push([i, c]));
    else cells.push([Math.floor(i / state.stars), entry]);
  });
  return cells;
}

// ---------- undo and redo, one history per mode ----------

function snapshot() { return state.mode === "design" ? copy(state.regions) : copy(state.marks); }

function remember() {
  const h = state.hist[state.mode];
  h.undo.push(snapshot());
  h.redo = [];
}

function restore(grid) {
  state.hinted = []; state.wrong = [];
  if (state.mode === "design") { state.regions = grid; changed(); } else { state.marks = grid; state.won = false; afterMove(); }
}

function undo() {
  const h = state.hist[state.mode];
  if (!h.undo.length) { setMessage("Nothing to undo."); return; }
  h.redo.push(snapshot());
  restore(h.undo.pop());
}

function redo() {
  const h = state.hist[state.mode];
  if (!h.redo.length) { setMessage("Nothing to redo."); return; }
  h.undo.push(snapshot());
  restore(h.redo.pop());
}

// ---------- painting (design mode) ----------

function cellAt(element) {
  const target = element && element.closest ? element.closest(".cell") : null;
  return target ? [Number(target.dataset.row), Number(target.dataset.col)] : null;
}

function paint(at, record) {
  if (!at) return;
  const [r, c] = at;
  if (state.regions[r][c] === state.brush) return;
  if (record) remember();
  if (state.dragStart) { state.hist.design.undo.push(state.dragStart); state.hist.design.redo = []; state.dragStart = null; }
  state.regions[r][c] = state.brush;
  resetGame();  // a new puzzle: the old marks mean nothing
  changed();
}

function onPointerDown(event) {
  const at = cellAt(event.target);
  if (!at || event.button > 0) return;
  event.preventDefault();
  focusCell(at[0], at[1]);
  if (state.mode === "design") {
    state.dragStart = copy(state.regions);  // one drag is one step to undo, taken at its first change
    state.painting = true;
    paint(at, false);
  } else {
    play(at[0], at[1]);
  }
}

function onPointerMove(event) {
  // the cell under the pointer, not the event's target: a touch keeps its first target
  if (state.painting && state.mode === "design") paint(cellAt(document.elementFromPoint(event.clientX, event.clientY)), false);
}

// ---------- playing ----------

function setMessage(text, kind = "") {
  const m = $("message");
  m.textContent = text;
  m.className = kind;
}

function clock() {
  const seconds = Math.floor((state.elapsed + (state.started && !state.won ? Date.now() - state.started : 0)) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function tick() { $("timer").textContent = clock(); }

// the cells a new queen at (r, c) rules out, crossed when the player asked for it
function autoCross(r, c) {
  const { n, stars, marks, regions } = state;
  const count = (pred) => cellsWith(QUEEN).filter(pred).length;
  const rowFull = count(([i]) => i === r) >= stars, colFull = count(([, j]) => j === c) >= stars;
  const regionFull = count(([i, j]) => regions[i][j] === regions[r][c]) >= stars;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (marks[i][j] !== EMPTY) continue;
      const near = Math.abs(i - r) <= 1 && Math.abs(j - c) <= 1;
      const diagonal = state.rule === "queens" && Math.abs(i - r) === Math.abs(j - c);
      if (near || diagonal || (rowFull && i === r) || (colFull && j === c) || (regionFull && regions[i][j] === regions[r][c])) marks[i][j] = CROSS;
    }
  }
}

function setMark(r, c, mark) {
  if (state.won) return;
  remember();
  if (!state.started) state.started = Date.now();
  state.marks[r][c] = mark;
  if (mark === QUEEN && $("auto-cross").checked) autoCross(r, c);
  state.hinted = []; state.wrong = [];
  setMessage("");
  afterMove();
}

function play(r, c) { setMark(r, c, (state.marks[r][c] + 1) % 3); }

function afterMove() {
  drawBoard();
  writeUrl();
  const queens = cellsWith(QUEEN).length;
  if (queens === state.n * state.stars && clashes().size === 0) check();
  else if (clashes().size) setMessage(`These ${pieces(2)} clash: two of them share a row, column or region, or touch.`, "error");
}

async function check() {
  const queens = cellsWith(QUEEN);
  const total = state.n * state.stars;
  try {
    const report = await api("/check", puzzleJson(true), "?logic=false");
    if (report.status === "none") {
      setMessage(`Something is wrong: no solution goes through these ${pieces(2)} and crosses.`, "error");
      state.wrong = queens;
    } else if (queens.length === total) {
      if (state.started && !state.won) state.elapsed += Date.now() - state.started;
      state.won = true;
      tick();
      setMessage(`Solved in ${clock()}! Every row, column and region has its ${pieces(state.stars)}.`, "solved");
    } else if (report.status === "multiple") {
      setMessage(`No mistake so far (${queens.length} of ${total} ${pieces(2)}), though this puzzle has several solutions.`);
    } else {
      setMessage(`No mistake so far: ${queens.length} of ${total} ${pieces(2)} placed.`);
    }
  } catch (err) {
    setMessage(`Something is wrong: ${yours(errorText(err))}`, "error");
  }
  drawBoard();
}

async function hint() {
  if (state.mode !== "play") return;
  try {
    const answer = await api("/hint", puzzleJson(true));
    state.hinted = [];
    if (answer.status === "none") {
      setMessage(`No solution from here: a ${pieces(1)} or a cross is wrong. Undo a few moves.`, "error");
    } else if (answer.status === "solved") {
      setMessage("The board is already solved.");
    } else if (answer.step) {
      state.hinted = [...answer.step.placed, ...answer.step.crossed];
      setMessage(`Hint: ${answer.step.text}`);  // counted from 1 by the server: not shifted again
    } else {
      setMessage("No hint: reasoning alone finds no next step here.");
    }
  } catch (err) {
    setMessage(yours(errorText(err)), "error");
  }
  drawBoard();
}

// the marks a hint or a check sends are the player's own, not the puzzle's givens
function yours(text) {
  return text
    .replace(/\b(\d+) given (queen|star)s\b/g, (all, count) => `${count} of your ${pieces(2)}`)
    .replace(/\bgiven (queen|star)(s?)\b/g, (all, kind, many) => `your ${pieces(many ? 2 : 1)}`);
}

function setMode(mode) {
  state.mode = mode;
  $("mode-design").setAttribute("aria-pressed", String(mode === "design"));
  $("mode-play").setAttribute("aria-pressed", String(mode === "play"));
  $("design-tools").hidden = mode !== "design";
  $("design-info").hidden = mode !== "design";  // the verdict and grade would give the game away
  $("play-tools").hidden = mode !== "play";
  $("status-line").hidden = mode !== "play";
  $("keys").textContent = mode === "play"
    ? "Keys: arrows move; Space or Enter marks a cell (cross, then queen, then empty); Q queen, X cross, Delete clears; H hint; U undo; R redo. Hints name a cell as r3c9: row 3, column 9."
      .replace(/queen/g, pieces(1))
    : "Keys: arrows move; a letter picks that region's colour; Space or Enter paints the cell; U undo; R redo.";
  state.hinted = []; state.wrong = [];
  setMessage(mode === "play" ? goalText() : "");
  writeUrl();
  drawBoard();
}

// ---------- the keyboard ----------

function focusCell(r, c) {
  state.focus = [r, c];
  for (const cell of $("board").querySelectorAll(".cell[tabindex='0']")) cell.tabIndex = -1;
  const cell = cellElement(r, c);
  cell.tabIndex = 0;
  cell.focus();
}

function onBoardKey(event) {
  const at = cellAt(event.target);
  if (!at || event.ctrlKey || event.metaKey || event.altKey) return;
  const [r, c] = at, last = state.n - 1;
  const moves = { ArrowUp: [r - 1, c], ArrowDown: [r + 1, c], ArrowLeft: [r, c - 1], ArrowRight: [r, c + 1], Home: [r, 0], End: [r, last] };
  if (moves[event.key]) {
    const [nr, nc] = moves[event.key];
    focusCell(Math.max(0, Math.min(last, nr)), Math.max(0, Math.min(last, nc)));
  } else if (event.key === " " || event.key === "Enter") {
    if (state.mode === "play") play(r, c); else paint(at, true);
  } else if (state.mode === "play" && (event.key === "q" || event.key === "Q")) {
    setMark(r, c, QUEEN);
  } else if (state.mode === "play" && (event.key === "x" || event.key === "X")) {
    setMark(r, c, CROSS);
  } else if (state.mode === "play" && (event.key === "Delete" || event.key === "Backspace")) {
    setMark(r, c, EMPTY);
  } else if (state.mode === "design" && /^[a-zA-Z0-9]$/.test(event.key) && !"uUrR".includes(event.key)) {
    const k = PALETTE.labels.indexOf(event.key.toUpperCase());
    const k2 = k >= 0 ? k : PALETTE.labels.indexOf(event.key);
    if (k2 < 0 || k2 >= state.n) return;
    state.brush = k2;
    buildBrushes();
  } else {
    return;
  }
  event.preventDefault();
}

function onKey(event) {  // shortcuts that work anywhere but in a text field
  if (event.target.closest && event.target.closest("input, textarea, select")) return;
  const key = event.key.toLowerCase();
  const ctrl = event.ctrlKey || event.metaKey;
  if ((ctrl && key === "z" && !event.shiftKey) || (!ctrl && key === "u")) undo();
  else if ((ctrl && (key === "y" || (key === "z" && event.shiftKey))) || (!ctrl && key === "r")) redo();
  else if (!ctrl && key === "h") hint();
  else return;
  event.preventDefault();
}

// ---------- loading puzzles: text, pictures, new ones ----------

function loadPuzzle(obj) {  // a puzzle as POST /convert's json gives it
  if (!obj.regions) throw new Error("this board has no regions to paint");
  const n = obj.regions.length;
  if (n < MIN_N || n > MAX_N) throw new Error(`the page shows boards of ${MIN_N} to ${MAX_N}; this one is ${n}x${n}`);
  const numbers = new Map();
  const regions = obj.regions.map((row) => Array.from(row).map((ch) => {
    if (!numbers.has(ch)) numbers.set(ch, numbers.size);
    return numbers.get(ch);
  }));
  setBoard(n, regions, obj.rule || "no-touch", obj.stars || 1);
  const givens = obj.givens || {};
  (givens.queens || []).forEach(([r, c]) => { state.marks[r][c] = QUEEN; });
  (givens.blocked || []).forEach(([r, c]) => { state.marks[r][c] = CROSS; });
  drawBoard();
}

async function importText() {
  const text = $("io").value;
  if (!text.trim()) { setMessage("There is no puzzle in the box yet: paste one first.", "error"); return; }
  if (!mayDiscard("Importing")) return;
  try {
    loadPuzzle(await api("/convert", text, "?to=json"));
    setMessage("Imported.");
  } catch (err) {
    setMessage(`Cannot import: ${errorText(err)}`, "error");
  }
}

async function importPicture(file) {
  if (!file || !file.type.startsWith("image/")) { setMessage("That is not a picture: choose a PNG, JPEG or WebP screenshot.", "error"); return; }
  if (!mayDiscard("Importing a picture")) return;
  setMessage("Reading the picture…");
  try {
    const answer = await api("/import", file, "", false, file.type);
    loadPuzzle(answer.puzzle);
    setMode("design");
    const notes = (answer.warnings || []).map(friendly);
    setMessage(["Read from the picture: check the regions, then press Play.", ...notes].join("\n"));
  } catch (err) {
    setMessage(`Cannot read the picture: ${errorText(err)}`, "error");
  }
}

async function newPuzzle(event) {
  event.preventDefault();
  if (!mayDiscard("A new puzzle")) return;
  const body = { n: Number($("new-size").value), stars: Number($("new-stars").value), rule: "no-touch" };
  if ($("new-grade").value) {
    body.grade = [$("new-grade").value];
    body.logic = true;
    const depth = depthFor(body.grade[0], body.n, body.stars);  // grades.js: a grade that needs probes asks for them
    if (depth !== null) body.max_depth = depth;
  }
  $("new-go").disabled = true;
  setMessage("Making a new puzzle…");
  try {
    const text = await api("/generate", JSON.stringify(body), "", true);
    const line = JSON.parse(text.split("\n").find((l) => l.trim()) || "{}");
    if (line.error) {
      const why = friendly(line.error).replace(/^puzzle \d+: /, "");
      throw new ServerError(body.grade ? `${why}. Try another grade, or "any".` : `${why}. Try again.`);
    }
    loadPuzzle(line);
    $("new-form").hidden = true;
    $("new-open").setAttribute("aria-expanded", "false");
    setMode("play");
    focusCell(0, 0);
  } catch (err) {
    setMessage(`No new puzzle: ${errorText(err)}`, "error");
  } finally {
    $("new-go").disabled = false;
  }
}

async function exportAs(format) {
  const seq = ++textSeq;
  try {
    const text = await api("/convert", puzzleJson(state.mode === "play"), `?to=${format}`, true);
    if (seq !== textSeq) return;  // a board loaded meanwhile: the box follows it instead
    $("io").value = text;
    keep();
    setMessage(`Exported as ${format === "text" ? "a text grid" : "JSON"} into the box below.`);
  } catch (err) {
    setMessage(`Cannot export: ${errorText(err)}`, "error");
  }
}

// ---------- links: a play link opens the game, a design link the editor ----------

function link(kind) {
  const params = new URLSearchParams({ rule: state.rule, regions: regionRows().join(".") });
  if (state.stars > 1) params.set("stars", String(state.stars));
  return `${location.origin}${location.pathname}#${kind === "play" ? "play&" : ""}${params}`;
}

function writeUrl() { history.replaceState(null, "", link(state.mode)); }

// the board a link holds; false if it holds none; an Error naming what is wrong with a bad one
function readUrl() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("regions")) return false;
  const rows = params.get("regions").split(".").filter(Boolean);
  const n = rows.length;
  if (n < MIN_N || n > MAX_N) throw new Error(`it has ${n} rows; a board has ${MIN_N} to ${MAX_N}`);
  const short = rows.findIndex((row) => row.length !== n);
  if (short >= 0) throw new Error(`row ${short + 1} has ${rows[short].length} cells, not ${n}`);
  const index = new Map(PALETTE.labels.split("").map((ch, k) => [ch, k]));
  const regions = rows.map((row) => Array.from(row).map((ch) => index.get(ch)));
  const bad = regions.findIndex((row) => row.some((k) => k === undefined || k >= n));
  if (bad >= 0) throw new Error(`row ${bad + 1} has a region letter a ${n}x${n} board cannot have`);
  const rule = params.get("rule") === "queens" ? "queens" : "no-touch";
  const stars = Number(params.get("stars") || 1);
  if (!(stars >= 1 && stars <= MAX_STARS && Number.isInteger(stars))) throw new Error(`"${params.get("stars")}" stars is not 1 to ${MAX_STARS}`);
  setBoard(n, regions, rule, stars);
  setMode(params.has("play") ? "play" : "design");
  return true;
}

function openFromUrl() {
  try {
    if (readUrl()) return;
  } catch (err) {
    setBoard(DEFAULT_N, stripes(DEFAULT_N));
    setMode("design");
    setMessage(`This link's puzzle cannot be read (${err.message}), so a starting board is shown instead.`, "error");
    return;
  }
  if (window.QS_DAILY && location.hash !== "#design") { window.QS_DAILY.open(); return; }  // daily.js: today's puzzle, in Play
  setBoard(DEFAULT_N, stripes(DEFAULT_N));
  setMode("design");
}

async function share(kind) {
  const url = link(kind);
  $("io").value = url;
  const what = kind === "play" ? "play link (it opens the game, without the verdict)" : "design link (it opens the editor)";
  try {
    await navigator.clipboard.writeText(url);
    keep();
    setMessage(`The ${what} is copied, and in the box below.`);
  } catch (err) {
    keep();
    setMessage(`The ${what} is in the box below.`);
  }
}

// ---------- start ----------

function fillSelect(select, from, to, text, value) {
  for (let k = from; k <= to; k++) {
    const option = document.createElement("option");
    option.value = String(k);
    option.textContent = text(k);
    select.appendChild(option);
  }
  select.value = String(value);
}

function start() {
  const size = $("size");
  fillSelect(size, MIN_N, MAX_N, String, DEFAULT_N);
  fillSelect($("new-size"), 5, 12, (n) => `${n}×${n}`, 8);
  const starName = (k) => (k === 1 ? "1 (Queens)" : `${k} (Star Battle)`);
  fillSelect($("stars"), 1, MAX_STARS, starName, 1);
  fillSelect($("new-stars"), 1, 3, starName, 1);
  const regrade = () => offerGrades($("new-grade"), Number($("new-size").value), Number($("new-stars").value));
  $("new-size").addEventListener("change", regrade);
  $("new-stars").addEventListener("change", regrade);
  loadReachableGrades().then(regrade);
  size.addEventListener("change", () => {
    if (!mayDiscard("A new size")) { size.value = String(state.n); return; }
    setBoard(Number(size.value), stripes(Number(size.value)));
  });
  $("rule").addEventListener("change", () => { state.rule = $("rule").value; resetGame(); changed(); });
  $("stars").addEventListener("change", () => {
    state.stars = Number($("stars").value);
    resetGame();  // another puzzle: the old marks mean nothing
    changed();
  });
  $("mode-design").addEventListener("click", () => setMode("design"));
  $("mode-play").addEventListener("click", () => setMode("play"));
  $("new-open").addEventListener("click", () => {
    const form = $("new-form");
    form.hidden = !form.hidden;
    $("new-open").setAttribute("aria-expanded", String(!form.hidden));
    if (!form.hidden) $("new-size").focus();
  });
  $("new-form").addEventListener("submit", newPuzzle);
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("check").addEventListener("click", check);
  $("restart").addEventListener("click", () => {
    remember();
    state.marks = emptyMarks(state.n);
    state.won = false;
    afterMove();
    setMessage("Marks cleared (Undo brings them back).");
  });
  $("letters").addEventListener("change", () => document.body.classList.toggle("letters", $("letters").checked));
  $("palette").addEventListener("change", () => { buildBrushes(); drawBoard(); });
  $("import").addEventListener("click", importText);
  $("image").addEventListener("change", () => importPicture($("image").files[0]));
  $("export-json").addEventListener("click", () => exportAs("json"));
  $("export-text").addEventListener("click", () => exportAs("text"));
  $("share-play").addEventListener("click", () => share("play"));
  $("share-design").addEventListener("click", () => share("design"));
  document.addEventListener("paste", (event) => {
    const file = Array.from(event.clipboardData ? event.clipboardData.files : []).find((f) => f.type.startsWith("image/"));
    if (file) { event.preventDefault(); importPicture(file); }
  });
  document.addEventListener("dragover", (event) => event.preventDefault());
  document.addEventListener("drop", (event) => {
    const file = event.dataTransfer && event.dataTransfer.files[0];
    if (file) { event.preventDefault(); importPicture(file); }
  });
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("keydown", onBoardKey);
  document.addEventListener("keydown", onKey);
  window.addEventListener("pointerup", () => { state.painting = false; state.dragStart = null; });
  window.addEventListener("pointercancel", () => { state.painting = false; });
  window.addEventListener("resize", sizeMarks);
  window.addEventListener("beforeunload", warnBeforeLeaving);
  window.addEventListener("hashchange", () => { if (location.href !== link(state.mode)) openFromUrl(); });
  setInterval(() => { if (state.mode === "play") tick(); }, 500);
  openFromUrl();
}

start();
