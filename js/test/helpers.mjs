// What the tests share: the Python CLI to compare with, random boards, and the fields a
// comparison leaves out (timings; the backend's name: "native" there, "wasm" here).
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
// the shared corpora, where the Python tests look for them (tests/helpers.py): $QUEENS_SAT_CORPUS, else ../shared/corpus
export const CORPUS = process.env.QUEENS_SAT_CORPUS || join(ROOT, "..", "shared", "corpus");

/** The Python CLI: $QUEENS_SAT_CLI, else queens-sat on the PATH; null when there is none. */
export function pythonCli() {
  const candidates = [process.env.QUEENS_SAT_CLI, "queens-sat"].filter(Boolean);
  for (const cli of candidates) {
    try {
      execFileSync(cli, ["--version"], { stdio: "ignore" });
      return cli;
    } catch {
      // not this one
    }
  }
  return null;
}

/** `queens-sat COMMAND FILE --json ARGS...`: one parsed object per line of its output. */
export function runCli(cli, command, file, args = []) {
  let out;
  try {
    out = execFileSync(cli, [command, file, "--json", ...args], { cwd: ROOT, maxBuffer: 1 << 30, encoding: "utf8" });
  } catch (err) {
    out = err.stdout; // exit codes 1-3 carry verdicts, not failures
  }
  return out.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/** The Python beside the CLI (its venv's), for the hint co-process. */
export function pythonOf(cli) {
  const beside = join(dirname(cli), "python");
  return existsSync(beside) ? beside : "python3";
}

/** The hint co-process (hint_oracle.py): ask(obj) resolves to what `hint --json` prints. */
export function hintOracle(cli) {
  const child = spawn(pythonOf(cli), [join(ROOT, "js", "test", "hint_oracle.py")], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async ask(obj) {
      child.stdin.write(JSON.stringify(obj) + "\n");
      return JSON.parse((await lines.next()).value);
    },
    close() {
      child.stdin.end();
    },
  };
}

/** A copy without the timings, with the backend checked and dropped. */
export function comparable(obj, backend) {
  const out = structuredClone(obj);
  delete out.elapsed;
  if (out.logic) delete out.logic.elapsed;
  if ("backend" in out) {
    if (out.backend !== backend) throw new Error(`backend ${out.backend}, expected ${backend}`);
    delete out.backend;
  }
  return out;
}

/** mulberry32: a small seeded generator, so a failing board can be made again. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random placement of k stars a row and a column, none touching (and for k = 1 under the
 * queens rule, none on a diagonal): randomised backtracking, row by row. */
function plant(rand, n, k, rule) {
  const cols = new Array(n).fill(0);
  const rows = [];
  const clash = (r, c, prev) =>
    prev.some((pc) => Math.abs(pc - c) <= 1) || (rule === "queens" && rows.some((row, pr) => row.some((pc) => Math.abs(pc - c) === r - pr)));
  const choose = (r, from, picked) => {
    if (picked.length === k) {
      rows.push(picked);
      if (fill(r + 1)) return true;
      rows.pop();
      return false;
    }
    const order = [...Array(n).keys()].filter((c) => c >= from).sort(() => rand() - 0.5);
    for (const c of order) {
      if (cols[c] >= k || picked.some((pc) => Math.abs(pc - c) <= 1) || (r > 0 && clash(r, c, rows[r - 1]))) continue;
      cols[c]++;
      if (choose(r, 0, [...picked, c].sort((a, b) => a - b))) return true;
      cols[c]--;
    }
    return false;
  };
  let budget = 20000;
  const fill = (r) => {
    if (--budget < 0) return false;
    if (r === n) return true;
    return choose(r, 0, []);
  };
  return fill(0) ? rows : null;
}

/** A random board grown around a planted solution (so most have one, and many several): its
 * n regions grown from the planted stars (k a region), a rule, k stars, and (sometimes) givens,
 * which may clash (then both sides must refuse it with the same message). */
export function randomBoard(rand, index) {
  const stars = index % 3 === 2 ? 2 : 1;
  const n = stars === 2 ? 8 + Math.floor(rand() * 3) : 5 + Math.floor(rand() * 7);
  const rule = stars === 2 ? "no-touch" : rand() < 0.5 ? "no-touch" : "queens";
  const grid = Array.from({ length: n }, () => new Array(n).fill(-1));
  const frontier = [];
  const planted = plant(rand, n, stars, rule);
  const seeds = [];
  if (planted) planted.forEach((cs, r) => cs.forEach((c) => seeds.push([r, c])));
  else while (seeds.length < n) seeds.push([Math.floor(rand() * n), Math.floor(rand() * n)]);
  seeds.sort(() => rand() - 0.5);
  let region = 0;
  for (const [r, c] of seeds) {
    if (grid[r][c] >= 0) continue;
    grid[r][c] = Math.floor(region++ / stars) % n;
    frontier.push([r, c]);
  }
  let left = n * n - frontier.length;
  while (left > 0) {
    const [r, c] = frontier[Math.floor(rand() * frontier.length)];
    const [dr, dc] = [[1, 0], [-1, 0], [0, 1], [0, -1]][Math.floor(rand() * 4)];
    const rr = r + dr;
    const cc = c + dc;
    if (rr < 0 || rr >= n || cc < 0 || cc >= n || grid[rr][cc] >= 0) continue;
    grid[rr][cc] = grid[r][c];
    frontier.push([rr, cc]);
    left--;
  }
  const board = { id: `random-${index}`, n, rule, regions: grid };
  if (stars > 1) board.stars = stars;
  const roll = rand();
  if (roll < 0.5) {
    const cell = () => [Math.floor(rand() * n), Math.floor(rand() * n)];
    const queens = roll < 0.2 && seeds.length ? [seeds[0]] : roll < 0.3 ? [cell()] : roll < 0.35 ? [cell(), cell()] : [];
    const blocked = Array.from({ length: Math.floor(rand() * 4) }, cell);
    board.givens = { queens, blocked };
  }
  return board;
}
