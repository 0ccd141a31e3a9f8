// queens-sat in JavaScript: the project's C kernels compiled to WebAssembly (queens-sat.wasm,
// built by build.mjs from native/), with the puzzle reading, the verdicts and the logic
// engine's sentences of the Python package, so that check(), solve(), count(), logic() and
// hint() return, field for field, the objects `queens-sat check|solve|count|explain|hint --json`
// prints (timings aside, and "backend": "wasm").
//
// One file with no imports and no dependencies: Node and browsers load it as an ES module, and
// `queens-sat site` turns it into a classic script (window.QueensSat) that runs from file://.

// ---------------------------------------------------------------------------------- errors

/** The root of every error raised on purpose (the Python package's QueensSatError). */
export class QueensSatError extends Error {
  constructor(message) {
    super(message);
    this.name = this.constructor.name;
  }
}

/** A malformed puzzle; `row` and `column` (0-based, as in JSON) say where; the message names the
 * place from 1 (r3c5), as the CLI's do. */
export class PuzzleError extends QueensSatError {
  constructor(message, { source = null, line = null, row = null, column = null } = {}) {
    const where = [];
    if (source !== null) where.push(line === null ? source : `${source}:${line}`);
    else if (line !== null) where.push(`line ${line}`);
    if (row !== null && column !== null) where.push(cellName(row, column));
    else if (row !== null) where.push(`row ${row + 1}`);
    else if (column !== null) where.push(`column ${column + 1}`);
    super(where.length ? `${where.join(": ")}: ${message}` : message);
    this.reason = message;
    this.source = source;
    this.line = line;
    this.row = row;
    this.column = column;
  }

  located(source, line) {
    const copy = new this.constructor(this.reason, {
      source: this.source ?? source ?? null,
      line: this.line ?? line ?? null,
      row: this.row,
      column: this.column,
    });
    return copy;
  }
}

/** The input could not be read as a puzzle at all (bad JSON, a bad URL). */
export class FormatError extends PuzzleError {}

/** The module could not be loaded, or a board is beyond what the module takes. */
export class BackendError extends QueensSatError {}

// ------------------------------------------------------------------------- the wasm module

let loading = null;
let core = null;
let wasmSource = null;

/** Where to load queens-sat.wasm from, when not beside this file (a URL, bytes or a Module). */
export function setWasmSource(source) {
  wasmSource = source;
  loading = null;
  core = null;
}

function wasmUrl() {
  return new URL("./queens-sat.wasm", import.meta.url); // QS-WASM-URL (the site's classic script replaces this line)
}

async function wasmModule() {
  if (wasmSource instanceof WebAssembly.Module) return wasmSource;
  if (wasmSource instanceof ArrayBuffer || ArrayBuffer.isView(wasmSource)) return WebAssembly.compile(wasmSource);
  if (typeof globalThis.QUEENS_SAT_WASM_BASE64 === "string" && wasmSource === null) {
    const text = atob(globalThis.QUEENS_SAT_WASM_BASE64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return WebAssembly.compile(bytes);
  }
  const url = wasmSource ?? wasmUrl();
  const isNode = typeof process !== "undefined" && process.versions && process.versions.node;
  if (isNode && String(url).startsWith("file:")) {
    const fs = await import("node:fs/promises");
    return WebAssembly.compile(await fs.readFile(new URL(String(url))));
  }
  if (typeof WebAssembly.compileStreaming === "function") {
    try {
      return await WebAssembly.compileStreaming(fetch(url));
    } catch {
      // a server that sends the wrong Content-Type: the bytes, then compile
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new BackendError(`queens-sat.wasm: ${response.status} ${response.statusText} from ${url}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

function wasiClock(memory) {
  const started = typeof performance !== "undefined" ? performance : Date;
  return {
    clock_time_get(_id, _precision, out) {
      const ns = Math.round(started.now() * 1e6); // exact in a double for 104 days of uptime
      const view = new DataView(memory().buffer);
      view.setUint32(out, ns % 4294967296, true);
      view.setUint32(out + 4, Math.floor(ns / 4294967296), true);
      return 0;
    },
  };
}

/** Load the module (once); every call below awaits it. */
export function init() {
  if (loading === null) {
    loading = (async () => {
      const module = await wasmModule();
      let instance = null;
      instance = await WebAssembly.instantiate(module, {
        wasi_snapshot_preview1: wasiClock(() => instance.exports.memory),
      });
      core = makeCore(instance.exports);
      return core;
    })().catch((err) => {
      loading = null;
      throw err instanceof QueensSatError ? err : new BackendError(`cannot load queens-sat.wasm: ${err.message}`);
    });
  }
  return loading;
}

function makeCore(x) {
  const limits = { regionN: x.qsw_limit(0), starN: x.qsw_limit(1), logicN: x.qsw_limit(2), logicStarN: x.qsw_limit(3), logicK: x.qsw_limit(4), head: x.qsw_limit(5) };
  const heap = () => x.memory.buffer;
  function alloc(bytes) {
    const p = x.qsw_alloc(bytes);
    if (p === 0) throw new BackendError("out of memory");
    return p;
  }
  const SCRATCH = 64 * 1024;
  const scratch = alloc(SCRATCH);
  return {
    limits,
    /** One search: {count, nodes, stop, solutions: arrays of k * n columns}. */
    search(p, limit, keep, timeLimit = 0, nodeLimit = 0) {
      const n = p.n;
      const size = p.stars * n;
      const cells = n * n;
      // one scratch block, allocated once: the search's inputs and outputs (a bigger keep or a
      // bigger board than the block holds gets its own)
      const need = 8 * cells + 4 * (p.queens.length + p.blocked.length + 2) + 2 * size * Math.max(keep, 1) + 64;
      let block = scratch;
      if (need > SCRATCH - 64) block = alloc(need); // the last 64 bytes: an engine's fields
      try {
        const buffer = heap();
        let at = block;
        let regions = 0;
        if (p.regions !== null) {
          regions = at;
          const grid = new Int32Array(buffer, regions, 2 * cells); // int64 cells: the low words, the high ones 0
          for (let r = 0, i = 0; r < n; r++) {
            const row = p.regions[r];
            for (let c = 0; c < n; c++, i += 2) {
              grid[i] = row[c];
              grid[i + 1] = 0;
            }
          }
          at += 8 * cells;
        }
        const out = at;
        at += 32;
        const given = at;
        const words = new Int32Array(buffer, given, p.queens.length + p.blocked.length);
        p.queens.forEach(([r, c], i) => (words[i] = r * n + c));
        const blocked = given + 4 * p.queens.length;
        p.blocked.forEach(([r, c], i) => (words[p.queens.length + i] = r * n + c));
        at = blocked + 4 * p.blocked.length;
        const sols = (at + 7) & ~7;
        const bad = x.qsw_search(n, p.stars, p.rule === "queens" ? 1 : 0, regions, given, p.queens.length, blocked, p.blocked.length, limit, keep, timeLimit, nodeLimit, sols, out);
        if (bad >= 0) throw new PuzzleError(`region is not in 0..${n - 1}`, { row: Math.floor(bad / n), column: bad % n });
        const [count, nodes, stop, kept] = new Float64Array(heap(), out, 4);
        if (stop < 0) throw new BackendError("out of memory");
        const solutions = [];
        if (kept > 0) {
          const flat = new Int16Array(heap(), sols, size * kept);
          for (let i = 0; i < kept; i++) solutions.push(Array.from(flat.subarray(i * size, (i + 1) * size)));
        }
        return { count, nodes, stop, solutions };
      } finally {
        if (block !== scratch) x.qsw_free(block);
      }
    },
    /** A logic engine on the board; free() it. */
    engine(p, maxDepth) {
      const n = p.n;
      const buffer = heap();
      let regions = 0;
      let at = scratch;
      if (p.regions !== null) {
        regions = at;
        const grid = new Uint8Array(buffer, regions, n * n);
        for (let r = 0, i = 0; r < n; r++) for (let c = 0; c < n; c++, i++) grid[i] = p.regions[r][c];
        at += (n * n + 7) & ~7;
      }
      const given = at;
      const words = new Int32Array(buffer, given, p.queens.length + p.blocked.length);
      p.queens.forEach(([r, c], i) => (words[i] = r * n + c));
      const blocked = given + 4 * p.queens.length;
      p.blocked.forEach(([r, c], i) => (words[p.queens.length + i] = r * n + c));
      // the engine copies what it reads of these (ql_geo_init, ql_state_start): the scratch is free again after
      const e = x.qsw_logic_new(n, p.stars, p.rule === "queens" ? 1 : 0, regions, given, p.queens.length, blocked, p.blocked.length, maxDepth);
      if (e === 0) throw new BackendError("out of memory");
      const fields = scratch + SCRATCH - 64;
      const read = () => {
        x.qsw_logic_fields(e, fields);
        return new Int32Array(heap(), fields, 14);
      };
      return {
        /** status, step count and the heads in place (a view: read it before the next call). */
        light() {
          const [status, nsteps, head] = read();
          return { status, nsteps, heads: new Int32Array(heap(), head, nsteps * limits.head) };
        },
        run(maxSteps, timeLimit) {
          return x.qsw_logic_run(e, maxSteps, timeLimit);
        },
        /** The record from step `start` on, and the engine's state. */
        state(start = 0) {
          const [status, nsteps, head, ndata, data, state, words, techniques, codes, counts, nunits, nlines, units, lines] = read();
          const H = limits.head;
          const heads = Int32Array.from(new Int32Array(heap(), head, nsteps * H));
          let at = 0;
          for (let s = 0; s < start; s++) for (let f = PLACED; f <= BLOCKS; f++) at += heads[s * H + f];
          return {
            status,
            nsteps,
            heads: heads.subarray(start * H),
            data: Int16Array.from(new Int16Array(heap(), data + 2 * at, ndata - at)),
            queens: BigUint64Array.from(new BigUint64Array(heap(), state + 8 * words, words)),
            counts: Array.from(new Int32Array(heap(), codes, techniques), (code, i) => [code, new Int32Array(heap(), counts, techniques)[i]]),
            deadEnd: status === 3 ? [Array.from(new Int16Array(heap(), units, nunits)), Array.from(new Int16Array(heap(), lines, nlines))] : null,
          };
        },
        free() {
          x.qsw_logic_free(e);
        },
      };
    },
  };
}

// ------------------------------------------------------------------------ reading puzzles

const RULES = ["no-touch", "queens"];
const LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$";
const REGION_N = 64;
const FREE_N = 100_000_000;
const PUZZLE_KEYS = new Set(["n", "rule", "regions", "givens", "stars"]);

/** Python's repr of a value, shortened as the CLI's messages show it (reprlib, 60 characters). */
function shown(value) {
  if (typeof value === "string") {
    const quoted = value.includes("'") && !value.includes('"') ? `"${value}"` : `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
    if (value.length <= 60) return quoted;
    const i = Math.floor((60 - 3) / 2);
    const j = 60 - 3 - i;
    const cut = (s) => (s.includes("'") && !s.includes('"') ? `"${s}"` : `'${s}'`);
    const q = cut(value);
    return q.slice(0, i) + "..." + q.slice(q.length - j);
  }
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : pyFloat(value);
  if (Array.isArray(value)) return `[${value.slice(0, 6).map(shown).join(", ")}${value.length > 6 ? ", ..." : ""}]`;
  if (typeof value === "object") return "{...}";
  return String(value);
}

function pyFloat(x) {
  if (Number.isInteger(x)) return `${x}.0`;
  return String(x);
}

function typeName(value) {
  if (value === null) return "NoneType";
  if (Array.isArray(value)) return "list";
  if (typeof value === "string") return "str";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  return "dict";
}

function isInt(v) {
  return typeof v === "number" && Number.isInteger(v);
}

function wholeNumber(value, what) {
  if (isInt(value)) return value;
  if (typeof value === "number" && Number.isFinite(value) && Number.isInteger(value)) return value;
  throw new PuzzleError(`${what} must be a whole number, got ${shown(value)}`);
}

function isPrintable(s) {
  return !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]|[\p{Zs}]/u.test(s.replace(/ /g, ""));
}

function labelRows(regions, n) {
  if (!Array.isArray(regions) || regions.length === 0 || !regions.every((row) => typeof row === "string")) return null;
  const rows = regions.map((row) => row.trim());
  const height = rows.length;
  if (height > REGION_N || (n !== null && n !== height) || rows.some((row) => [...row].length !== height)) return null;
  const joined = rows.join("");
  if (!isPrintable(joined) || joined.includes(" ") || joined.includes("#")) return null;
  const number = new Map();
  for (const ch of joined) if (!number.has(ch)) number.set(ch, number.size);
  if (number.size !== height) return null;
  return [rows.map((row) => [...row].map((ch) => number.get(ch))), [...number.keys()]];
}

function splitRow(row, r) {
  if (typeof row === "string") {
    const stripped = row.trim();
    return /\s/.test(stripped) ? stripped.split(/\s+/).filter(Boolean) : [...stripped];
  }
  if (Array.isArray(row)) return row.slice();
  throw new PuzzleError(`row is ${typeName(row)}, expected a string of labels or a list`, { row: r });
}

/** Rows of small integers (0..255) with exactly n distinct values (the common case), numbered by
 * first appearance in one pass; null for anything else, which the general path then reads (or
 * refuses, in its words). */
const labelNumber = new Int32Array(256);
let labelStamp = new Int32Array(256);
let stamp = 0;

function numberRows(regions, n) {
  if (!Array.isArray(regions) || regions.length === 0 || regions.length > REGION_N) return null;
  const height = regions.length;
  if (n !== null && n !== height) return null;
  if (++stamp === 0x7fffffff) {
    labelStamp = new Int32Array(256);
    stamp = 1;
  }
  let distinct = 0;
  const grid = new Array(height);
  for (let r = 0; r < height; r++) {
    const row = regions[r];
    if (!Array.isArray(row) || row.length !== height) return null;
    const out = new Array(height);
    for (let c = 0; c < height; c++) {
      const v = row[c];
      if (typeof v !== "number" || !(v >= 0 && v < 256) || (v | 0) !== v) return null;
      let k;
      if (labelStamp[v] === stamp) k = labelNumber[v];
      else {
        if (distinct === height) return null;
        k = distinct++;
        labelStamp[v] = stamp;
        labelNumber[v] = k;
      }
      out[c] = k;
    }
    grid[r] = out;
  }
  return distinct === height ? [grid, null] : null;
}

function normaliseRegions(regions, n) {
  const numbered = numberRows(regions, n);
  if (numbered !== null) return numbered;
  const lettered = labelRows(regions, n);
  if (lettered !== null) return lettered;
  if (typeof regions === "string") regions = regions.split(/\r?\n|\r/).filter((line) => line.trim());
  if (!Array.isArray(regions)) throw new PuzzleError(`regions must be a list of rows, got ${typeName(regions)}`);
  if (regions.length === 0) throw new PuzzleError("empty board: regions has no rows");
  const rows = regions.map((row, r) => splitRow(row, r));
  const height = rows.length;
  if (height > REGION_N) throw new PuzzleError(`n = ${height} exceeds the limit of ${REGION_N} for boards with regions`);
  if (n !== null && n !== height) throw new PuzzleError(`n is ${shown(n)} but regions has ${height} row${height !== 1 ? "s" : ""}`);
  rows.forEach((row, r) => {
    if (row.length !== rows[0].length) throw new PuzzleError(`ragged grid: this row has ${row.length} cells, row 1 has ${rows[0].length}`, { row: r });
  });
  if (rows[0].length !== height) throw new PuzzleError(
    `the grid has ${height} row${height !== 1 ? "s" : ""} of ${rows[0].length} cell${rows[0].length !== 1 ? "s" : ""}; ` +
    "it must be square (n rows of n region labels)");
  let labels = [];
  rows.forEach((row, r) =>
    row.forEach((v, c) => {
      if (typeof v === "boolean" || !(isInt(v) || typeof v === "string") || (typeof v === "string" && !v.trim())) {
        throw new PuzzleError(`region label ${shown(v)} is not an integer or a non-blank string`, { row: r, column: c });
      }
      if (typeof v === "string" && !isPrintable(v.replace(/ /g, ""))) {
        throw new PuzzleError(`region label ${shown(v)} holds a control or invisible character`, { row: r, column: c });
      }
      labels.push(v);
    }),
  );
  let cells = rows;
  if (labels.some(isInt) && labels.some((v) => typeof v === "string")) {
    labels = labels.map(String);
    cells = rows.map((row) => row.map(String));
  }
  const distinct = new Set(labels);
  if (distinct.size !== height) {
    const sorted = [...distinct].sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
    const listed = distinct.size <= 70 ? `: ${sorted.map(String).join(", ")}` : "";
    throw new PuzzleError(`a ${height}x${height} board needs exactly ${height} regions, found ${distinct.size}${listed}`);
  }
  const number = new Map();
  for (const v of labels) if (!number.has(v)) number.set(v, number.size);
  const grid = cells.map((row) => row.map((v) => number.get(v)));
  let names = null;
  if ([...distinct].every((v) => typeof v === "string" && [...v].length === 1 && v !== "#")) names = [...number.keys()];
  return [grid, names];
}

function givenCells(items, n, what) {
  const out = new Map();
  for (const item of items) {
    if (!Array.isArray(item) || item.length !== 2 || !item.every(isInt)) {
      throw new PuzzleError(`${what} ${shown(item)} is not a [row, column] pair of integers`);
    }
    const [r, c] = item;
    if (!(0 <= r && r < n && 0 <= c && c < n)) {
      throw new PuzzleError(`${what} [${shown(r)}, ${shown(c)}] is off the ${n}x${n} board (JSON counts rows and columns from 0)`);
    }
    out.set(r * n + c, [r, c]);
  }
  return [...out.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function checkStars(stars, rule) {
  if (typeof stars === "boolean" || !(typeof stars === "number" && Number.isInteger(stars))) {
    throw new PuzzleError(`stars must be a whole number, got ${shown(stars)}`);
  }
  if (stars < 1) throw new PuzzleError(`stars = ${stars}: every row, column and region needs at least 1 star`);
  if (stars > 1 && rule !== "no-touch") {
    throw new PuzzleError(`stars = ${stars} needs the no-touch rule: under the "${rule}" rule two stars in one row attack each other`);
  }
  return stars;
}

function checkStarRoom(n, stars) {
  if (n >= 4 * stars) return;
  const room = Math.floor((n + 1) / 2);
  const why =
    2 * stars > room
      ? `two neighbouring rows need ${2 * stars} stars but hold at most ${room} without touching`
      : `${2 * stars} stars in two neighbouring rows of ${n} cells all stand in even columns, leaving the odd columns none`;
  throw new PuzzleError(`a ${n}x${n} board cannot hold ${stars} stars a row: ${why} (n must be at least ${4 * stars})`);
}

function checkSize(n) {
  if (typeof n === "boolean" || !(typeof n === "number" && Number.isInteger(n))) {
    throw new PuzzleError(`size n must be an integer, got ${shown(n)}`);
  }
  if (n < 1) throw new PuzzleError(n === 0 ? "empty board: n must be at least 1" : `size n = ${n} is negative`);
  if (n > FREE_N) throw new PuzzleError(`n = ${n} exceeds the limit of ${FREE_N} for boards without regions`);
  return n;
}

/** A checked puzzle: {n, rule, stars, regions (numbers by first appearance, or null), labels, queens, blocked}. */
function makePuzzle(regions, { n = null, rule = "no-touch", queens = [], blocked = [], stars = 1 } = {}) {
  if (!RULES.includes(rule)) throw new PuzzleError(`rule ${shown(rule)} is not one of ${RULES.join(", ")}`);
  stars = checkStars(stars, rule);
  let grid = null;
  let labels = null;
  if (regions !== null && regions !== undefined) [grid, labels] = normaliseRegions(regions, n);
  if (grid === null) {
    if (n === null) throw new PuzzleError("a board without regions needs its size n");
    n = checkSize(n);
  } else {
    n = grid.length;
  }
  if (stars > 1) checkStarRoom(n, stars);
  const p = { n, rule, stars, regions: grid, labels, queens: givenCells(queens, n, "queen"), blocked: givenCells(blocked, n, "blocked cell") };
  checkGivens(p);
  return p;
}

function label(p, k) {
  return p.labels !== null ? p.labels[k] : LABELS[k];
}

function checkGivens(p) {
  const blocked = new Set(p.blocked.map(([r, c]) => r * p.n + c));
  const both = p.queens.find(([r, c]) => blocked.has(r * p.n + c));
  if (both) throw new PuzzleError("cell is both a given queen and blocked", { row: both[0], column: both[1] });
  const placed = p.queens;
  if (p.stars > 1) {
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const [a, b] = [placed[i], placed[j]];
        if (Math.abs(a[0] - b[0]) <= 1 && Math.abs(a[1] - b[1]) <= 1) {
          throw new PuzzleError(`given stars ${cellName(a[0], a[1])} and ${cellName(b[0], b[1])} touch`, { row: b[0], column: b[1] });
        }
      }
    }
    const units = [["row", (q) => q[0]], ["column", (q) => q[1]]];
    if (p.regions !== null) units.push(["region", (q) => p.regions[q[0]][q[1]]]);
    for (const [what, key] of units) {
      const seen = new Map();
      for (const q of placed) {
        const unit = key(q);
        seen.set(unit, (seen.get(unit) || 0) + 1);
        if (seen.get(unit) > p.stars) {
          const name = what === "region" ? label(p, unit) : String(unit + 1);
          throw new PuzzleError(`${what} ${name} holds ${seen.get(unit)} given stars, more than ${p.stars}`, { row: q[0], column: q[1] });
        }
      }
    }
    return;
  }
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const [a, b] = [placed[i], placed[j]];
      let why = null;
      if (a[0] === b[0]) why = "share a row";
      else if (a[1] === b[1]) why = "share a column";
      else if (p.regions !== null && p.regions[a[0]][a[1]] === p.regions[b[0]][b[1]]) why = "share a region";
      else if (p.rule === "no-touch" ? Math.abs(a[0] - b[0]) <= 1 && Math.abs(a[1] - b[1]) <= 1 : Math.abs(a[0] - b[0]) === Math.abs(a[1] - b[1])) {
        why = p.rule === "no-touch" ? "touch" : "share a diagonal";
      }
      if (why) throw new PuzzleError(`given queens ${cellName(a[0], a[1])} and ${cellName(b[0], b[1])} ${why}`, { row: b[0], column: b[1] });
    }
  }
}

/** A reader's check, as the CLI's: the first cell a list gives twice is refused where it is. */
function checkDistinctGivens(items, what) {
  const seen = new Set();
  for (const item of items) {
    if (Array.isArray(item) && item.length === 2 && item.every(isInt)) {
      const key = `${item[0]},${item[1]}`;
      if (seen.has(key)) throw new PuzzleError(`${what} ${cellName(item[0], item[1])} is given twice`, { row: item[0], column: item[1] });
      seen.add(key);
    }
  }
}

function puzzleFromObject(obj) {
  if (obj === null || typeof obj !== "object" || Array.isArray(obj)) {
    throw new FormatError(`expected a JSON object for a puzzle, got ${typeName(obj)}`);
  }
  let givens = obj.givens;
  if (givens === undefined || givens === null) givens = {};
  if (typeof givens !== "object" || Array.isArray(givens)) throw new FormatError('"givens" must be an object with "queens" and/or "blocked" lists');
  const unknown = Object.keys(givens).filter((k) => k !== "queens" && k !== "blocked").sort();
  if (unknown.length) throw new FormatError(`"givens" has unknown key(s) ${unknown.join(", ").slice(0, 200)}; use "queens" and "blocked"`);
  for (const key of ["queens", "blocked"]) {
    if (!Array.isArray(givens[key] ?? [])) throw new FormatError(`"givens.${key}" must be a list of [row, column] pairs`);
    checkDistinctGivens(givens[key] ?? [], key === "queens" ? "queen" : "blocked cell");
  }
  const rule = obj.rule ?? "no-touch";
  if (typeof rule !== "string") throw new FormatError(`"rule" must be a string, got ${shown(rule)}`);
  if (!("regions" in obj) && !("n" in obj)) throw new FormatError('a puzzle needs "regions", or "n" for a board without regions');
  return makePuzzle(obj.regions ?? null, { n: obj.n ?? null, rule, queens: givens.queens ?? [], blocked: givens.blocked ?? [], stars: obj.stars ?? 1 });
}

// puzz.link (pzprjs) starbattle URLs, as formats/puzzlink.py reads them
const DIGITS32 = "0123456789abcdefghijklmnopqrstuv";

function parsePuzzlink(url) {
  url = url.trim();
  if (url.length > 100_000) throw new FormatError(`a URL of ${url.length.toLocaleString("en-US")} characters is far too long for a puzzle (at most 100,000)`);
  let query = url.includes("?") ? url.slice(url.indexOf("?") + 1) : url;
  query = query.replace(/^(?:\w+=\w*&)+/u, "");
  const parts = query.split("/");
  if (parts.length && parts[0].startsWith("v:")) parts.shift();
  const name = (parts.length ? parts.shift() : "").replace(/_(edit|play)$/, "");
  if (name.startsWith("pzprv")) throw new FormatError("this URL holds a pzprv3 file, not a puzzle URL; copy the puzzle's URL (File > Export URL)");
  if (name !== "starbattle") throw new FormatError(`not a Star Battle URL: the puzzle is ${shown(name)}, expected 'starbattle'`);
  if (parts.length && parts[0].startsWith("v:")) parts.shift();
  if (parts.length && !/^[0-9]+$/.test(parts[0])) parts.shift();
  while (parts.length && parts[parts.length - 1] === "") parts.pop();
  if (parts.length < 3) throw new FormatError(`expected starbattle/COLS/ROWS/STARS/BORDERS after the '?', got ${shown(query)}`);
  const [cols, rows, stars] = ["width", "height", "stars"].map((what, i) => {
    if (!/^[0-9]{1,6}$/.test(parts[i])) throw new FormatError(`the ${what} must be a whole number, got ${shown(parts[i])}`);
    return Number(parts[i]);
  });
  if (cols !== rows) throw new FormatError(`the board is ${cols} wide and ${rows} high; only square boards are puzzles here`);
  if (!(cols >= 1 && cols <= REGION_N)) throw new FormatError(`a ${cols}x${rows} board: the size must be between 1 and ${REGION_N}`);
  if (parts.length > 4) throw new FormatError(`unexpected ${shown(parts.slice(4).join("/"))} after the borders`);
  return makePuzzle(regionsFromBorders(parts.length > 3 ? parts[3] : "", cols), { stars });
}

function regionsFromBorders(code, n) {
  const vCount = (n - 1) * n;
  const hCount = n * (n - 1);
  const vChars = Math.ceil(vCount / 5);
  const hChars = Math.ceil(hCount / 5);
  if (code.length > vChars + hChars) {
    throw new FormatError(`the borders of a ${n}x${n} board take ${vChars + hChars} characters; ${shown(code.slice(vChars + hChars))} follows them`);
  }
  [...code].forEach((ch, i) => {
    if (!DIGITS32.includes(ch)) throw new FormatError(`border character ${i + 1} is ${shown(ch)}, not a base-32 digit (0-9, a-v)`);
  });
  const bits = (chars, count) => {
    const out = new Array(count).fill(false);
    [...chars].forEach((ch, i) => {
      const value = DIGITS32.indexOf(ch);
      for (let j = 0; j < 5; j++) if (i * 5 + j < count) out[i * 5 + j] = Boolean(value & (16 >> j));
    });
    return out;
  };
  const vertical = bits(code.slice(0, vChars), vCount);
  const horizontal = bits(code.slice(vChars), hCount);
  const grid = Array.from({ length: n }, () => new Array(n).fill(-1));
  let count = 0;
  for (let r0 = 0; r0 < n; r0++) {
    for (let c0 = 0; c0 < n; c0++) {
      if (grid[r0][c0] >= 0) continue;
      grid[r0][c0] = count;
      const stack = [[r0, c0]];
      while (stack.length) {
        const [r, c] = stack.pop();
        for (const [rr, cc, wall] of [
          [r, c + 1, c + 1 < n && vertical[r * (n - 1) + c]],
          [r, c - 1, c > 0 && vertical[r * (n - 1) + c - 1]],
          [r + 1, c, r + 1 < n && horizontal[r * n + c]],
          [r - 1, c, r > 0 && horizontal[(r - 1) * n + c]],
        ]) {
          if (rr >= 0 && rr < n && cc >= 0 && cc < n && !wall && grid[rr][cc] < 0) {
            grid[rr][cc] = count;
            stack.push([rr, cc]);
          }
        }
      }
      count++;
    }
  }
  if (count !== n) throw new FormatError(`the borders cut the ${n}x${n} board into ${count} regions; a Star Battle of size ${n} has ${n}`);
  return grid;
}

/**
 * A record as the CLI reads one: a puzzle object (or JSON text, or a puzz.link URL) with its
 * source, line and id; `error` set (and `puzzle` null) when it is malformed.
 */
function readRecord(input, { source = null, line = null } = {}) {
  const record = { source, line, id: null, puzzle: null, error: null, stars: 1 };
  try {
    let obj = input;
    if (typeof input === "string") {
      const text = input.trim();
      if (text.startsWith("{") || text.startsWith("[") || text.startsWith('"')) {
        try {
          obj = JSON.parse(text);
        } catch (err) {
          throw new FormatError(`invalid JSON: ${err.message}`);
        }
      } else {
        record.puzzle = parsePuzzlink(text);
        return record;
      }
    }
    if (obj !== null && typeof obj === "object" && !Array.isArray(obj) && obj.id !== undefined && obj.id !== null) record.id = String(obj.id);
    record.puzzle = puzzleFromObject(obj);
  } catch (err) {
    if (!(err instanceof PuzzleError)) throw err;
    record.error = err.located(source, line);
  }
  return record;
}

/** The checked puzzle of `input` (a puzzle object, JSON text or a puzz.link URL); throws PuzzleError. */
export function parsePuzzle(input, options = {}) {
  const record = readRecord(input, options);
  if (record.error) throw record.error;
  return record.puzzle;
}

// --------------------------------------------------------------------- searching

const QS_EXHAUSTED = 0;
const QS_TIMED_OUT = 2;

function statusOf(count, complete) {
  if (count >= 2) return "multiple";
  if (complete) return count === 1 ? "unique" : "none";
  return "unknown";
}

function solutionJson(solution, stars) {
  if (stars === 1) return solution;
  const rows = [];
  for (let i = 0; i < solution.length; i += stars) rows.push(solution.slice(i, i + stars));
  return rows;
}

function searchable(c, p) {
  const cap = p.stars === 1 ? c.limits.regionN : c.limits.starN;
  if (p.n > cap) throw new BackendError(`the wasm search takes boards up to n = ${cap}; this one has n = ${p.n}`);
}

function runSearch(c, p, limit, keep, timeLimit) {
  searchable(c, p);
  const started = now();
  const found = c.search(p, limit, keep, timeLimit ?? 0);
  return {
    count: found.count,
    complete: found.stop === QS_EXHAUSTED,
    timed_out: found.stop === QS_TIMED_OUT,
    solutions: found.solutions,
    nodes: found.nodes,
    elapsed: now() - started,
  };
}

function now() {
  return (typeof performance !== "undefined" ? performance : Date).now() / 1000;
}

function round6(x) {
  return Math.floor(x * 1e6 + 0.5) / 1e6;
}

/** The 4-connected pieces of each region (as the model's region_parts counts them); the scratch
 * arrays are kept between calls. */
let partsCells = 0;
let partsRegion = new Int32Array(0);
let partsSeen = new Uint8Array(0);
let partsStack = new Int32Array(0);

function regionParts(p) {
  const n = p.n;
  const cells = n * n;
  if (cells > partsCells) {
    partsCells = cells;
    partsRegion = new Int32Array(cells);
    partsSeen = new Uint8Array(cells);
    partsStack = new Int32Array(cells);
  }
  const region = partsRegion;
  const seen = partsSeen;
  const stack = partsStack;
  for (let r = 0, i = 0; r < n; r++) {
    const row = p.regions[r];
    for (let c = 0; c < n; c++, i++) region[i] = row[c];
  }
  seen.fill(0, 0, cells);
  const parts = new Array(n).fill(0);
  for (let start = 0; start < cells; start++) {
    if (seen[start]) continue;
    const k = region[start];
    parts[k]++;
    seen[start] = 1;
    let top = 0;
    stack[top++] = start;
    while (top) {
      const i = stack[--top];
      const r = (i / n) | 0;
      const c = i - r * n;
      if (r > 0 && !seen[i - n] && region[i - n] === k) (seen[i - n] = 1), (stack[top++] = i - n);
      if (r < n - 1 && !seen[i + n] && region[i + n] === k) (seen[i + n] = 1), (stack[top++] = i + n);
      if (c > 0 && !seen[i - 1] && region[i - 1] === k) (seen[i - 1] = 1), (stack[top++] = i - 1);
      if (c < n - 1 && !seen[i + 1] && region[i + 1] === k) (seen[i + 1] = 1), (stack[top++] = i + 1);
    }
  }
  return parts;
}

function puzzleWarnings(p) {
  if (p.regions === null) return [];
  return regionParts(p)
    .map((parts, k) => (parts > 1 ? `region ${label(p, k)} is split into ${parts} disconnected parts` : null))
    .filter((w) => w !== null);
}

// ------------------------------------------------------------------------ the logic engine

const RULE_NAMES = ["queen-eliminates", "single-candidate", "confinement", "pigeonhole", "would-empty-unit", "two-by-two", "probe"];
const PROBE_ID = 6;
const [RULE, DEPTH, CELL, STARS, ASSUMED, CANDIDATES, TRIED, PLACED, CROSSED, UNITS, LINES, FORCED, BLOCKS] = Array.from({ length: 13 }, (_, i) => i);
const ENGINE_STATUS = { 1: "solved", 2: "stuck", 3: "contradiction", 4: "timed-out" };
const LOGIC_DEPTH = 2;
const LOGIC_TIME_LIMIT = 10.0;
const STEP_WEIGHT = [0, 0, 0.5, 2.0, 1.0, 8.0];
const SCORE_BANDS = [["Trivial", 0.0], ["Easy", 0.1], ["Medium", 15.0], ["Hard", 40.0], ["Expert", 500.0]];
const RANK = { "queen-eliminates": 0, "single-candidate": 1, confinement: 2, pigeonhole: 3, "would-empty-unit": 4, "two-by-two": 5 };

function unitOf(n, u) {
  return u < n ? { kind: "row", index: u } : u < 2 * n ? { kind: "column", index: u - n } : { kind: "region", index: u - 2 * n };
}

function decodeSteps(heads, data, n) {
  const steps = [];
  let at = 0;
  const cell = (i) => [Math.floor(i / n), i % n];
  for (let s = 0; s < heads.length; s += 13) {
    const h = heads.subarray(s, s + 13);
    const lists = [];
    for (let f = PLACED; f <= BLOCKS; f++) {
      lists.push(Array.from(data.subarray(at, at + h[f])));
      at += h[f];
    }
    const [placed, crossed, units, lines, forced, blocks] = lists;
    steps.push({
      rule: RULE_NAMES[h[RULE]],
      placed: placed.map(cell),
      crossed: crossed.map(cell),
      units: units.map((u) => unitOf(n, u)),
      lines: lines.map((u) => unitOf(n, u)),
      cell: h[CELL] >= 0 ? cell(h[CELL]) : null,
      depth: h[DEPTH],
      forced: forced.map(cell),
      stars: h[STARS],
      blocks: blocks.map(cell),
      assumed: ["", "star", "cross"][h[ASSUMED]],
    });
  }
  return steps;
}

/** Python's round(x, 1): half to even on the exact binary value. */
function round1(x) {
  if (Number.isInteger(x * 4) && !Number.isInteger(x * 2)) {
    const t = x * 10;
    const lo = Math.floor(t);
    return (lo % 2 === 0 ? lo : lo + 1) / 10;
  }
  return Number(x.toFixed(1));
}

function scoreOf(heads, n) {
  let total = 0;
  for (let s = 0; s < heads.length; s += 13) {
    const id = heads[s + RULE];
    if (id <= 1) continue;
    const openness = heads[s + CANDIDATES] / n;
    if (id === PROBE_ID) {
      const deep = Math.pow(heads[s + DEPTH], 2);
      total += deep * openness * (4.0 + 6.0 * Math.log2(1 + heads[s + TRIED]));
    } else {
      total += STEP_WEIGHT[id] * openness;
    }
  }
  return round1(total);
}

function gradeOfScore(score) {
  let grade = SCORE_BANDS[0][0];
  for (const [name, low] of SCORE_BANDS) if (score >= low) grade = name;
  return grade;
}

function probeDepth(technique) {
  return technique.startsWith("probe-") ? Number(technique.slice(6)) : 0;
}

function rank(technique) {
  return technique.startsWith("probe-") ? 6 + probeDepth(technique) - 1 : RANK[technique];
}

function techniqueName(code) {
  return code < PROBE_ID ? RULE_NAMES[code] : `probe-${code - PROBE_ID + 1}`;
}

function logicTakes(c, p) {
  const cap = p.stars === 1 ? c.limits.logicN : c.limits.logicStarN;
  if (p.n > cap || (p.stars > 1 && p.stars > c.limits.logicK)) throw new BackendError(`the logic engine takes boards up to n = ${cap}; this one has n = ${p.n}`);
}

function runLogic(c, p, maxDepth, timeLimit) {
  const started = now();
  logicTakes(c, p);
  const e = c.engine(p, maxDepth);
  try {
    const code = e.run(-1, timeLimit ?? 0);
    if (code === 6) throw new BackendError("out of memory");
    const st = e.state(0);
    const n = p.n;
    const counts = {};
    for (const [tech, count] of st.counts) counts[techniqueName(tech)] = count;
    const status = ENGINE_STATUS[st.status] ?? "stuck";
    let solution = null;
    if (status === "solved") {
      solution = [];
      st.queens.forEach((word, w) => {
        for (let b = 0; b < 64; b++) if ((word >> BigInt(b)) & 1n) solution.push((w * 64 + b) % n);
      });
    }
    return {
      status,
      heads: st.heads,
      data: st.data,
      n,
      stars: p.stars,
      maxDepth,
      counts,
      solution,
      stepCount: st.nsteps,
      score: scoreOf(st.heads, n),
      contradiction: st.deadEnd ? [st.deadEnd[0].map((u) => unitOf(n, u)), st.deadEnd[1].map((u) => unitOf(n, u))] : null,
      elapsed: now() - started,
    };
  } finally {
    e.free();
  }
}

function hardestOf(counts) {
  const used = Object.keys(counts).filter((t) => counts[t]);
  if (!used.length) return null;
  return used.reduce((best, t) => (rank(t) > rank(best) ? t : best));
}

function logicDict(res, withSteps = false, p = null) {
  const solved = res.status === "solved";
  const hardest = hardestOf(res.counts);
  const out = {
    status: res.status,
    solved,
    grade: solved ? gradeOfScore(res.score) : null,
    hardest,
    hardest_count: hardest ? res.counts[hardest] || 0 : 0,
    score: res.score,
    max_depth: Math.max(0, ...Object.keys(res.counts).map(probeDepth)),
    depth_limit: res.maxDepth,
    step_count: res.stepCount,
    counts: { ...res.counts },
    elapsed: round6(res.elapsed),
    solution: solved ? solutionJson(res.solution, res.stars) : null,
  };
  if (res.contradiction !== null) {
    out.contradiction = { units: res.contradiction[0], lines: res.contradiction[1] };
  }
  if (withSteps) out.steps = decodeSteps(res.heads, res.data, res.n).map((s) => stepDict(s, p));
  return out;
}

function stepDict(step, p) {
  const out = {
    rule: step.rule,
    technique: step.rule === "probe" ? `probe-${step.depth}` : step.rule,
    depth: step.depth,
    placed: step.placed,
    crossed: step.crossed,
    units: step.units,
    lines: step.lines,
    cell: step.cell,
    forced: step.forced,
  };
  if (step.assumed) out.assumed = step.assumed;
  if (step.stars) out.stars = step.stars;
  if (step.blocks.length) out.blocks = step.blocks;
  if (p !== null) out.text = describe(step, p);
  return out;
}

// -------------------------------------------------------------------- steps in words

const MAX_LISTED = 8;
const PLURAL = { row: "rows", column: "columns", region: "regions" };

function unitName(p, u) {
  return `${u.kind} ${u.kind === "region" ? label(p, u.index) : u.index + 1}`;
}

function joinAnd(items, joiner = "and") {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${joiner} ${items[items.length - 1]}`;
}

function unitsPhrase(p, units) {
  if (!units.length) return "no unit";
  const kinds = new Set(units.map((u) => u.kind));
  if (units.length === 1 || kinds.size > 1) return joinAnd(units.map((u) => unitName(p, u)));
  const kind = units[0].kind;
  return `${PLURAL[kind]} ${joinAnd(units.map((u) => (kind === "region" ? label(p, u.index) : String(u.index + 1))))}`;
}

function cellText(cell) {
  return cellName(cell[0], cell[1]);
}

/** A cell as people name it: r3c5, rows and columns from 1 (JSON keeps its 0-based pairs). */
function cellName(row, column) {
  return `r${row + 1}c${column + 1}`;
}

function cellsPhrase(cells, joiner = "and") {
  const names = [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(cellText);
  if (names.length > MAX_LISTED) return `${names.slice(0, MAX_LISTED).join(", ")} and ${names.length - MAX_LISTED} more`;
  return joinAnd(names, joiner);
}

function crossedText(cells) {
  return `${cellsPhrase(cells)} ${cells.length === 1 ? "is" : "are"} crossed out`;
}

function theyCrossed(cells) {
  return cells.length === 1 ? "it is crossed out" : `${cells.length === 2 ? "both" : "they"} are crossed out`;
}

/** One step as the Python engine words it (rows and columns counted from 1). */
function describe(step, p) {
  if (p.stars > 1) return describeStars(step, p);
  switch (step.rule) {
    case "queen-eliminates": {
      const around = p.rule === "queens" ? "its diagonals" : "its neighbours";
      return `the queen at ${cellText(step.cell)} rules out the rest of ${unitsPhrase(p, step.units)}, and ${around}: ${crossedText(step.crossed)}`;
    }
    case "single-candidate":
      return `${unitName(p, step.units[0])}: only ${cellText(step.placed[0])} is left, so a queen goes there`;
    case "confinement":
    case "pigeonhole": {
      const inside = unitsPhrase(p, step.units);
      const around = unitsPhrase(p, step.lines);
      const k = step.units.length;
      const reason =
        k === 1
          ? `${inside}: all its cells left are in ${around}, so ${around} gets ${inside}'s queen`
          : `${inside}: all their cells left are in ${around}, so ${around} hold their ${k} queens`;
      return `${reason}; the other cells of ${around}: ${crossedText(step.crossed)}`;
    }
    case "would-empty-unit":
      return `a queen at ${cellsPhrase(step.crossed, "or")} would leave ${unitName(p, step.units[0])} with no cell, so ${theyCrossed(step.crossed)}`;
    case "probe": {
      const chain = step.forced.length ? `queens would follow at ${cellsPhrase(step.forced)}, and ` : "";
      const deeper = step.depth > 1 ? ` (using probes of depth ${step.depth - 1} inside)` : "";
      const deadEnd = contradictionPhrase(p, step.units, step.lines, true);
      const at = cellText(step.cell);
      if (step.assumed === "cross") return `if ${at} held no queen, ${chain}${deadEnd}${deeper}; so the queen goes on ${at} (probe, depth ${step.depth})`;
      return `if ${at} held a queen, ${chain}${deadEnd}${deeper}; so ${at} is crossed out (probe, depth ${step.depth})`;
    }
    default:
      throw new QueensSatError(`unknown rule ${step.rule}`);
  }
}

function contradictionPhrase(p, units, lines, hypothetical = false) {
  if (p.stars > 1) return contradictionStars(p, units, lines, hypothetical);
  const would = hypothetical ? "would " : "";
  if (!units.length) return `a queen and a crossed-out cell ${would}collide`;
  if (!lines.length && units.length === 1) return `${unitName(p, units[0])} ${would}${hypothetical ? "have" : "has"} no cell left`;
  const have = hypothetical || units.length > 1 ? "have" : "has";
  return `${unitsPhrase(p, units)} ${would}${have} only ${lines.length ? unitsPhrase(p, lines) : "no line"} for their ${units.length} queens`;
}

function starsText(count) {
  return `${count} star${count === 1 ? "" : "s"}`;
}

function needText(units, count) {
  return units.length === 1 ? `needs ${count} more star${count === 1 ? "" : "s"}` : `need ${starsText(count)}`;
}

function describeStars(step, p) {
  const k = p.stars;
  switch (step.rule) {
    case "queen-eliminates": {
      let full = "";
      if (step.units.length) full = `, and the rest of ${unitsPhrase(p, step.units)}, which ${step.units.length === 1 ? "has" : "have"} ${starsText(k)}`;
      return `the star at ${cellText(step.cell)} rules out its neighbours${full}: ${crossedText(step.crossed)}`;
    }
    case "single-candidate": {
      const unit = unitName(p, step.units[0]);
      if (step.placed.length === 1) return `${unit} needs 1 more star and only ${cellText(step.placed[0])} is left, so a star goes there`;
      return `${unit} needs ${step.stars} more stars and has exactly ${step.placed.length} cells left, so stars go on ${cellsPhrase(step.placed)}`;
    }
    case "confinement":
    case "pigeonhole": {
      const inside = unitsPhrase(p, step.units);
      const around = unitsPhrase(p, step.lines);
      const one = step.units.length === 1;
      return (
        `${inside}: all ${one ? "its" : "their"} cells left are in ${around}; ${one ? "it" : "they"} ` +
        `${needText(step.units, step.stars)}, as many as ${around} still ${step.lines.length === 1 ? "needs" : "need"}, ` +
        `so the other cells of ${around} get no star: ${crossedText(step.crossed)}`
      );
    }
    case "would-empty-unit":
      return (
        `a star at ${cellsPhrase(step.crossed, "or")} would leave ${unitName(p, step.units[0])} too few cells for the ` +
        `${starsText(step.stars)} it needs (no two touching), so ${theyCrossed(step.crossed)}`
      );
    case "two-by-two": {
      const group = unitsPhrase(p, step.units);
      const blocks = step.blocks.map((c) => `${cellText(c)}-${cellText([c[0] + 1, c[1] + 1])}`).join(", ");
      const said = [];
      if (step.placed.length) said.push(`a block with one cell left gets its star: ${cellsPhrase(step.placed)}`);
      if (step.crossed.length) said.push(`cells touching all of a block's cells: ${crossedText(step.crossed)}`);
      return (
        `${group} ${needText(step.units, step.stars)} and ${step.units.length === 1 ? "its" : "their"} cells left fit ` +
        `in ${step.blocks.length} 2x2 blocks (${blocks}), which hold one star at most: so one star in each; ` +
        said.join("; ")
      );
    }
    case "probe": {
      const chain = step.forced.length ? `stars would follow at ${cellsPhrase(step.forced)}, and ` : "";
      const deeper = step.depth > 1 ? ` (using probes of depth ${step.depth - 1} inside)` : "";
      const deadEnd = contradictionStars(p, step.units, step.lines, true);
      const at = cellText(step.cell);
      if (step.assumed === "cross") return `if ${at} held no star, ${chain}${deadEnd}${deeper}; so a star goes on ${at} (probe, depth ${step.depth})`;
      return `if ${at} held a star, ${chain}${deadEnd}${deeper}; so ${at} is crossed out (probe, depth ${step.depth})`;
    }
    default:
      throw new QueensSatError(`unknown rule ${step.rule}`);
  }
}

function contradictionStars(p, units, lines, hypothetical = false) {
  const would = hypothetical ? "would " : "";
  if (!units.length) return `a star and a crossed-out cell ${would}collide`;
  const several = units.length > 1;
  if (!lines.length) {
    return `${unitsPhrase(p, units)} ${would}${hypothetical || several ? "have" : "has"} too few cells left for ${several ? "their" : "its"} stars`;
  }
  return `${unitsPhrase(p, units)} ${would}${hypothetical || several ? "need" : "needs"} more stars than ${unitsPhrase(p, lines)}, which hold all ${several ? "their" : "its"} cells, can take`;
}

/** Python's format(x, "g") for a score. */
function formatG(x) {
  if (x === 0) return "0";
  const exp = Math.floor(Math.log10(Math.abs(x)));
  if (exp < -4 || exp >= 6) {
    const [mant, e] = x.toExponential(5).split("e");
    const m = mant.includes(".") ? mant.replace(/0+$/, "").replace(/\.$/, "") : mant;
    const ev = Number(e);
    return `${m}e${ev < 0 ? "-" : "+"}${String(Math.abs(ev)).padStart(2, "0")}`;
  }
  return String(Number(x.toPrecision(6)));
}

function summary(res, d, p) {
  if (d.solved) {
    if (d.hardest === null) return "solved by the givens alone; grade Trivial";
    const times = d.hardest_count === 1 ? "once" : `${d.hardest_count} times`;
    return `solved by logic in ${d.step_count} steps; grade ${d.grade}, score ${formatG(d.score)} (hardest rule: ${d.hardest}, needed ${times}; deepest probe ${d.max_depth})`;
  }
  if (d.status === "contradiction") return `no solution: ${contradictionPhrase(p, ...res.contradiction)}`;
  if (d.status === "timed-out") return `not solved: the time limit stopped the engine after ${d.step_count} steps`;
  return `not solved by logic with probes up to depth ${d.depth_limit} (${d.step_count} steps made)`;
}

// ------------------------------------------------------------------------------ the API

function head(record) {
  return { source: record.source, line: record.line, id: record.id };
}

function invalid(record) {
  return { ...head(record), status: "invalid", error: record.error.message };
}

function depthOf(options) {
  const d = options.maxDepth ?? LOGIC_DEPTH;
  if (!Number.isInteger(d) || d < 0) throw new QueensSatError(`maxDepth must be a whole number from 0, got ${d}`);
  return d;
}

/**
 * `queens-sat check --json`: is the puzzle well formed and unique, and how hard is it by logic?
 * Options: source, line (the record's place, as the CLI reports it), timeLimit (seconds),
 * maxDepth (probe depth of the logic verdict, default 2), logic: false to skip the grade.
 */
export async function check(puzzle, options = {}) {
  const c = await init();
  const record = readRecord(puzzle, options);
  if (record.error) return { ...head(record), status: "invalid", logic: null, warnings: [], error: record.error.message };
  const p = record.puzzle;
  let found;
  try {
    found = runSearch(c, p, 2, 2, options.timeLimit);
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    return checkAnswer(record, p, { status: "invalid", logic: null, warnings: [], error: err.message });
  }
  const status = statusOf(found.count, found.complete);
  let logic = null;
  if (options.logic !== false && status === "unique") {
    const limit = options.timeLimit ?? LOGIC_TIME_LIMIT;
    logic = logicDict(runLogic(c, p, depthOf(options), limit));
  }
  return checkAnswer(record, p, {
    status,
    count: found.count,
    complete: found.complete,
    timed_out: found.timed_out,
    solutions: p.stars > 1 ? found.solutions.map((s) => solutionJson(s, p.stars)) : found.solutions,
    elapsed: round6(found.elapsed),
    backend: "wasm",
    stats: { nodes: found.nodes },
    logic,
    warnings: puzzleWarnings(p),
    error: null,
  });
}

/** check()'s answer in the CLI's order of fields, made in one literal (no object grown key by key). */
function checkAnswer(record, p, rest) {
  const { source, line, id } = record;
  if (p.stars > 1) return { source, line, id, n: p.n, rule: p.rule, stars: p.stars, ...rest };
  return { source, line, id, n: p.n, rule: p.rule, ...rest };
}

/** `queens-sat solve --json`: one solution (or why there is none). */
export async function solve(puzzle, options = {}) {
  const c = await init();
  const record = readRecord(puzzle, options);
  if (record.error) return invalid(record);
  const p = record.puzzle;
  let found;
  try {
    found = runSearch(c, p, 1, 1, options.timeLimit);
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    return { ...head(record), status: "invalid", error: err.message };
  }
  const solution = found.solutions[0] ?? null;
  const status = solution ? "solved" : found.complete ? "none" : "unknown";
  return { ...head(record), status, solution: solution ? solutionJson(solution, p.stars) : null, elapsed: round6(found.elapsed), backend: "wasm" };
}

/** `queens-sat count --json`: the number of solutions, exact or (with `limit`) at least. */
export async function count(puzzle, options = {}) {
  const c = await init();
  const record = readRecord(puzzle, options);
  if (record.error) return invalid(record);
  const p = record.puzzle;
  const limit = options.limit ?? 0;
  if (!Number.isInteger(limit) || limit < 0) throw new QueensSatError(`limit must be a whole number from 1, got ${limit}`);
  let found;
  try {
    found = runSearch(c, p, limit, 0, options.timeLimit);
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    return { ...head(record), status: "invalid", error: err.message };
  }
  return { ...head(record), count: found.count, exact: found.complete, timed_out: found.timed_out, elapsed: round6(found.elapsed), backend: "wasm" };
}

/** `queens-sat explain --json`: the logic engine's verdict, grade, score and every step in words. */
export async function logic(puzzle, options = {}) {
  const c = await init();
  const record = readRecord(puzzle, options);
  if (record.error) return invalid(record);
  const p = record.puzzle;
  let res;
  try {
    res = runLogic(c, p, depthOf(options), options.timeLimit);
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    return { ...head(record), status: "invalid", error: err.message };
  }
  const out = { ...head(record), n: p.n, rule: p.rule };
  if (p.stars > 1) out.stars = p.stars;
  const d = logicDict(res);
  Object.assign(out, d);
  out.summary = summary(res, d, p);
  out.steps = decodeSteps(res.heads, res.data, p.n).map((s) => stepDict(s, p));
  return out;
}

/**
 * `queens-sat hint --json`: the next step of reasoning from a partly played board. `position`
 * ({queens, blocked}: the player's queens and crossed-out cells, [row, column] from 0) is added
 * to the puzzle's givens. Throws PuzzleError for a malformed puzzle or position, as the CLI
 * exits with an error.
 */
export async function hint(puzzle, position = null, options = {}) {
  const c = await init();
  let input = puzzle;
  if (position !== null && position !== undefined) {
    const base = typeof puzzle === "string" ? JSON.parse(JSON.stringify(puzzleObject(parsePuzzle(puzzle)))) : { ...puzzle };
    const givens = { ...(base.givens ?? {}) };
    givens.queens = [...(givens.queens ?? []), ...(position.queens ?? [])];
    givens.blocked = [...(givens.blocked ?? []), ...(position.blocked ?? [])];
    base.givens = givens;
    input = base;
  }
  const p = parsePuzzle(input, options);
  const maxDepth = depthOf(options);
  const verdict = runSearch(c, p, 2, 0, options.timeLimit);
  const check = statusOf(verdict.count, verdict.complete);
  const e = c.engine(p, maxDepth);
  const queens = new Set(p.queens.map(([r, cc]) => r * p.n + cc));
  const implied = [];
  let found = null;
  let status = null;
  try {
    let read = 0;
    const started = now();
    for (;;) {
      const left = options.timeLimit ? Math.max(options.timeLimit - (now() - started), 1e-12) : 0;
      const code = e.run(1, left);
      const st = e.state(read);
      const made = decodeSteps(st.heads, st.data, p.n);
      read += made.length;
      if (code !== 0) status = ENGINE_STATUS[code] ?? "stuck";
      const step = made[0];
      if (!step) break;
      if (step.rule === "queen-eliminates" && queens.has(step.cell[0] * p.n + step.cell[1])) {
        implied.push(step);
        if (code !== 0) break;
        continue;
      }
      found = step;
      break;
    }
    if (status === null && found === null) status = "stuck";
  } finally {
    e.free();
  }
  let outStatus = found !== null ? "hint" : status ?? "stuck";
  if (check === "none") outStatus = "none";
  const impliedCells = implied.flatMap((s) => s.crossed).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return {
    source: options.source ?? null,
    status: outStatus,
    position: check,
    implied: impliedCells,
    step: outStatus === "hint" ? stepDict(found, p) : null,
  };
}

function loaded() {
  if (core === null) throw new BackendError("the module is not loaded yet: await init() first");
  return core;
}

/**
 * The search alone, for callers that count microseconds (benchmarks, generators): a puzzle from
 * parsePuzzle, after `await init()`, searched to `limit` solutions (default 2: a uniqueness
 * check); {count, complete, timedOut, nodes, solutions}, no JSON answer around it.
 */
export function searchParsed(puzzle, { limit = 2, keep = 0, timeLimit = 0 } = {}) {
  const found = runSearch(loaded(), puzzle, limit, keep, timeLimit);
  return { count: found.count, complete: found.complete, timedOut: found.timed_out, nodes: found.nodes, solutions: found.solutions };
}

/** The logic engine alone (after `await init()`): {status, grade, score, steps} of a parsed puzzle. */
export function gradeParsed(puzzle, { maxDepth = LOGIC_DEPTH, timeLimit = 0 } = {}) {
  const c = loaded();
  logicTakes(c, puzzle);
  const e = c.engine(puzzle, maxDepth);
  try {
    if (e.run(-1, timeLimit) === 6) throw new BackendError("out of memory");
    const { status: code, nsteps, heads } = e.light();
    const status = ENGINE_STATUS[code] ?? "stuck";
    const score = scoreOf(heads, puzzle.n);
    return { status, grade: status === "solved" ? gradeOfScore(score) : null, score, steps: nsteps };
  } finally {
    e.free();
  }
}

/** A checked puzzle as the JSON object the CLI reads (region letters, givens when there are any). */
export function puzzleObject(p) {
  const out = { n: p.n, rule: p.rule };
  if (p.stars > 1) out.stars = p.stars;
  if (p.regions !== null) out.regions = p.regions.map((row) => row.map((k) => label(p, k)).join(""));
  if (p.queens.length || p.blocked.length) {
    out.givens = {};
    if (p.queens.length) out.givens.queens = p.queens;
    if (p.blocked.length) out.givens.blocked = p.blocked;
  }
  return out;
}

export { RULE_NAMES, PUZZLE_KEYS };
