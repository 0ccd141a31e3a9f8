// The module's own promises: typed errors naming row and column, puzz.link URLs, region-free
// counts, the shape of what each call returns; where the CLI is installed, its words too.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";

import { BackendError, FormatError, PuzzleError, QueensSatError, check, count, hint, logic, parsePuzzle, puzzleObject, solve } from "../index.js";
import { comparable, pythonCli, runCli } from "./helpers.mjs";

const cli = pythonCli();
const noCli = cli === null ? "the Python CLI (queens-sat, or $QUEENS_SAT_CLI) is not installed" : false;
const work = mkdtempSync(join(tmpdir(), "qs-js-api-"));
after(() => rmSync(work, { recursive: true, force: true }));

const UNIQUE_8 = { n: 8, rule: "no-touch", regions: ["CBBBBBAA", "CCBBBBDD", "CCCBBBDD", "CECCGBBD", "EEEEGGDD", "FEEEGGDD", "HHEGGGGD", "HHGGGGGD"] };

// Malformed puzzles: each refused with the CLI's message (row and column from 0, as it says them).
const BAD = [
  { regions: ["AAB", "AB", "CCC"] },
  { regions: [[0, 1], [1, 5]] },
  { regions: ["AAB", "ABB", "CCC"], givens: { queens: [[0, 0], [1, 1]] } },
  { regions: ["AAB", "ABB", "CCC"], givens: { queens: [[0, 0]], blocked: [[0, 0]] } },
  { regions: ["AAB", "ABB", "CCC"], givens: { queens: [[0, 3]] } },
  { regions: ["AAB", "ABB", "CCC"], givens: { queens: [[0, "x"]] } },
  { regions: ["AAB", "ABB", "CCC"], givens: { stars: [] } },
  { regions: ["AAB", "ABB", "CCC"], givens: [] },
  { regions: ["AAB", "ABB", "CCC"], rule: "bishops" },
  { regions: ["AAB", "ABB", "CCC"], rule: 3 },
  { regions: ["AAB", "ABB", "CCC"], n: 4 },
  { regions: [[0, 1, true], [0, 1, 2], [2, 2, 2]] },
  { regions: [[0, 1, " "], [0, 1, 2], [2, 2, 2]] },
  { regions: [[0, 1], [1, 0], [2, 2]] },
  { regions: [] },
  { regions: 5 },
  { rule: "no-touch" },
  { n: 0 },
  { n: -3 },
  { n: 2.5 },
  { regions: ["AABB", "AABB", "CCDD", "CCDD"], stars: 2 },
  { regions: ["AABB", "AABB", "CCDD", "CCDD"], stars: 2, rule: "queens" },
  { regions: ["AABB", "AABB", "CCDD", "CCDD"], stars: 0 },
  { regions: ["AAAABBBB", "AAAABBBB", "CCCCDDDD", "CCCCDDDD", "EEEEFFFF", "EEEEFFFF", "GGGGHHHH", "GGGGHHHH"], stars: 2, givens: { queens: [[0, 0], [1, 1]] } },
  { regions: ["AAAABBBB", "AAAABBBB", "CCCCDDDD", "CCCCDDDD", "EEEEFFFF", "EEEEFFFF", "GGGGHHHH", "GGGGHHHH"], stars: 2, givens: { queens: [[0, 0], [0, 2], [0, 4]] } },
  [1, 2, 3],
  "a string",
];

test("a malformed puzzle raises a typed PuzzleError naming row and column", async () => {
  const err = await hint({ regions: ["AAB", "ABB", "CCC"], givens: { queens: [[0, 0], [1, 1]] } }).catch((e) => e);
  assert.ok(err instanceof PuzzleError && err instanceof QueensSatError);
  assert.equal(err.row, 1);
  assert.equal(err.column, 1);
  assert.equal(err.message, "r2c2: given queens r1c1 and r2c2 touch");
  assert.throws(() => parsePuzzle('{"regions": ['), FormatError);
  assert.throws(() => parsePuzzle("https://puzz.link/p?sudoku/9/9/"), FormatError);
  const invalid = await check({ regions: ["AAB", "AB", "CCC"] }, { source: "x.json" });
  assert.equal(invalid.status, "invalid");
  assert.equal(invalid.error, "x.json: row 2: ragged grid: this row has 2 cells, row 1 has 3");
});

test("every malformed puzzle is refused in the CLI's words", { skip: noCli }, async () => {
  const file = join(work, "bad.jsonl");
  writeFileSync(file, BAD.map((b) => JSON.stringify(b)).join("\n") + "\n");
  for (const [command, call] of [["check", check], ["solve", solve], ["count", count], ["explain", logic]]) {
    const want = runCli(cli, command, file);
    for (let i = 0; i < BAD.length; i++) {
      const text = JSON.stringify(BAD[i]); // as JSON text: a bare string would be read as a puzz.link URL
      assert.deepStrictEqual(await call(text, { source: file, line: i + 1 }), want[i], `${command} ${text}`);
    }
  }
});

test("a puzz.link URL reads as the CLI reads it", { skip: noCli }, async () => {
  const urls = ["https://puzz.link/p?starbattle/10/10/2/20gaicgha5ik595a2463ke3gfj3d5e06b0go", "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"];
  for (const url of urls) {
    const file = join(work, "one.url");
    writeFileSync(file, url + "\n");
    const [want] = runCli(cli, "check", file, ["--format", "puzzlink"]);
    const got = await check(url, { source: file, line: 1 });
    assert.deepStrictEqual(comparable(got, "wasm"), comparable(want, "native"));
  }
  assert.equal(parsePuzzle(urls[0]).stars, 2);
});

test("region-free counts equal the CLI's (the nqueens backend's)", { skip: noCli }, async () => {
  for (const board of [
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].flatMap((n) => [{ n, rule: "queens" }, { n, rule: "no-touch" }]),
    { n: 8, stars: 2 },
    { n: 9, stars: 2 },
  ]) {
    const file = join(work, "free.json");
    writeFileSync(file, JSON.stringify(board));
    const [want] = runCli(cli, "count", file);
    const got = await count(board, { source: file });
    assert.deepStrictEqual([got.count, got.exact], [want.count, want.exact], JSON.stringify(board));
  }
});

test("counts without the CLI: known n-queens numbers and the limit", async () => {
  assert.equal((await count({ n: 8, rule: "queens" })).count, 92);
  assert.equal((await count({ n: 8, rule: "no-touch" })).count, 5242);
  const limited = await count({ n: 8, rule: "queens" }, { limit: 10 });
  assert.deepEqual([limited.count, limited.exact], [10, false]);
});

test("the answers have the CLI's shapes", async () => {
  const checked = await check(UNIQUE_8);
  assert.deepEqual(checked.solutions, [[6, 4, 2, 7, 3, 0, 5, 1]]);
  assert.equal(checked.logic.grade, "Medium");
  const solved = await solve(UNIQUE_8);
  assert.deepEqual(solved.solution, [6, 4, 2, 7, 3, 0, 5, 1]);
  const explained = await logic(UNIQUE_8, { maxDepth: 0 });
  assert.equal(explained.steps[0].text, "region F: only r6c1 is left, so a queen goes there");
  const next = await hint(UNIQUE_8, { queens: [[5, 0]], blocked: [[0, 0]] });
  assert.equal(next.step.text, "region H: only r8c2 is left, so a queen goes there");
  assert.deepEqual(puzzleObject(parsePuzzle(UNIQUE_8)).regions, UNIQUE_8.regions);
});

test("a board past the module's limits is a BackendError, not a crash", async () => {
  const answer = await check({ n: 70, rule: "queens" });
  assert.equal(answer.status, "invalid");
  assert.match(answer.error, /up to n = 64/);
  assert.ok(new BackendError("x") instanceof QueensSatError);
});
