// Region colours for the page's board: neighbouring regions get colours far apart.
// Handing colours out by region number put three light blues side by side on a 12x12 board;
// here each board is coloured on its own, most-constrained region first (DSatur order): a
// region takes the colour farthest (CIE76 ΔE, normal vision) from its neighbours' colours,
// the least used among those at least NEIGHBOUR_DELTA_E away. A colour used again is drawn
// with the next hatching pattern, so no two regions look alike; the smallest region of a
// colour is the one drawn plain, as a pattern needs room to show (a one-cell region's few
// stripes look like a mark to people and the image reader alike). Loaded by index.html before
// page.js; node loads it too (module.exports) so that the tests can check every palette.
"use strict";

const NEIGHBOUR_DELTA_E = 20;  // two neighbouring regions' colours differ at least this much (CIE76)

function hexToLab(hex) {
  const lin = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047;
  const y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
  const z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883;
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

function deltaE(a, b) { return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]); }

// for each region of regions[r][c] (numbers 0..k-1), the regions sharing an edge with it
function regionNeighbours(regions) {
  const count = Math.max(-1, ...regions.flat()) + 1;
  const near = Array.from({ length: count }, () => new Set());
  regions.forEach((row, r) => row.forEach((k, c) => {
    for (const [rr, cc] of [[r + 1, c], [r, c + 1]]) {
      const m = regions[rr] === undefined ? undefined : regions[rr][cc];
      if (m !== undefined && m !== k) { near[k].add(m); near[m].add(k); }
    }
  }));
  return near;
}

// [{color, use}] for every region: use 0 is the colour plain, 1 its first hatching, ...
function regionLooks(regions, colors) {
  const near = regionNeighbours(regions);
  const labs = colors.map(hexToLab);
  const count = near.length;
  const colorOf = new Array(count).fill(-1);
  const uses = new Array(colors.length).fill(0);
  const looks = new Array(count);
  for (let done = 0; done < count; done++) {
    let region = -1, best = null;
    for (let q = 0; q < count; q++) {
      if (colorOf[q] >= 0) continue;
      const key = [new Set([...near[q]].map((m) => colorOf[m]).filter((i) => i >= 0)).size, near[q].size];
      if (best === null || key[0] > best[0] || (key[0] === best[0] && key[1] > best[1])) { region = q; best = key; }
    }
    const taken = [...near[region]].map((m) => colorOf[m]).filter((i) => i >= 0);
    let choice = 0, choiceKey = null;
    colors.forEach((_, i) => {
      const closest = Math.min(Infinity, ...taken.map((j) => deltaE(labs[i], labs[j])));
      const key = [Math.min(closest, NEIGHBOUR_DELTA_E), -uses[i], closest];
      const better = choiceKey === null || key[0] > choiceKey[0]
        || (key[0] === choiceKey[0] && (key[1] > choiceKey[1] || (key[1] === choiceKey[1] && key[2] > choiceKey[2])));
      if (better) { choice = i; choiceKey = key; }
    });
    colorOf[region] = choice;
    uses[choice] += 1;
  }
  // each colour's regions, smallest first (the region number breaks ties), get its looks in turn
  const sizes = new Array(count).fill(0);
  regions.forEach((row) => row.forEach((k) => { sizes[k] += 1; }));
  const order = [...Array(count).keys()].sort((a, b) => sizes[a] - sizes[b] || a - b);
  uses.fill(0);
  for (const region of order) {
    looks[region] = { color: colors[colorOf[region]], use: uses[colorOf[region]] };
    uses[colorOf[region]] += 1;
  }
  return looks;
}

if (typeof module !== "undefined") module.exports = { regionLooks, regionNeighbours, hexToLab, deltaE, NEIGHBOUR_DELTA_E };
