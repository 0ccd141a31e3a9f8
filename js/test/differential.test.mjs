// The module against the Python CLI, field for field (timings aside, "wasm" for "native"):
// check, solve, count and explain (every step's sentence) on both shared corpora and on random
// boards (k = 1 and 2, both rules, givens, some of them clashing), and hint on the positions of
// the Python engine's hint tests and on positions played along the corpus's logic solves.
// QUEENS_SAT_JS_RANDOM sets how many random boards (default 300; the target run: 10000).
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";

import { check, count, hint, logic, solve } from "../index.js";
import { CORPUS, ROOT, comparable, hintOracle, pythonCli, random, randomBoard, runCli } from "./helpers.mjs";

const cli = pythonCli();
const skip = cli === null ? "the Python CLI (queens-sat, or $QUEENS_SAT_CLI) is not installed" : false;
const RANDOM = Number(process.env.QUEENS_SAT_JS_RANDOM || 300);
const work = mkdtempSync(join(tmpdir(), "qs-js-"));
after(() => rmSync(work, { recursive: true, force: true }));

const COMMANDS = [
  ["check", check],
  ["solve", solve],
  ["count", count],
  ["explain", logic],
];

function records(file) {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((text, i) => ({ text, line: i + 1 }))
    .filter(({ text }) => text.trim());
}

async function compareFile(t, file, source) {
  const lines = records(file);
  for (const [command, call] of COMMANDS) {
    const expected = runCli(cli, command, source);
    assert.equal(expected.length, lines.length, `${command}: one answer a record`);
    let differ = 0;
    for (let i = 0; i < lines.length; i++) {
      const got = await call(JSON.parse(lines[i].text), { source, line: lines[i].line });
      const want = comparable(expected[i], expected[i].status === "invalid" ? undefined : "native");
      const have = comparable(got, got.status === "invalid" ? undefined : "wasm");
      try {
        assert.deepStrictEqual(have, want);
      } catch (err) {
        differ++;
        if (differ <= 3) t.diagnostic(`${command} ${source}:${lines[i].line}: ${err.message.slice(0, 2000)}`);
      }
    }
    assert.equal(differ, 0, `${command}: ${differ} of ${lines.length} records disagree`);
  }
  return lines.length;
}

describe("the module agrees with the Python CLI", { skip }, () => {
  for (const name of ["community", "generated"]) {
    const file = join(CORPUS, `${name}.jsonl`);
    test(`on the shared corpus ${name}.jsonl`, { skip: existsSync(file) ? false : `no ${file}` }, async (t) => {
      const copy = join(work, `${name}.jsonl`);
      writeFileSync(copy, readFileSync(file));
      t.diagnostic(`${await compareFile(t, copy, copy)} records`);
    });
  }

  test(`on ${RANDOM} random boards (k = 1 and 2, both rules, givens)`, async (t) => {
    const rand = random(Number(process.env.QUEENS_SAT_JS_SEED || 37));
    const file = join(work, "random.jsonl");
    writeFileSync(file, Array.from({ length: RANDOM }, (_, i) => JSON.stringify(randomBoard(rand, i))).join("\n") + "\n");
    t.diagnostic(`${await compareFile(t, file, file)} records`);
  });

  test("hint on the positions of the Python engine's tests and on positions along logic solves", async (t) => {
    const oracle = hintOracle(cli);
    try {
      const positions = records(join(ROOT, "js", "test", "fixtures", "hint-positions.jsonl")).map(({ text }) => JSON.parse(text));
      // every one also through the command itself, to hold the co-process to the CLI's word
      for (const position of positions) {
        const file = join(work, "position.json");
        const { max_depth: depth, ...puzzle } = position;
        writeFileSync(file, JSON.stringify(puzzle));
        const [viaCli] = runCli(cli, "hint", file, ["--max-depth", String(depth)]);
        assert.deepStrictEqual(await oracle.ask({ source: file, puzzle, max_depth: depth }), viaCli);
        assert.deepStrictEqual(await hint(puzzle, null, { source: file, maxDepth: depth }), viaCli, position.id);
      }
      // positions played along the logic solves of corpus puzzles: a prefix of the steps made
      // by the player (queens, some crosses), and now and then a wrong queen
      const rand = random(11);
      const have = (name) => (existsSync(join(CORPUS, name)) ? records(join(CORPUS, name)) : []);
      const corpus = have("generated.jsonl").filter((_, i) => i % 6 === 0);
      const stars = have("community.jsonl").filter(({ text }) => text.includes('"stars"')).slice(0, 40);
      const rand2 = random(5); // random boards too, so that the test plays positions without the corpora
      const boards = Array.from({ length: 120 }, (_, i) => ({ text: JSON.stringify(randomBoard(rand2, i)) }));
      let asked = 0;
      for (const { text } of [...corpus, ...stars, ...boards]) {
        const puzzle = JSON.parse(text);
        const solved = await logic(puzzle);
        if (solved.status === "invalid" || !solved.steps.length) continue;
        const upTo = Math.floor(rand() * solved.steps.length);
        const queens = [];
        const blocked = [];
        for (const step of solved.steps.slice(0, upTo)) {
          queens.push(...step.placed);
          for (const cell of step.crossed) if (rand() < 0.5) blocked.push(cell);
        }
        if (rand() < 0.15) queens.push([Math.floor(rand() * puzzle.n), Math.floor(rand() * puzzle.n)]);
        const position = { queens, blocked };
        const own = puzzle.givens ?? {};  // hint() adds the position to the puzzle's own givens
        const played = { ...puzzle, givens: { queens: [...(own.queens ?? []), ...queens], blocked: [...(own.blocked ?? []), ...blocked] } };
        const want = await oracle.ask({ source: null, puzzle: played, max_depth: 2 });
        let got;
        try {
          got = await hint(puzzle, position);
        } catch (err) {
          got = { error: err.message };
        }
        assert.deepStrictEqual(got, want, `${puzzle.id} after ${upTo} steps`);
        asked++;
      }
      t.diagnostic(`${positions.length} test positions, ${asked} played positions`);
    } finally {
      oracle.close();
    }
  });
});
