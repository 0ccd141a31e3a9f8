"""The grid of a board: n and where its lines are, from the picture's edges.

Inside a square that may hold the board, two profiles are taken: for each column, how
strongly colour changes across it, averaged down the square (a grid line, or a border
between two colours, changes it on many rows; the inside of a cell on none), and the
same for each row. A board of n cells is n + 1 lines a pitch apart: for every n the
lattice from a strong line near one end of the profile to one near the other end is
scored by how strong the profile is on its lines minus how strong it is inside its
cells (their middle 64 %). That difference is what tells n from its multiples and
divisors: with 2n, half the lines fall in the middle of cells, where nothing is; with
n / 2 or n / 3, the lines left out fall inside the cells. Both axes must give one n and square cells. The
lattice found is then pulled onto the lines it runs along (least squares).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from queens_sat.formats.image.edges import CLIP, FullPicture, changes
from queens_sat.formats.image.locate import Box

Array = np.ndarray[Any, Any]

EDGE_LOW = 14  # a colour change (0-255 over two pixels) this strong is part of a line, however faint the line
N_MIN, N_MAX = 4, 40
MIN_PITCH = 7.0  # pixels: smaller cells cannot be sampled
END_WINDOW = 0.28  # the outer share of the profile where the board's first and last lines are looked for
ENDS_KEPT = 3  # candidate first (and last) lines per axis
MARGIN = 0.06  # share of the square's side added round it, so a border on its edge is inside
INTERIOR = 0.28  # half-width of a cell's inside, as a share of the pitch, where no line may be
LINE_SHARE = 0.5  # a narrow peak this share of the strongest lines' counts as a full line
FAINT = 0.3  # ... and one under this share of a full line counts for nothing (marks in every cell of a column reach 0.26)
PEAK_APART = 0.15  # a narrow peak stands above the profile this share of a pitch to each side of it
LINE_REACH = 0.1  # a lattice line may be this share of a pitch off the peak it stands for (a thick line's two edges)
SQUARE_PITCH = 0.08  # how much the two axes' pitches may differ
REFINE_STRIDE = 2  # rows (and columns) of the full picture measured when placing the lines exactly
SCORE_TIE = 0.04  # lattice scores (of two axes, 0 to 2) this close are equally clear: the widest is taken
TIE = 0.1  # peaks within this share of the strongest count as equally strong (the outermost is kept)
FULL_LINE = 0.8  # a board's outer border runs along at least this share of its side
GROW = 3  # rows (and columns) of cells looked at beyond each end of a lattice
BAND_SHARE = 0.45  # a row of cells crossing the lines this much as the lattice's typical row is part of the board


@dataclass(frozen=True)
class Lattice:
    """A board's grid lines in pixels of the picture: ``xs`` the n + 1 vertical lines left to
    right, ``ys`` the horizontal ones top to bottom; ``quality`` how clearly the profiles
    show it (line strength minus cell-middle strength, 0 to 1)."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]
    quality: float

    @property
    def n(self) -> int:
        return len(self.xs) - 1

    @property
    def pitch(self) -> float:
        return ((self.xs[-1] - self.xs[0]) + (self.ys[-1] - self.ys[0])) / (2 * self.n)

    @property
    def side(self) -> float:
        return self.pitch * self.n

    def box(self) -> tuple[int, int, int, int]:
        return round(self.xs[0]), round(self.ys[0]), round(self.xs[-1]), round(self.ys[-1])


class _Profile:
    """One axis's profile, and the filters the lattice score reads.

    ``raw`` is the profile smoothed a little. A grid line is a narrow peak in it, crossing
    nearly every row; a mark drawn in the cells of a column (crowns, crosses) crosses few,
    and hatching is broad. ``narrow(d)`` keeps the narrow peaks only, on a scale where
    every clear line counts alike (a peak half as high as the strongest lines is a full
    line, one under ``FAINT`` of that is none), so that a thin grey line and a thick black
    border are both lines and a column of crosses is not."""

    def __init__(self, values: Array, open_ends: tuple[bool, bool]) -> None:
        smooth = np.convolve(np.pad(values, 1, mode="edge"), [0.25, 0.5, 0.25], mode="valid")
        if open_ends[0]:
            smooth[0] = max(smooth[0], smooth.max())  # the picture's side: the board may be cut there
        if open_ends[1]:
            smooth[-1] = max(smooth[-1], smooth.max())
        self.raw = smooth
        self.size = len(smooth)
        self._narrow: dict[int, Array] = {}
        self._tables: dict[int, Array] = {}

    def narrow(self, d: int) -> Array:
        """How far each value rises above the profile on both sides of it: above the higher of
        the lowest value from ``d`` to ``2d`` before it and the lowest from ``d`` to ``2d``
        after it. Taking the lowest of a stretch lets a thick line's second edge, ``d`` away,
        pass without hiding the first."""
        if d not in self._narrow:
            p = self.raw
            d = max(1, min(d, (self.size - 1) // 2))
            padded = np.pad(p, 2 * d)  # nothing beyond the profile: a line at its end still stands out
            lows = np.lib.stride_tricks.sliding_window_view(padded, d + 1).min(axis=1)  # lows[i] = min(padded[i : i + d + 1])
            before = lows[: self.size]  # min over p[x - 2d .. x - d]
            after = lows[3 * d : 3 * d + self.size]  # min over p[x + d .. x + 2d]
            peaks = np.maximum(p - np.maximum(before, after), 0.0)
            top = int(0.99 * (len(peaks) - 1))
            scale = max(LINE_SHARE * float(np.partition(peaks, top)[top]), 0.1)
            self._narrow[d] = np.clip((peaks / scale - FAINT) / (1.0 - FAINT), 0.0, 1.0)
        return self._narrow[d]

    def window_max(self, d: int, centres: Array, radius: Array | int) -> Array:
        """The largest ``narrow(d)`` value within ``radius`` of each centre (rounded to a
        position): two overlapping power-of-two windows of a sparse table, so any radius
        costs the same."""
        table = self._tables.get(d)
        if table is None:
            levels = max(1, int(np.log2(self.size)) + 1)
            table = np.empty((levels, self.size))
            table[0] = self.narrow(d)
            for level in range(1, levels):
                step = 2 ** (level - 1)
                table[level] = table[level - 1]
                np.maximum(table[level, :-step], table[level - 1, step:], out=table[level, :-step])
            self._tables[d] = table
        reach = np.asarray(radius, dtype=np.int64)  # the rung of the table and its span: per radius, not per centre
        rung = np.minimum(np.log2(2 * reach + 1).astype(np.int64), len(table) - 1)
        span = np.left_shift(1, rung)
        at = np.round(centres).astype(np.int64)
        lo = np.clip(at - reach, 0, self.size - 1)
        hi = np.clip(at + reach, 0, self.size - 1)
        flat, start = table.ravel(), rung * self.size
        result: Array = np.maximum(flat[start + lo], flat[start + np.maximum(hi - span + 1, lo)])
        return result

    def peaks(self, lo: int, hi: int, keep: int, outward: str = "start") -> list[int]:
        """The strongest local maxima of the raw profile within [lo, hi), the outermost
        first among those of about equal strength (``outward``: "start" or "end")."""
        v = self.raw
        lo, hi = max(lo, 0), min(hi, self.size)
        if hi - lo < 3:
            return []
        seg = v[lo:hi]
        left = np.r_[-np.inf, seg[:-1]]
        right = np.r_[seg[1:], -np.inf]
        idx = np.flatnonzero((seg >= left) & (seg > right) & (seg >= 0.35 * seg.max()) & (seg > 0.05))
        # peaks about as strong as the strongest tie (every line of a grid crosses every row):
        # the outermost of them first, toward the end ``outward`` names, so that a board's own
        # border is kept rather than the inner lines beside it
        level = np.round(seg[idx] / max(float(seg.max()), 1e-9) / TIE).astype(np.int64)
        place = idx if outward == "start" else -idx
        idx = idx[np.lexsort((place, -level))][:keep]
        return sorted(int(i) + lo for i in idx)


def fit_lattice(gx: Array, gy: Array, box: Box) -> Lattice | None:
    """The best grid within (or just round) ``box``, in the pixels of ``gx`` and ``gy``, or
    None when no lattice of n = 4..40 fits. A lattice that ends near the edge of what was
    looked at is looked at again with more room round it, and grown while its lines go on
    (the square was a region's outline inside the board, say)."""
    height, width = gx.shape
    pad = int(MARGIN * box.side) + 2
    x0, y0 = max(0, box.left - pad), max(0, box.top - pad)
    x1, y1 = min(width, box.right + pad), min(height, box.bottom + pad)
    px, py = _profiles(gx[y0:y1, x0:x1], gy[y0:y1, x0:x1], ((box.left - x0, box.right - x0), (box.top - y0, box.bottom - y0)))
    xprof = _Profile(px, (x0 == 0, x1 == width))
    yprof = _Profile(py, (y0 == 0, y1 == height))
    found = _best_lattice(xprof, yprof)
    if found is None:
        return None
    xs, ys, quality = found
    lattice = Lattice(tuple(float(x0 + v) for v in xs), tuple(float(y0 + v) for v in ys), quality)
    for _ in range(3):
        settled = _settled(gx, gy, lattice)
        if settled is None:
            break
        lattice = settled
    return _bordered(gx, gy, lattice) or lattice


def border_cover(gx: Array, gy: Array, lattice: Lattice) -> dict[str, float]:
    """How much of each side of the lattice (left, right, top, bottom) a line runs along:
    the share of its length with a colour change across it, 1.0 where the side is the
    picture's own edge (a board cut there)."""
    _height, _width = gx.shape
    xs, ys = lattice.xs, lattice.ys
    radius = max(1, round(LINE_REACH * lattice.pitch))
    return {
        "left": _cover(gx, xs[0], ys[0], ys[-1], radius, axis=0),
        "right": _cover(gx, xs[-1], ys[0], ys[-1], radius, axis=0),
        "top": _cover(gy, ys[0], xs[0], xs[-1], radius, axis=1),
        "bottom": _cover(gy, ys[-1], xs[0], xs[-1], radius, axis=1),
    }


def _cover(g: Array, at: float, lo: float, hi: float, radius: int, axis: int) -> float:
    """Share of the line at ``at`` (a column of ``g`` for axis 0, a row for axis 1), between ``lo``
    and ``hi`` along it, where some pixel within ``radius`` changes colour across it."""
    across = g.shape[1] if axis == 0 else g.shape[0]
    along = g.shape[0] if axis == 0 else g.shape[1]
    centre = round(at)
    if centre - radius <= 1 or centre + radius >= across - 2:
        return 1.0  # the picture's edge
    a, z = max(0, round(lo)), min(along, round(hi))
    if z <= a:
        return 0.0
    strip = g[a:z, centre - radius : centre + radius + 1] if axis == 0 else g[centre - radius : centre + radius + 1, a:z].T
    return float((strip >= EDGE_LOW).any(axis=1).mean())


def _bordered(gx: Array, gy: Array, lattice: Lattice) -> Lattice | None:
    """The lattice grown out to the board's outer border when a side of it is no full line
    (a board with no lines inside its regions, read only as far as its inner borders go):
    on each such side the nearest full line a whole number of cells out; None when every
    side is a line already, or when the sides found do not make a square."""
    cover = border_cover(gx, gy, lattice)
    if min(cover.values()) >= FULL_LINE:
        return None
    pitch, n = lattice.pitch, lattice.n
    height, width = gx.shape
    radius = max(1, round(LINE_REACH * pitch))
    grow = {}
    for side, value in cover.items():
        grow[side] = 0
        if value >= FULL_LINE:
            continue
        for k in range(1, GROW + 1):
            if side in ("left", "right"):
                at = lattice.xs[0] - k * pitch if side == "left" else lattice.xs[-1] + k * pitch
                lo, hi = lattice.ys[0] - GROW * pitch, lattice.ys[-1] + GROW * pitch
                if not -radius <= at <= width - 1 + radius:
                    break
                run = _cover(gx, at, max(0.0, lo), min(height, hi), radius, axis=0)
            else:
                at = lattice.ys[0] - k * pitch if side == "top" else lattice.ys[-1] + k * pitch
                lo, hi = lattice.xs[0] - GROW * pitch, lattice.xs[-1] + GROW * pitch
                if not -radius <= at <= height - 1 + radius:
                    break
                run = _cover(gy, at, max(0.0, lo), min(width, hi), radius, axis=1)
            if run >= FULL_LINE * 0.7:  # measured along a longer stretch than the board's side
                grow[side] = k
                break
        else:
            return None
        if grow[side] == 0:
            return None
    if grow["left"] + grow["right"] != grow["top"] + grow["bottom"] or n + grow["left"] + grow["right"] > N_MAX:
        return None
    size = n + grow["left"] + grow["right"]
    x0 = lattice.xs[0] - grow["left"] * pitch
    y0 = lattice.ys[0] - grow["top"] * pitch
    xs, ys = _placed(gx, gy, x0, y0, pitch, size, width, height)
    return Lattice(xs, ys, lattice.quality)


def band_strengths(gx: Array, gy: Array, lattice: Lattice, beyond: int = 1) -> tuple[Array, Array]:
    """How strongly the grid's inner lines show in each row of cells and in each column of
    cells, ``beyond`` rows and columns past each end included (NaN off the picture): a row
    of the board crosses the inner vertical lines, a strip of page beside it does not."""
    n, pitch = lattice.n, lattice.pitch
    radius = max(1, round(0.08 * pitch))
    rows = _bands(gx, np.asarray(lattice.ys), np.asarray(lattice.xs[1:-1]), pitch, radius, beyond, axis=0)
    cols = _bands(gy, np.asarray(lattice.xs), np.asarray(lattice.ys[1:-1]), pitch, radius, beyond, axis=1)
    assert len(rows) == len(cols) == n + 2 * beyond
    return rows, cols


def _bands(g: Array, edges: Array, lines: Array, pitch: float, radius: int, beyond: int, axis: int) -> Array:
    size_along = g.shape[axis]
    size_across = g.shape[1 - axis]
    idx = np.clip(np.round(lines).astype(np.int64)[:, None] + np.arange(-radius, radius + 1)[None, :], 0, size_across - 1)
    # only the pixels near the lines are summed: running sums along the bands' axis, exact in integers
    near = g[:, idx.ravel()] if axis == 0 else g[idx.ravel(), :].T
    sums = np.zeros((size_along + 1, near.shape[1]), dtype=np.int64)
    np.cumsum(near, axis=0, out=sums[1:])
    out = []
    for b in range(-beyond, len(edges) - 1 + beyond):
        lo = edges[0] + b * pitch
        a, z = round(lo + 0.2 * pitch), round(lo + 0.8 * pitch)
        if a < 0 or z > size_along or z <= a:
            out.append(np.nan)
            continue
        profile = ((sums[z] - sums[a]) / (z - a) / CLIP).reshape(idx.shape)
        out.append(float(profile.max(axis=1).mean()) if len(lines) else 0.0)
    return np.array(out)


def _settled(gx: Array, gy: Array, lattice: Lattice) -> Lattice | None:
    """The lattice's extent set by the rows and columns of cells that cross its lines, or
    None when it stays as it is.

    A row of the board crosses the grid's inner vertical lines; a strip of page beside the
    board does not. So the rows of cells the lattice holds are grown outwards while the
    next row beyond crosses the lines (a first guess that stopped at a region's outline
    inside the board) and trimmed while its end row does not (a page edge a pitch away
    taken for the border); the same for columns. The result stands when rows and columns
    still give one n."""
    n, pitch = lattice.n, lattice.pitch
    rows, cols = band_strengths(gx, gy, lattice, beyond=GROW)
    row_span = _run(rows, n)
    col_span = _run(cols, n)
    if row_span is None or col_span is None:
        return None
    if row_span == (GROW, GROW + n) and col_span == (GROW, GROW + n):
        return None
    if row_span[1] - row_span[0] != col_span[1] - col_span[0]:
        return None
    size = row_span[1] - row_span[0]
    if not N_MIN <= size <= N_MAX:
        return None
    ys0 = lattice.ys[0] + (row_span[0] - GROW) * pitch
    xs0 = lattice.xs[0] + (col_span[0] - GROW) * pitch
    height, width = gx.shape
    xs = _placed(gx, gy, xs0, ys0, pitch, size, width, height)
    return Lattice(xs[0], xs[1], lattice.quality)


def _run(strengths: Array, n: int) -> tuple[int, int] | None:
    """The bands (indices into ``strengths``, which has ``GROW`` extra bands at each end) that
    cross the lines: grown out from the lattice's own while strong, trimmed in while weak."""
    core = strengths[GROW : GROW + n]
    typical = float(np.nanmedian(core))
    if not typical > 0.05:
        return None
    floor = BAND_SHARE * typical
    lo, hi = GROW, GROW + n
    while lo > 0 and strengths[lo - 1] >= floor:  # NaN (off the picture) stops it
        lo -= 1
    while hi < len(strengths) and strengths[hi] >= floor:
        hi += 1
    while hi - lo > N_MIN and strengths[lo] < floor:
        lo += 1
    while hi - lo > N_MIN and strengths[hi - 1] < floor:
        hi -= 1
    return lo, hi


def _placed(
    gx: Array, gy: Array, x0: float, y0: float, pitch: float, n: int, width: int, height: int
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The lines of an n-cell lattice from (x0, y0) with ``pitch``, pulled onto the lines of the picture."""
    pad = int(pitch) + 2
    left, top = int(max(0, x0 - pad)), int(max(0, y0 - pad))
    right, bottom = int(min(width, x0 + n * pitch + pad + 1)), int(min(height, y0 + n * pitch + pad + 1))
    inner = ((int(x0) - left, int(x0 + n * pitch) - left), (int(y0) - top, int(y0 + n * pitch) - top))
    px, py = _profiles(gx[top:bottom, left:right], gy[top:bottom, left:right], inner)
    out = []
    for values, origin, first in ((px, left, x0), (py, top, y0)):
        prof = _Profile(values, (False, False))
        s = round(first - origin)
        lines = _refined(prof, max(0, s), min(prof.size - 1, round(s + n * pitch)), n)
        out.append(tuple(float(origin + v) for v in lines))
    return out[0], out[1]


def fit_lattice_in(picture: FullPicture, box: Box) -> Lattice | None:
    """``fit_lattice`` on the full picture's pixels round ``box`` only, for a board too small
    to be read on the shrunk picture: gradients of a crop with room to grow."""
    width, height = picture.size
    pad = int(0.35 * box.side) + 4
    x0, y0 = max(0, box.left - pad), max(0, box.top - pad)
    x1, y1 = min(width, box.right + pad), min(height, box.bottom + pad)
    gx, gy = picture.gradients(x0, y0, x1, y1)
    inner = Box(box.left - x0, box.top - y0, box.right - x0, box.bottom - y0)
    found = fit_lattice(gx, gy, inner)
    if found is None:
        return None
    return Lattice(tuple(v + x0 for v in found.xs), tuple(v + y0 for v in found.ys), found.quality)


def refine_lattice(picture: FullPicture, coarse: Lattice, factor: int) -> Lattice:
    """A lattice found on the picture shrunk ``factor`` times, placed exactly on the lines of
    the full picture (same n, its ends looked for within a third of a cell of the guess).
    Only the board's part of the picture is measured, every other row and column of it:
    the profiles are shares of rows, which half of them give as well."""
    if factor == 1:
        return coarse
    width, height = picture.size
    scaled = [[(v + 0.5) * factor - 0.5 for v in coarse.xs], [(v + 0.5) * factor - 0.5 for v in coarse.ys]]
    pitch = coarse.pitch * factor
    pad = int(0.5 * pitch) + 4
    x0, y0 = max(0, int(scaled[0][0]) - pad), max(0, int(scaled[1][0]) - pad)
    x1, y1 = min(width, int(scaled[0][-1]) + pad + 1), min(height, int(scaled[1][-1]) + pad + 1)
    stride = REFINE_STRIDE
    if picture.covers(x0, y0, x1, y1):  # worked out already (the board was sized at full size)
        gx, gy = picture.within(x0, y0, x1, y1, stride)
    else:
        planes = [np.asarray(band, dtype=np.uint8) for band in picture.image.crop((x0, y0, x1, y1)).split()]
        gx = changes([p[::stride] for p in planes], across=True)
        gy = changes([np.ascontiguousarray(p[:, ::stride]) for p in planes], across=False)
    (xl, xr), (yt, yb) = (int(scaled[0][0]) - x0, int(scaled[0][-1]) - x0), (int(scaled[1][0]) - y0, int(scaled[1][-1]) - y0)
    px, _ = _profiles(gx, gx, ((xl, xr), (yt // stride, yb // stride)))
    _, py = _profiles(gy, gy, ((xl // stride, xr // stride), (yt, yb)))
    n = coarse.n
    lines = []
    for prof_values, guess, origin, open_ends in (
        (px, scaled[0], x0, (x0 == 0, x1 == width)),
        (py, scaled[1], y0, (y0 == 0, y1 == height)),
    ):
        prof = _Profile(prof_values, open_ends)
        first, last = guess[0] - origin, guess[-1] - origin
        reach = pitch / 3
        starts = [p for p in prof.peaks(int(first - reach), int(first + reach) + 1, ENDS_KEPT)] or [round(first)]
        ends = [p for p in prof.peaks(int(last - reach), int(last + reach) + 1, ENDS_KEPT, outward="end")] or [round(last)]
        pairs, score, _ = _pair_scores(prof, [(s, e) for s in starts for e in ends if e > s], n)
        s, e = pairs[int(np.argmax(score))] if pairs else (round(first), round(last))
        lines.append(tuple(float(origin + v) for v in _refined(prof, s, e, n)))
    return Lattice(lines[0], lines[1], coarse.quality)


def _profiles(gx: Array, gy: Array, inner: tuple[tuple[int, int], tuple[int, int]]) -> tuple[Array, Array]:
    """Column and row profiles: the share of the other axis's pixels (the inner part of the
    square) where colour changes at least ``EDGE_LOW`` across. A grid line crosses nearly
    every row, faint or not; a mark crosses only the few rows it spans."""
    h, w = gx.shape
    (xl, xr), (yt, yb) = inner
    # the middle 90 % of the square, so its own border lines do not count as changes across
    my, mx = max(1, (yb - yt) // 20), max(1, (xr - xl) // 20)
    rows = slice(max(0, yt + my), max(yt + my + 1, min(h, yb - my)))
    cols = slice(max(0, xl + mx), max(xl + mx + 1, min(w, xr - mx)))
    band_x, band_y = gx[rows], gy[:, cols]
    px = (band_x >= EDGE_LOW).sum(axis=0) / max(1, band_x.shape[0])
    py = (band_y >= EDGE_LOW).sum(axis=1) / max(1, band_y.shape[1])
    return px, py


def _ends(prof: _Profile) -> tuple[list[int], list[int]]:
    """Candidate first and last lines: the strongest peaks in the outer parts of the profile
    (and the picture's side, when the board may be cut there)."""
    size = prof.size
    window = int(END_WINDOW * size)
    starts = prof.peaks(0, window, ENDS_KEPT)
    ends = prof.peaks(size - window, size, ENDS_KEPT, outward="end")
    if prof.raw[0] >= prof.raw.max():
        starts = sorted({0, *starts})
    if prof.raw[-1] >= prof.raw.max():
        ends = sorted({size - 1, *ends})
    return starts, ends


def _pair_scores(prof: _Profile, pairs: list[tuple[int, int]], n: int) -> tuple[list[tuple[int, int]], Array, Array]:
    """For every pair of first and last lines: the lattice score with n cells, and its pitch."""
    pairs = [(s, e) for s, e in pairs if (e - s) / n >= MIN_PITCH]
    if not pairs:
        return [], np.zeros(0), np.zeros(0)
    score, pitch, _ = _scores(prof, pairs, np.array([n]))
    return pairs, score[0], pitch[0]


def _all_scores(prof: _Profile, pairs: list[tuple[int, int]]) -> tuple[Array, Array, Array]:
    """The lattice score of every pair of first and last lines with every n (rows: n = N_MIN..N_MAX),
    their pitches, and the n of each row; -inf where the cells would be too small."""
    return _scores(prof, pairs, np.arange(N_MIN, N_MAX + 1))


def _scores(prof: _Profile, pairs: list[tuple[int, int]], ns: Array) -> tuple[Array, Array, Array]:
    """Score of each (n, pair): the mean narrow-peak strength on the lattice's inner lines
    minus the mean of the strongest narrow peak inside each cell (its middle 56 %).

    The rows of n that ask for the same filter widths are scored together."""
    s = np.array([p[0] for p in pairs], dtype=np.float64)
    e = np.array([p[1] for p in pairs], dtype=np.float64)
    pitch = (e - s)[None, :] / ns[:, None]  # (N, P)
    score = np.full(pitch.shape, -np.inf)
    typical = np.median(pitch, axis=1)
    groups: dict[int, list[int]] = {}
    for row, t in enumerate(typical):
        if t >= MIN_PITCH:
            apart = 2 ** int(np.log2(max(2.0, PEAK_APART * t)))  # a few widths, so that few filtered profiles are made
            groups.setdefault(apart, []).append(row)
    top = int(ns.max())
    k = np.arange(1, top)
    j = np.arange(top)
    for d, rows in groups.items():
        sub_ns, sub_pitch = ns[rows], pitch[rows]  # (G,), (G, P)
        radius = np.maximum(1, np.round(LINE_REACH * typical[rows])).astype(np.int64)[:, None, None]
        inside = np.maximum(1, (INTERIOR * typical[rows]).astype(np.int64))[:, None, None]
        lines = s[None, :, None] + k[None, None, :] * sub_pitch[:, :, None]  # (G, P, K)
        line_values = prof.window_max(d, lines, radius)
        line_mask = (k[None, :] < sub_ns[:, None])[:, None, :]
        line_mean = (line_values * line_mask).sum(axis=2) / np.maximum(sub_ns[:, None] - 1, 1)
        middles = s[None, :, None] + (j[None, None, :] + 0.5) * sub_pitch[:, :, None]
        middle_values = prof.window_max(d, middles, inside)
        middle_mask = (j[None, :] < sub_ns[:, None])[:, None, :]
        middle_mean = (middle_values * middle_mask).sum(axis=2) / sub_ns[:, None]
        score[rows] = line_mean - middle_mean
    score[pitch < MIN_PITCH] = -np.inf
    return score, pitch, ns


def _best_lattice(xprof: _Profile, yprof: _Profile) -> tuple[Array, Array, float] | None:
    xs0, xe0 = _ends(xprof)
    ys0, ye0 = _ends(yprof)
    xpairs = [(s, e) for s in xs0 for e in xe0 if e > s]
    ypairs = [(s, e) for s in ys0 for e in ye0 if e > s]
    if not xpairs or not ypairs:
        return None
    xscore, xpitch, ns = _all_scores(xprof, xpairs)
    yscore, ypitch, _ = _all_scores(yprof, ypairs)
    total = xscore[:, :, None] + yscore[:, None, :]  # (N, Px, Py)
    mismatch = np.abs(xpitch[:, :, None] - ypitch[:, None, :]) > SQUARE_PITCH * np.maximum(xpitch[:, :, None], ypitch[:, None, :])
    total[mismatch] = -np.inf
    best = float(total.max())
    if not np.isfinite(best):
        return None
    # lattices about as clear as the clearest: the widest (a board's sub-grid between two
    # inner lines is as clear as the board, and only the whole board reaches its border)
    span = np.array([e - s for s, e in xpairs], dtype=np.float64)[None, :, None] + np.array(
        [e - s for s, e in ypairs], dtype=np.float64
    )[None, None, :]
    near = total >= best - SCORE_TIE
    flat = int(np.argmax(np.where(near, span + total, -np.inf)))
    row, i, j = np.unravel_index(flat, total.shape)
    score, n = float(total[row, i, j]), int(ns[row])
    (x_first, x_last), (y_first, y_last) = xpairs[i], ypairs[j]
    xs = _refined(xprof, x_first, x_last, n)
    ys = _refined(yprof, y_first, y_last, n)
    return xs, ys, score / 2


def _refined(prof: _Profile, s: int, e: int, n: int) -> Array:
    """The n + 1 line positions, fitted by least squares to the centres of the lines found near each."""
    pitch = (e - s) / n
    guess = s + np.arange(n + 1) * pitch
    half = max(1.0, 0.15 * pitch)
    v = prof.raw
    centres, weights = [], []
    for t in guess:
        lo, hi = int(np.floor(t - half)), int(np.ceil(t + half)) + 1
        lo, hi = max(lo, 0), min(hi, prof.size)
        seg = v[lo:hi]
        w = np.maximum(seg - 0.5 * seg.max(), 0.0) ** 2
        if seg.max() <= 0.05 or w.sum() <= 0:
            centres.append(t)
            weights.append(0.0)
            continue
        centres.append(float((np.arange(lo, hi) * w).sum() / w.sum()))
        weights.append(float(seg.max()))
    k = np.arange(n + 1, dtype=np.float64)
    wts = np.array(weights)
    if (wts > 0).sum() < 2:
        return guess
    design = np.stack([np.ones(n + 1), k], axis=1) * np.sqrt(wts)[:, None]
    target = np.array(centres) * np.sqrt(wts)
    (a, b), *_ = np.linalg.lstsq(design, target, rcond=None)
    fitted: Array = a + b * k
    return fitted
