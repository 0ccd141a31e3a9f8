// The daily puzzle of `queens-sat serve --db`: the page opens in Play on today's puzzle (or, with
// no library, on a freshly generated one), an archive opens past days, and a finished or
// abandoned play of a daily is posted to /plays: the puzzle's key, the day, the time, solved or
// not, mistakes, hints and the first queens placed; nothing about the player.
// Loaded before page.js, whose functions it calls once the page has started (QS_DAILY.open).
"use strict";

window.QS_DAILY = (() => {
  const FIRST_KEPT = 8;    // the first queens a play keeps
  const FRESH_N = 8;       // the size of the puzzle made when there is no daily
  let current = null;      // the daily being played: { key, day, first, mistakes, hints, posted }
  let wrapped = false;

  async function getJson(path) {
    try {
      const response = await fetch(path);
      return response.ok ? await response.json() : null;
    } catch (err) {
      return null;
    }
  }

  function seconds() {
    return (state.elapsed + (state.started && !state.won ? Date.now() - state.started : 0)) / 1000;
  }

  // a play ends: solved, or left (another puzzle, the page closed); posted once, if it began
  function post(solved) {
    if (!current || current.posted || !state.started) return;
    current.posted = true;
    const body = JSON.stringify({
      key: current.key, day: current.day, seconds: Math.round(seconds() * 10) / 10, solved,
      mistakes: current.mistakes, hints: current.hints, first: current.first,
    });
    if (!solved && navigator.sendBeacon && navigator.sendBeacon("/plays", new Blob([body], { type: "application/json" }))) return;
    fetch("/plays", { method: "POST", headers: { "Content-Type": "application/json" }, body, keepalive: true }).catch(() => {});
  }

  // count what a play is made of by wrapping three of the page's functions (looked up by name)
  function wrap() {
    if (wrapped) return;
    wrapped = true;
    const baseSetMark = window.setMark, baseMessage = window.setMessage, baseApi = window.api, baseBoard = window.setBoard;
    window.setMark = (r, c, mark) => {
      const before = state.marks[r][c];
      baseSetMark(r, c, mark);
      if (current && mark === QUEEN && before !== QUEEN && current.first.length < FIRST_KEPT) current.first.push([r, c]);
    };
    window.setMessage = (text, kind = "") => {
      baseMessage(text, kind);
      if (current && kind === "error" && state.mode === "play" && !state.won) current.mistakes += 1;
      if (current && kind === "solved") post(true);
    };
    window.api = (path, ...rest) => {
      if (current && path === "/hint") current.hints += 1;
      return baseApi(path, ...rest);
    };
    window.setBoard = (...args) => {  // another puzzle: the daily is left
      post(false);
      current = null;
      baseBoard(...args);
    };
    window.addEventListener("pagehide", () => post(false));
  }

  function title(puzzle) {
    const when = new Date(`${puzzle.day}T12:00:00`).toLocaleDateString(undefined, { weekday: "long", day: "numeric", month: "long" });
    return `Daily puzzle, ${when} (${puzzle.n}×${puzzle.n}, ${puzzle.grade || "ungraded"})`;
  }

  async function openDay(day) {
    const puzzle = await getJson(day ? `/daily/${day}` : "/daily");
    if (!puzzle) return false;
    loadPuzzle(puzzle.puzzle);
    setMode("play");
    current = { key: puzzle.key, day: puzzle.day, first: [], mistakes: 0, hints: 0, posted: false };
    document.getElementById("daily-title").textContent = title(puzzle);
    document.getElementById("daily-note").textContent = puzzle.kept;
    setMessage(goalText());
    focusCell(0, 0);
    return true;
  }

  async function fillArchive() {
    const answer = await getJson("/archive");
    if (!answer || !answer.days.length) return;
    const select = document.getElementById("archive");
    select.textContent = "";
    for (const item of answer.days) {
      const option = document.createElement("option");
      option.value = item.day;
      option.textContent = `${item.day}: ${item.n}×${item.n} ${item.grade || ""}`;
      select.appendChild(option);
    }
    select.onchange = () => openDay(select.value);
    document.getElementById("daily").hidden = false;
  }

  async function fresh() {  // no library, or nothing on today: a new puzzle, unique by construction
    setMessage("Making a puzzle to play…");
    try {
      const text = await api("/generate", JSON.stringify({ n: FRESH_N, stars: 1, rule: "no-touch" }), "", true);
      const line = JSON.parse(text.split("\n").find((l) => l.trim()) || "{}");
      if (line.error) throw new Error(friendly(line.error));
      loadPuzzle(line);
      setMode("play");
      setMessage(goalText());
      focusCell(0, 0);
    } catch (err) {
      setBoard(FRESH_N, stripes(FRESH_N));
      setMode("design");
      setMessage(`No puzzle could be made (${errorText(err)}): paint one, or try New puzzle.`, "error");
    }
  }

  // the page's start when its link names no puzzle
  async function open() {
    wrap();
    setMessage("Loading today's puzzle…");
    if (await openDay(null)) {
      fillArchive();
      return;
    }
    await fresh();
  }

  return { open, openDay };
})();
