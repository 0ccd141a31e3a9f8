// The page's answers worked out in the browser: checks, verdicts, grades and hints go through
// queens-sat's WebAssembly module (queens-sat.js, window.QueensSat: the C core of the Python
// package, docs/javascript.md), which returns what the server's /check and /hint return.
// page.js asks window.QS_LOCAL(path, body, params, asText) first; undefined sends the request
// to the server. What only the server does (making puzzles to order, reading screenshots, text
// grids, big jobs) goes there, or, on a static site (window.QS_STATIC: `queens-sat site`), is
// refused in words that say so, and "new puzzle" draws from the site's pack (window.QS_PACK).
"use strict";

(function () {
  const Q = window.QueensSat;
  const STATIC = Boolean(window.QS_STATIC);
  if (!Q) return;  // the module is not built: the server answers everything, as before
  const SOURCE = "<request>";  // as the server names the puzzle it was posted, so page.js words errors alike
  let unusable = false;  // the module would not load (an old browser): the server it is, from then on

  function needsServer(what) {
    return new Error(`${what} needs the queens-sat server (queens-sat serve); this page runs without one`);
  }

  function options(params) {
    const query = new URLSearchParams(params.replace(/^\?/, ""));
    const out = { source: SOURCE };
    if (query.has("time_limit")) out.timeLimit = Number(query.get("time_limit"));
    if (query.get("logic") === "false") out.logic = false;
    if (query.has("max_depth")) out.maxDepth = Number(query.get("max_depth"));
    return out;
  }

  async function check(body, params) {
    const report = await Q.check(body, options(params));
    if (report.status === "invalid") throw new Error(report.error);
    return report;
  }

  async function hint(body) {
    return Q.hint(body, null, { source: SOURCE });
  }

  function convert(body, params) {
    const to = new URLSearchParams(params.replace(/^\?/, "")).get("to");
    let puzzle;
    try {
      puzzle = Q.parsePuzzle(body, { source: SOURCE });
    } catch (err) {
      if (/^\s*[[{"]|^\s*https?:|starbattle/.test(body)) throw err;  // JSON or a URL, and wrong
      throw needsServer("Reading a text grid");
    }
    if (to === "json") return Q.puzzleObject(puzzle);
    throw needsServer("Writing a text grid");
  }

  function fromPack(body) {
    const ask = JSON.parse(body);
    const pack = window.QS_PACK || [];
    const fits = pack.filter((p) => p.regions.length === ask.n && (p.stars || 1) === ask.stars && (!ask.grade || ask.grade.includes(p.grade)));
    if (!fits.length) {
      const sizes = [...new Set(pack.map((p) => `${p.regions.length}×${p.regions.length}${(p.stars || 1) > 1 ? ` with ${p.stars} stars` : ""}`))];
      const grade = ask.grade ? ` of grade ${ask.grade.join(" or ")}` : "";
      throw new Error(`this page's pack has no ${ask.n}×${ask.n} puzzle with ${ask.stars} star${ask.stars > 1 ? "s" : ""}${grade} (it has ${sizes.join(", ") || "none"}); making one to order needs the queens-sat server`);
    }
    const { grade: _grade, ...puzzle } = fits[Math.floor(Math.random() * fits.length)];
    return JSON.stringify(puzzle) + "\n";
  }

  async function answer(path, body, params, asText) {
    switch (path) {
      case "/check":
        return check(body, params);
      case "/hint":
        return hint(body);
      case "/convert": {  // served: the server converts every format, as before
        if (!STATIC) return undefined;
        const out = convert(body, params);
        return asText ? JSON.stringify(out, null, 2) : out;
      }
      case "/generate":
        return STATIC ? fromPack(body) : undefined;
      case "/import":
        if (STATIC) throw needsServer("Reading a screenshot");
        return undefined;
      default:
        if (STATIC) throw needsServer(`The request ${path}`);
        return undefined;
    }
  }

  window.QS_LOCAL = async function (path, body, params = "", asText = false) {
    if (unusable) return undefined;
    try {
      await Q.init();
    } catch (err) {
      if (STATIC) throw new Error(`this browser cannot run the page's WebAssembly module (${err.message})`);
      unusable = true;
      return undefined;
    }
    return answer(path, body, params, asText);
  };

  if (STATIC) {
    const count = (window.QS_PACK || []).length;
    const footer = document.querySelector("footer");
    if (footer) {
      footer.textContent =
        "This page runs without a server: checks, verdicts, grades and hints run in your browser (WebAssembly). " +
        `"New puzzle" draws from the ${count} puzzles that came with the page. Making puzzles to order, reading ` +
        "screenshots and text grids, and big batch jobs need the queens-sat server (queens-sat serve).";
    }
  }
})();
