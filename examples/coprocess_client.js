// Check candidate boards with queens-sat as a co-process: one JSON line in, one verdict out.
const checker = require("child_process").spawn("queens-sat", ["check", "--json", "--no-logic", "-"]);
const verdicts = require("readline").createInterface({ input: checker.stdout })[Symbol.asyncIterator]();
async function check(regions) {
  checker.stdin.write(JSON.stringify({ regions }) + "\n"); // send one candidate...
  return JSON.parse((await verdicts.next()).value).status; // ...and read its verdict before the next
}
(async () => {
  console.log(await check([[0, 0, 1, 1, 1], [0, 0, 0, 2, 3], [0, 4, 0, 2, 3], [0, 2, 2, 2, 2], [0, 2, 2, 2, 2]])); // unique
  console.log(await check([[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]])); // multiple
  checker.stdin.end();
})();
