#!/usr/bin/env node
// The WebAssembly module against the native extension and against a plain JavaScript DFS, on the
// same boards in one run: the shared corpora's k = 1 boards of n 7 to 11 (docs/javascript.md,
// bench/wasm-results.md). Per board, each search is repeated until 2 ms have passed and its time
// is the mean of those calls; the figures are medians over the boards, and ratios of medians.
//
//   node bench/wasm_bench.mjs [--corpus DIR] [--python PY] [--dfs-boards K]
//
// The native side runs in bench/wasm_native_times.py (the Python beside: --python, default
// python3 with PYTHONPATH as set). Every search's count must agree across the three, or it stops.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";

import { check, gradeParsed, init, parsePuzzle, searchParsed } from "../js/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const CORPUS = arg("--corpus", process.env.QUEENS_SAT_CORPUS || join(here, "..", "..", "shared", "corpus"));
const PYTHON = arg("--python", "python3");
const DFS_BOARDS = Number(arg("--dfs-boards", "0")); // 0: every board (the DFS takes the longest)
const MIN_MS = 2;

function boards() {
  const out = [];
  for (const name of ["community.jsonl", "generated.jsonl"]) {
    for (const line of readFileSync(join(CORPUS, name), "utf8").split("\n")) {
      if (!line.trim()) continue;
      const b = JSON.parse(line);
      if ((b.stars ?? 1) === 1 && b.n >= 7 && b.n <= 11) out.push({ id: b.id, n: b.n, rule: b.rule, regions: b.regions });
    }
  }
  return out;
}

/** Mean seconds of one call of f, repeated until MIN_MS have passed; and f's last answer. */
function timed(f) {
  let reps = 0;
  let answer;
  const start = performance.now();
  let spent;
  do {
    answer = f();
    reps++;
    spent = performance.now() - start;
  } while (spent < MIN_MS);
  return [spent / 1000 / reps, answer];
}

async function timedAsync(f) {
  let reps = 0;
  let answer;
  const start = performance.now();
  let spent;
  do {
    answer = await f();
    reps++;
    spent = performance.now() - start;
  } while (spent < MIN_MS);
  return [spent / 1000 / reps, answer];
}

/** The straightforward search of the seed pages (the Angular page, the React games' solvers): row
 * by row, a queen in a column and a region not used yet (Sets) that conflicts with no queen placed
 * (each placed one looked at: touching, or under the queens rule sharing a diagonal); it counts
 * solutions up to `limit`, as a uniqueness check must. */
function plainDfs(board, limit = 2) {
  const { n, regions, rule } = board;
  const queens = [];
  const usedCols = new Set();
  const usedRegions = new Set();
  let found = 0;
  const conflicts = (row, col) => {
    for (const [qr, qc] of queens) {
      const dr = Math.abs(qr - row);
      const dc = Math.abs(qc - col);
      if ((dr <= 1 && dc <= 1) || (rule === "queens" && dr === dc)) return true;
    }
    return false;
  };
  const backtrack = (row) => {
    if (row === n) {
      found++;
      return found >= limit;
    }
    for (let col = 0; col < n; col++) {
      if (usedCols.has(col)) continue;
      const region = regions[row][col];
      if (usedRegions.has(region) || conflicts(row, col)) continue;
      queens.push([row, col]);
      usedCols.add(col);
      usedRegions.add(region);
      const stop = backtrack(row + 1);
      queens.pop();
      usedCols.delete(col);
      usedRegions.delete(region);
      if (stop) return true;
    }
    return false;
  };
  backtrack(0);
  return found;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const us = (s) => `${(s * 1e6).toFixed(2)} µs`;

const all = boards();
await init();
const native = JSON.parse(
  execFileSync(PYTHON, [join(here, "wasm_native_times.py")], { input: all.map((b) => JSON.stringify(b)).join("\n") + "\n", maxBuffer: 1 << 26 }).toString(),
);
const rows = { module: [], api: [], grade: [], dfs: [] };
for (let i = 0; i < all.length; i++) {
  const board = all[i];
  const puzzle = parsePuzzle(board);
  const [tModule, found] = timed(() => searchParsed(puzzle));
  if (found.count !== native.counts[i]) throw new Error(`${board.id}: the module counts ${found.count}, the extension ${native.counts[i]}`);
  rows.module.push(tModule);
  const [tApi] = await timedAsync(() => check(board, { logic: false }));
  rows.api.push(tApi);
  const [tGrade] = timed(() => gradeParsed(puzzle));
  rows.grade.push(tGrade);
  if (DFS_BOARDS === 0 || i % Math.max(1, Math.floor(all.length / DFS_BOARDS)) === 0) {
    const [tDfs, count] = timed(() => plainDfs(board));
    if (count !== Math.min(found.count, 2)) throw new Error(`${board.id}: the plain DFS counts ${count}, the module ${found.count}`);
    rows.dfs.push([tDfs, tModule]);
  }
}
const mNative = median(native.seconds);
const mModule = median(rows.module);
const mApi = median(rows.api);
const mGrade = median(rows.grade);
const mDfs = median(rows.dfs.map(([d]) => d));
const mDfsModule = median(rows.dfs.map(([, m]) => m));
const perBoard = (a, b) => median(a.map((x, i) => x / b[i]));
console.log(`| ${all.length} boards (corpora, k = 1, n 7-11), in one run | median a board | against |`);
console.log("|---|---|---|");
console.log(`| native extension, compiled search (limit 2, ${native.variant} variant) | ${us(mNative)} | 1 |`);
console.log(`| wasm module, search (searchParsed, limit 2) | ${us(mModule)} | ${(mModule / mNative).toFixed(2)}x native (per board: ${perBoard(rows.module, native.seconds).toFixed(2)}x) |`);
console.log(`| wasm module, check() with logic off (the whole JSON answer) | ${us(mApi)} | ${(mApi / mNative).toFixed(2)}x native |`);
console.log(`| wasm module, logic grade (gradeParsed, probes to depth 2) | ${us(mGrade)} | ${(mGrade / mModule).toFixed(2)}x the module's search (per board: ${perBoard(rows.grade, rows.module).toFixed(2)}x) |`);
console.log(`| plain JavaScript DFS (${rows.dfs.length} boards) | ${us(mDfs)} | ${(mDfs / mDfsModule).toFixed(0)}x slower than the module on those boards (per board: ${median(rows.dfs.map(([d, m]) => d / m)).toFixed(0)}x) |`);
