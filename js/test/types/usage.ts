// Compiled by `tsc -p tsconfig.json` (npm run types): the declarations as a caller uses them.
import { check, count, hint, logic, parsePuzzle, PuzzleError, solve } from "../../index.js";

async function main(): Promise<void> {
  const puzzle = { n: 8, rule: "no-touch" as const, regions: ["CBBBBBAA", "CCBBBBDD", "CCCBBBDD", "CECCGBBD", "EEEEGGDD", "FEEEGGDD", "HHEGGGGD", "HHGGGGGD"] };
  const verdict = await check(puzzle, { maxDepth: 2 });
  const grade: string | null | undefined = verdict.logic?.grade;
  const counted = await count(puzzle, { limit: 2 });
  if ("count" in counted) console.log(counted.count + 1);
  const solved = await solve("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou");
  console.log(solved.status, grade);
  const explained = await logic(puzzle);
  if ("steps" in explained) console.log(explained.steps.map((s) => s.text).join("\n"), explained.score.toFixed(1));
  const next = await hint(puzzle, { queens: [[5, 0]] });
  console.log(next.step?.text ?? next.status);
  try {
    parsePuzzle({ regions: ["AB", "B"] });
  } catch (err) {
    if (err instanceof PuzzleError) console.log(err.row, err.column, err.reason);
  }
}

void main();
