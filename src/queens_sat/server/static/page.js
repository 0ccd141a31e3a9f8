// The designer and player page of `queens-sat serve`: plain JavaScript, no build step.
// Every judgement (verdict, grade, hint, check, import and export formats) comes from the
// server's API, so the page holds no second copy of the rules or of the file formats.
"use strict";

const PALETTE = window.QS_PALETTE;
const MIN_N = 4, MAX_N = 25, DEFAULT_N = 8;  // published Star Battles reach 25x25 with 6 stars
const MAX_STARS = 6;  // stars (k) a row, column and region: 1 is Queens, more is Star Battle
const EMPTY = 0, CROSS = 1, QUEEN = 2;
const VERDICT_SECONDS = 5;  // the live verdict gives up sooner than the server's limit

const state = {
  n: DEFAULT_N,
  rule: "no-touch",
  stars: 1,
  regions: [],        // regions[r][c]: region number 0..n-1
  brush: 0,
  mode: "design",
  marks: [],          // marks[r][c]: EMPTY, CROSS or QUEEN (play mode)
  history: [],        // earlier marks, for undo
  ghost: null,        // a second solution to show (its cells), when there are several
  hinted: [],         // cells the last hint is about
  wrong: [],          // cells the last check found wrong
  painting: false,
  verdictSeq: 0,
};

const $ = (id) => document.getElementById(id);

// ---------- the puzzle as the API reads it ----------

function label(k) { return PALETTE.labels[k]; }

function regionRows() {
  return state.regions.map((row) => row.map(label).join(""));
}

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

// POST to the API; the answer parsed (asText: as it came), or an Error with the server's message
async function api(path, body, params = "", asText = false) {
  const response = await fetch(path + params, { method: "POST", body, headers: { "Content-Type": "application/json" } });
  if (!response.ok) {
    let message = `HTTP ${response.status}`;
    try { message = (await response.json()).error || message; } catch (err) { /* not JSON */ }
    throw new Error(message);
  }
  return asText ? response.text() : response.json();
}

// ---------- boards ----------

function stripes(n) {
  return Array.from({ length: n }, (_, r) => Array(n).fill(r));
}

function emptyMarks(n) {
  return Array.from({ length: n }, () => Array(n).fill(EMPTY));
}

function setBoard(n, regions, rule, stars) {
  state.n = n;
  state.regions = regions;
  if (rule) state.rule = rule;
  if (stars) state.stars = stars;
  state.brush = Math.min(state.brush, n - 1);
  state.marks = emptyMarks(n);
  state.history = [];
  state.ghost = null;
  state.hinted = [];
  state.wrong = [];
  $("size").value = String(n);
  $("rule").value = state.rule;
  $("stars").value = String(state.stars);
  buildBrushes();
  buildBoard();
  changed();
}

// ---------- drawing ----------

function regionBackground(k) {
  const color = PALETTE.colors[k % PALETTE.colors.length];
  const pattern = PALETTE.patterns[Math.floor(k / PALETTE.colors.length) % PALETTE.patterns.length];
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
    b.title = `region ${label(k)}`;
    b.style.background = regionBackground(k);
    b.addEventListener("click", () => { state.brush = k; buildBrushes(); });
    box.appendChild(b);
  }
}

function buildBoard() {
  const board = $("board");
  board.textContent = "";
  board.style.gridTemplateColumns = `repeat(${state.n}, var(--cell))`;
  document.documentElement.style.setProperty("--cell", `${Math.max(26, Math.min(48, Math.floor(560 / state.n)))}px`);
  for (let r = 0; r < state.n; r++) {
    for (let c = 0; c < state.n; c++) {
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.setAttribute("role", "gridcell");
      cell.dataset.row = String(r);
      cell.dataset.col = String(c);
      cell.innerHTML = '<span class="label"></span><span class="mark"></span>';
      board.appendChild(cell);
    }
  }
  drawBoard();
}

function drawBoard() {
  const { n, regions, marks } = state;
  const ghost = new Set(state.mode === "design" && state.ghost ? state.ghost.map(([r, c]) => `${r},${c}`) : []);
  const hinted = new Set(state.hinted.map(([r, c]) => `${r},${c}`));
  const wrong = new Set(state.wrong.map(([r, c]) => `${r},${c}`));
  $("board").classList.toggle("stars", state.stars > 1);  // stars drawn as stars, not crowns
  for (const cell of $("board").children) {
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
    const mark = state.mode === "play" ? marks[r][c] : EMPTY;
    cell.classList.toggle("queen", mark === QUEEN);
    cell.classList.toggle("cross", mark === CROSS);
    cell.classList.toggle("ghost", ghost.has(key));
    cell.classList.toggle("hinted", hinted.has(key));
    cell.classList.toggle("wrong", wrong.has(key));
    const words = mark === QUEEN ? pieces(1) : mark === CROSS ? "crossed out" : "";
    cell.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}, region ${label(k)}${words ? ", " + words : ""}`);
  }
}

// ---------- the live verdict ----------

let verdictTimer = null;

function changed() {
  clearTimeout(verdictTimer);
  state.verdictSeq++;  // an answer still on its way is about an older board: it will be dropped
  state.ghost = null;
  writeUrl();
  drawBoard();
  setVerdict("pending", "checking…", "");
  verdictTimer = setTimeout(updateVerdict, 120);
}

function setVerdict(status, text, grade) {
  const v = $("verdict");
  v.dataset.status = status;
  v.textContent = text;
  $("grade").textContent = grade;
}

async function updateVerdict() {
  const seq = state.verdictSeq;
  let report;
  try {
    report = await api("/check", puzzleJson(false), `?time_limit=${VERDICT_SECONDS}`);
  } catch (err) {
    if (seq !== state.verdictSeq) return;
    state.ghost = null;
    setVerdict("invalid", "Not a puzzle yet", err.message);
    drawBoard();
    return;
  }
  if (seq !== state.verdictSeq) return;  // a newer board is being checked
  state.ghost = null;
  if (report.status === "unique") {
    const logic = report.logic;
    let grade = "";
    if (logic && logic.grade) grade = `Grade: ${logic.grade} (hardest step: ${logic.hardest || "none"})`;
    else if (logic) grade = "Logic alone cannot solve it: a player would have to guess";
    setVerdict("unique", "Unique: exactly one solution", grade);
  } else if (report.status === "multiple") {
    state.ghost = solutionCells(report.solutions[1] || report.solutions[0]);
    const count = report.complete ? report.count : `at least ${report.count}`;
    setVerdict("multiple", `Several solutions (${count})`, "A second solution is shown on the board: change a region to rule it out.");
  } else if (report.status === "none") {
    setVerdict("none", "No solution", "No placement satisfies every row, column and region.");
  } else {
    setVerdict("unknown", "Unknown: the time limit was hit", "");
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

// ---------- painting ----------

function cellAt(element) {
  const target = element && element.closest ? element.closest(".cell") : null;
  return target ? [Number(target.dataset.row), Number(target.dataset.col)] : null;
}

function paint(at) {
  if (!at) return;
  const [r, c] = at;
  if (state.regions[r][c] === state.brush) return;
  state.regions[r][c] = state.brush;
  state.marks = emptyMarks(state.n);  // a new puzzle: the old marks mean nothing
  state.history = [];
  changed();
}

function onPointerDown(event) {
  const at = cellAt(event.target);
  if (!at || event.button > 0) return;
  event.preventDefault();
  if (state.mode === "design") {
    state.painting = true;
    paint(at);
  } else {
    play(at[0], at[1]);
  }
}

function onPointerMove(event) {
  // the cell under the pointer, not the event's target: a touch keeps its first target
  if (state.painting && state.mode === "design") paint(cellAt(document.elementFromPoint(event.clientX, event.clientY)));
}

// ---------- playing ----------

function pieces(count) {  // what is placed: queens on a Queens board, stars on a Star Battle
  const word = state.stars > 1 ? "star" : "queen";
  return count === 1 ? word : word + "s";
}

function setMessage(text, solved = false) {
  const m = $("message");
  m.textContent = text;
  m.classList.toggle("solved", solved);
}

function play(r, c) {
  state.history.push(state.marks.map((row) => row.slice()));
  state.marks[r][c] = (state.marks[r][c] + 1) % 3;
  state.hinted = [];
  state.wrong = [];
  drawBoard();
  writeUrl();
  setMessage("");
  if (cellsWith(QUEEN).length === state.n * state.stars) check();
}

function undo() {
  if (!state.history.length) { setMessage("Nothing to undo."); return; }
  state.marks = state.history.pop();
  state.hinted = [];
  state.wrong = [];
  setMessage("");
  drawBoard();
}

async function check() {
  const queens = cellsWith(QUEEN);
  try {
    const report = await api("/check", puzzleJson(true), "?logic=false");
    if (report.status === "none") {
      setMessage("Something is wrong: no solution goes through these queens and crosses.");
      state.wrong = queens;
    } else if (queens.length === state.n * state.stars) {
      setMessage(`Solved! Every row, column and region has its ${pieces(state.stars)}.`, true);
    } else if (report.status === "multiple") {
      setMessage(`No mistake so far (${queens.length} of ${state.n * state.stars} ${pieces(2)}), though this puzzle has several solutions.`);
    } else {
      setMessage(`No mistake so far: ${queens.length} of ${state.n * state.stars} ${pieces(2)} placed.`);
    }
  } catch (err) {
    setMessage(`Something is wrong: ${err.message}`);  // e.g. two queens that attack each other
  }
  drawBoard();
}

async function hint() {
  try {
    const answer = await api("/hint", puzzleJson(true));
    state.hinted = [];
    if (answer.status === "none") {
      setMessage("No solution from here: a queen or a cross is wrong. Undo a few moves.");
    } else if (answer.status === "solved") {
      setMessage("The board is solved.", true);
    } else if (answer.step) {
      state.hinted = [...answer.step.placed, ...answer.step.crossed];
      setMessage(`Hint: ${answer.step.text}`);
    } else {
      setMessage("No hint: reasoning alone finds no next step here.");
    }
  } catch (err) {
    setMessage(err.message);
  }
  drawBoard();
}

function setMode(mode) {
  state.mode = mode;
  $("mode-design").setAttribute("aria-pressed", String(mode === "design"));
  $("mode-play").setAttribute("aria-pressed", String(mode === "play"));
  $("design-tools").hidden = mode !== "design";
  $("play-tools").hidden = mode !== "play";
  state.hinted = [];
  state.wrong = [];
  const goal = state.stars > 1 ? `${state.stars} stars` : "a queen";
  setMessage(mode === "play" ? `Place ${goal} in every row, column and region.` : "");
  drawBoard();
}

// ---------- import, export, share ----------

async function importText() {
  const text = $("io").value;
  try {
    const obj = await api("/convert", text, "?to=json");
    if (!obj.regions) throw new Error("this board has no regions to paint");
    const n = obj.regions.length;
    if (n < MIN_N || n > MAX_N) throw new Error(`the page designs boards of ${MIN_N} to ${MAX_N}; this one is ${n}x${n}`);
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
    setMessage("Imported.");
  } catch (err) {
    setMessage(`Cannot import: ${err.message}`);
  }
}

async function exportAs(format) {
  try {
    $("io").value = await api("/convert", puzzleJson(state.mode === "play"), `?to=${format}`, true);
    setMessage(`Exported as ${format === "text" ? "a text grid" : "JSON"}.`);
  } catch (err) {
    setMessage(`Cannot export: ${err.message}`);
  }
}

function writeUrl() {
  const params = new URLSearchParams({ rule: state.rule, regions: regionRows().join(".") });
  if (state.stars > 1) params.set("stars", String(state.stars));
  history.replaceState(null, "", `#${params}`);
}

function readUrl() {
  const params = new URLSearchParams(location.hash.slice(1));
  const rows = (params.get("regions") || "").split(".").filter(Boolean);
  const n = rows.length;
  if (n < MIN_N || n > MAX_N || rows.some((row) => row.length !== n)) return false;
  const index = new Map(PALETTE.labels.split("").map((ch, k) => [ch, k]));
  const regions = rows.map((row) => Array.from(row).map((ch) => index.get(ch)));
  if (regions.some((row) => row.some((k) => k === undefined || k >= n))) return false;
  const rule = params.get("rule") === "queens" ? "queens" : "no-touch";
  const stars = Number(params.get("stars")) || 1;
  setBoard(n, regions, rule, stars >= 1 && stars <= MAX_STARS ? Math.floor(stars) : 1);
  return true;
}

async function share() {
  writeUrl();
  $("io").value = location.href;
  try {
    await navigator.clipboard.writeText(location.href);
    setMessage("The link to this puzzle is in the box below, and copied.");
  } catch (err) {
    setMessage("The link to this puzzle is in the box below.");
  }
}

// ---------- start ----------

function start() {
  const size = $("size");
  for (let n = MIN_N; n <= MAX_N; n++) {
    const option = document.createElement("option");
    option.value = option.textContent = String(n);
    size.appendChild(option);
  }
  for (let k = 1; k <= MAX_STARS; k++) {
    const option = document.createElement("option");
    option.value = String(k);
    option.textContent = k === 1 ? "1 (Queens)" : `${k} (Star Battle)`;
    $("stars").appendChild(option);
  }
  size.addEventListener("change", () => setBoard(Number(size.value), stripes(Number(size.value))));
  $("rule").addEventListener("change", () => { state.rule = $("rule").value; changed(); });
  $("stars").addEventListener("change", () => {
    state.stars = Number($("stars").value);
    state.marks = emptyMarks(state.n);  // another puzzle: the old marks mean nothing
    state.history = [];
    changed();
  });
  $("mode-design").addEventListener("click", () => setMode("design"));
  $("mode-play").addEventListener("click", () => setMode("play"));
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("check").addEventListener("click", check);
  $("restart").addEventListener("click", () => {
    state.history.push(state.marks.map((row) => row.slice()));
    state.marks = emptyMarks(state.n);
    setMessage("");
    drawBoard();
  });
  $("import").addEventListener("click", importText);
  $("export-json").addEventListener("click", () => exportAs("json"));
  $("export-text").addEventListener("click", () => exportAs("text"));
  $("share").addEventListener("click", share);
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", () => { state.painting = false; });
  window.addEventListener("pointercancel", () => { state.painting = false; });
  window.addEventListener("hashchange", () => readUrl());
  if (!readUrl()) setBoard(DEFAULT_N, stripes(DEFAULT_N));
}

start();
