// Lock-step co-process client for bench/coprocess.py: one candidate line out, wait for its answer, repeat.
// Usage: node bench/coprocess_client.js CANDIDATES.jsonl COMMAND [ARGS...]; prints {"candidates", "seconds", "statuses"}
// ("seconds" from the first answer to the last: the co-process's start-up is not counted).
const fs = require("fs");
const { spawn } = require("child_process");

const [file, command, ...args] = process.argv.slice(2);
const lines = fs.readFileSync(file, "utf8").split("\n").filter((line) => line.trim());
const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });

// Answers split into lines by hand: plain 'data' events cost less per line than readline's async iterator.
let pending = "";
let waiting = null;
const ready = [];
child.stdout.setEncoding("utf8");
child.stdout.on("data", (chunk) => {
  pending += chunk;
  let end;
  while ((end = pending.indexOf("\n")) >= 0) {
    const line = pending.slice(0, end);
    pending = pending.slice(end + 1);
    if (waiting) [waiting, waiting = null][0](line);
    else ready.push(line);
  }
});
child.stdout.on("end", () => waiting && waiting(null));
const nextAnswer = () => (ready.length ? Promise.resolve(ready.shift()) : new Promise((resolve) => (waiting = resolve)));

(async () => {
  const statuses = {};
  let start = process.hrtime.bigint();
  for (const [i, line] of lines.entries()) {
    if (i === 1) start = process.hrtime.bigint(); // timed from the first answer on: start-up is paid once
    child.stdin.write(line + "\n");
    const answer = await nextAnswer();
    if (answer === null) throw new Error("the co-process ended before answering");
    const status = JSON.parse(answer).status ?? "counted";
    statuses[status] = (statuses[status] || 0) + 1;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  child.stdin.end();
  await new Promise((resolve) => child.on("close", resolve));
  console.log(JSON.stringify({ candidates: lines.length, seconds, statuses }));
})();
