// Lock-step co-process client for bench/coprocess.py: one candidate line out, wait for its answer, repeat.
// Usage: node bench/coprocess_client.js CANDIDATES.jsonl COMMAND [ARGS...]; prints {"candidates", "seconds", "statuses"}.
const fs = require("fs");
const { spawn } = require("child_process");
const readline = require("readline");

const [file, command, ...args] = process.argv.slice(2);
const lines = fs.readFileSync(file, "utf8").split("\n").filter((line) => line.trim());
const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
const answers = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();

(async () => {
  const statuses = {};
  const start = process.hrtime.bigint();
  for (const line of lines) {
    child.stdin.write(line + "\n");
    const { value, done } = await answers.next();
    if (done) throw new Error("the co-process ended before answering");
    const status = JSON.parse(value).status ?? "counted";
    statuses[status] = (statuses[status] || 0) + 1;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  child.stdin.end();
  await new Promise((resolve) => child.on("close", resolve));
  console.log(JSON.stringify({ candidates: lines.length, seconds, statuses }));
})();
