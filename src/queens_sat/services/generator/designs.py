"""Designed partitions: the board cut into n regions first, the way a person draws a puzzle.

Published puzzles are drawn region by region (rings, bands, plus signs, a spiral,
mirror images) and only then solved, unlike ``growth``, which grows blobs around a
planted solution. Each function here returns a flat list of region numbers
0..n-1 (every region one 4-connected piece, none of one cell) or None when the
draw did not work out; ``attempt`` then asks the search for a solution of it.

Motif styles place a few shaped regions (``motif``) and fill the rest with
regions grown from random seeds (``fill``); symmetric styles grow every region
together with its image under one symmetry of the square (``symmetric``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from queens_sat.services.generator.layout import neighbours
from queens_sat.services.generator.thinning import thin_out

Cells = list[int]
FREE = -1
SLOWEST_RATE = 0.15  # growth rates are log-uniform from this (lower: more uneven region sizes) ...
INNER_FASTEST = 0.6  # ... to this for a region seeded inside the board, to 1 for one on its edge


def fill(n: int, cells: Cells, placed: int, rng: random.Random) -> Cells | None:
    """The free cells (``FREE``) grown into regions ``placed``..n-1 from random seeds; None when stuck.

    Growth rates are log-uniform (a few big regions, several small, as published);
    a pocket no seed reaches joins a neighbouring region.
    """
    nbrs = neighbours(n)
    free = [c for c in range(n * n) if cells[c] == FREE]
    wanted = n - placed
    if len(free) < 2 * wanted:
        return None
    inner = [c for c in free if 0 < c // n < n - 1 and 0 < c % n < n - 1]
    seeds = rng.sample(inner, min(len(inner), (wanted + 1) * 3 // 4))  # about three quarters inside: regions off the border
    rest = [c for c in free if c not in set(seeds)]
    seeds += rng.sample(rest, wanted - len(seeds))
    rates = [growth_rate(n, cell, rng) for cell in seeds]
    frontier: list[list[int]] = [[] for _ in seeds]
    for i, cell in enumerate(seeds):
        cells[cell] = placed + i
        frontier[i].extend(nb for nb in nbrs[cell] if cells[nb] == FREE)
    active = list(range(wanted))
    while active:
        i = rng.choices(active, [rates[a] for a in active])[0]
        front = frontier[i]
        while front and cells[front[-1]] != FREE:
            front.pop()
        if not front:
            active.remove(i)
            continue
        j = rng.randrange(len(front))
        cell = front[j]
        front[j] = front[-1]
        front.pop()
        if cells[cell] != FREE:
            continue
        cells[cell] = placed + i
        front.extend(nb for nb in nbrs[cell] if cells[nb] == FREE)
    closed = _close_pockets(n, cells)
    return None if closed is None else thin_out(n, closed, rng, first=placed)


def growth_rate(n: int, seed: int, rng: random.Random) -> float:
    """A region's growth rate, log-uniform: slower for a seed inside the board than for one on its
    edge, so that inner regions stay inner (motifs) and the edge ones grow round them (a background)."""
    r, c = divmod(seed, n)
    low, high = (SLOWEST_RATE, INNER_FASTEST) if 0 < r < n - 1 and 0 < c < n - 1 else (SLOWEST_RATE * 2, 1.0)
    return math.exp(rng.uniform(math.log(low), math.log(high)))


def _close_pockets(n: int, cells: Cells) -> Cells | None:
    """Every cell still free given to a neighbouring region (repeated until none is left)."""
    nbrs = neighbours(n)
    while FREE in cells:
        changed = False
        for cell in range(n * n):
            if cells[cell] == FREE:
                taken = [cells[nb] for nb in nbrs[cell] if cells[nb] != FREE]
                if taken:
                    cells[cell] = min(taken)
                    changed = True
        if not changed:
            return None
    return cells


def _place(cells: Cells, shape: Sequence[int], region: int) -> bool:
    """Give ``shape`` to ``region`` when all its cells are free."""
    if not shape or any(cells[c] != FREE for c in shape):
        return False
    for c in shape:
        cells[c] = region
    return True


def ring(n: int, r0: int, c0: int, r1: int, c1: int) -> list[int]:
    """The border cells of the rectangle rows r0..r1, columns c0..c1."""
    return [r * n + c for r in range(r0, r1 + 1) for c in range(c0, c1 + 1) if r in (r0, r1) or c in (c0, c1)]


def rings(n: int, rng: random.Random) -> Cells | None:
    """Nested rings: a rectangle's outline in an outline, sometimes a block at the centre, some split in two."""
    cells = [FREE] * (n * n)
    h, w = rng.randint(max(3, n // 2), n), rng.randint(max(3, n // 2), n)
    r0, c0 = rng.randint(0, n - h), rng.randint(0, n - w)
    region = 0
    while h >= 3 and w >= 3 and region < n // 3:
        outline = ring(n, r0, c0, r0 + h - 1, c0 + w - 1)
        if rng.random() < 0.35 and len(outline) >= 8:  # a ring cut into two U shapes
            cut = r0 + h // 2
            top = [c for c in outline if c // n < cut]
            _place(cells, top, region)
            _place(cells, [c for c in outline if c // n >= cut], region + 1)
            region += 2
        else:
            _place(cells, outline, region)
            region += 1
        step = rng.choice((1, 1, 2))
        r0, c0, h, w = r0 + step, c0 + step, h - 2 * step, w - 2 * step
    if h >= 1 and w >= 1 and region < n - 1 and rng.random() < 0.6:
        _place(cells, [r * n + c for r in range(r0, r0 + h) for c in range(c0, c0 + w)], region)
        region += 1
    return fill(n, cells, region, rng)


def bands(n: int, rng: random.Random) -> Cells | None:
    """Stripes: one or two whole rows or columns as regions (sometimes two lines wide), then the rest."""
    cells = [FREE] * (n * n)
    horizontal = rng.random() < 0.5
    region = 0
    for _ in range(rng.choice((1, 1, 2))):
        line = rng.randrange(n)
        width = 2 if rng.random() < 0.3 and line + 1 < n else 1
        span = range(n) if rng.random() < 0.8 else range(rng.randint(0, 1), n - rng.randint(1, 2))
        shape = [(i * n + j) if horizontal else (j * n + i) for i in range(line, line + width) for j in span]
        if _place(cells, shape, region):
            region += 1
    return fill(n, cells, region, rng)


def plus(n: int, r: int, c: int, arm: int) -> list[int]:
    """A plus sign centred on (r, c), arms ``arm`` long, cut at the board's edge."""
    out = {r * n + c}
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        for k in range(1, arm + 1):
            rr, cc = r + dr * k, c + dc * k
            if 0 <= rr < n and 0 <= cc < n:
                out.add(rr * n + cc)
    return sorted(out)


def figure(n: int, rng: random.Random) -> list[int]:
    """A plus sign, a T or an L of random size and place."""
    kind = rng.choice(("plus", "plus", "t", "l"))
    arm = rng.randint(1, max(1, n // 4))
    r, c = rng.randrange(n), rng.randrange(n)
    if kind == "plus":
        return plus(n, r, c, arm)
    length = rng.randint(3, max(3, n // 2))
    if kind == "l":
        shape = [(r + i, c) for i in range(length)] + [(r + length - 1, c + j) for j in range(1, arm + 2)]
    else:
        shape = [(r, c + j) for j in range(-arm, arm + 1)] + [(r + i, c) for i in range(1, length)]
    return sorted({rr * n + cc for rr, cc in shape if 0 <= rr < n and 0 <= cc < n})


def figures(n: int, rng: random.Random) -> Cells | None:
    """One to three figures (plus signs, T, L), then the rest."""
    cells = [FREE] * (n * n)
    region = 0
    for _ in range(rng.randint(1, 3) * 3):
        if region >= rng.randint(1, 3):
            break
        if _place(cells, figure(n, rng), region):
            region += 1
    return fill(n, cells, region, rng)


def spiral_path(n: int, r0: int, c0: int, size: int) -> list[int]:
    """A square spiral (a one-cell-wide path with one-cell gaps) of side ``size`` from corner (r0, c0), inwards."""
    grid = [[False] * size for _ in range(size)]
    r, c, dr, dc = 0, 0, 0, 1
    path = []
    while True:
        grid[r][c] = True
        path.append((r0 + r) * n + c0 + c)
        moved = False
        for _ in range(2):
            nr, nc = r + dr, c + dc
            ahead = (nr + dr, nc + dc)
            ok = 0 <= nr < size and 0 <= nc < size and not grid[nr][nc]
            ok = ok and not (0 <= ahead[0] < size and 0 <= ahead[1] < size and grid[ahead[0]][ahead[1]])
            if ok:
                r, c, moved = nr, nc, True
                break
            dr, dc = dc, -dr  # turn right
        if not moved:
            return path


def spiral(n: int, rng: random.Random) -> Cells | None:
    """A spiral region over a square part of the board, then the rest."""
    cells = [FREE] * (n * n)
    size = rng.randint(max(4, n // 2), max(4, n - 1))
    if size > n:
        return None
    r0, c0 = rng.randint(0, n - size), rng.randint(0, n - size)
    path = spiral_path(n, r0, c0, size)
    _place(cells, path[: max(4, int(len(path) * rng.uniform(0.5, 1.0)))], 0)
    return fill(n, cells, 1, rng)


def mirror_map(n: int, kind: str) -> list[int]:
    """The image of every cell under one symmetry of the square (an involution)."""
    maps: dict[str, Callable[[int, int], tuple[int, int]]] = {
        "vertical": lambda r, c: (r, n - 1 - c),
        "horizontal": lambda r, c: (n - 1 - r, c),
        "diagonal": lambda r, c: (c, r),
        "anti": lambda r, c: (n - 1 - c, n - 1 - r),
        "rotation": lambda r, c: (n - 1 - r, n - 1 - c),
    }
    f = maps[kind]
    return [f(*divmod(cell, n))[0] * n + f(*divmod(cell, n))[1] for cell in range(n * n)]


SYMMETRIC_LIST_MAX = 20000  # symmetric placements listed in full up to this many (then one is drawn by backtracking)


@lru_cache(maxsize=32)
def all_symmetric_queens(n: int, sigma: tuple[int, ...]) -> tuple[tuple[int, ...], ...] | None:
    """Every placement ``symmetric_queens`` could give (cells, row by row), when there are at most
    ``SYMMETRIC_LIST_MAX``; None when there are more."""
    found: list[tuple[int, ...]] = []
    rows = [-1] * n
    used = [False] * n

    def clear(cell: int, taken: list[int]) -> bool:
        r, c = divmod(cell, n)
        return rows[r] < 0 and not used[c] and all(max(abs(r - t // n), abs(c - t % n)) > 1 for t in taken)

    def place(r: int) -> bool:  # False: over the cap
        while r < n and rows[r] >= 0:
            r += 1
        if r == n:
            found.append(tuple(q * n + rows[q] for q in range(n)))
            return len(found) <= SYMMETRIC_LIST_MAX
        for c in range(n):
            cell, taken = r * n + c, [q * n + rows[q] for q in range(n) if rows[q] >= 0]
            image = sigma[cell]
            if not clear(cell, taken) or (image != cell and (image // n == r or image % n == c or not clear(image, [*taken, cell]))):
                continue
            for x in {cell, image}:
                rows[x // n], used[x % n] = x % n, True
            ok = place(r + 1)
            for x in {cell, image}:
                rows[x // n], used[x % n] = -1, False
            if not ok:
                return False
        return True

    return tuple(found) if place(0) else None


def symmetric_queens(n: int, sigma: list[int], rng: random.Random, budget: int = 2000) -> list[int] | None:
    """Cells of n queens, one a row and a column, none touching another, that ``sigma`` maps onto
    themselves, or None: drawn uniformly from all of them where they can be listed
    (``all_symmetric_queens``: a backtracking search's first find favours the placements in
    sparse branches, and one placement was the answer of 9 puzzles in 100 at n = 8), else by
    backtracking in a random order within ``budget`` nodes.

    A board symmetric under ``sigma`` has its solutions in pairs of images, so only such a
    placement can be its only solution; under a mirror along a row or column there is none."""
    if n <= 12:
        listed = all_symmetric_queens(n, tuple(sigma))
        if listed is not None:
            return list(rng.choice(listed)) if listed else None
    rows: list[int] = [-1] * n
    used_cols = [False] * n
    nodes = 0

    def clear(cell: int, taken: list[int]) -> bool:
        r, c = divmod(cell, n)
        return rows[r] < 0 and not used_cols[c] and all(max(abs(r - t // n), abs(c - t % n)) > 1 for t in taken)

    def place(r: int) -> bool:
        nonlocal nodes
        while r < n and rows[r] >= 0:
            r += 1
        if r == n:
            return True
        columns = list(range(n))
        rng.shuffle(columns)
        for c in columns:
            nodes += 1
            if nodes > budget:
                return False
            cell = r * n + c
            image = sigma[cell]
            taken = [q * n + rows[q] for q in range(n) if rows[q] >= 0]
            if not clear(cell, taken):
                continue
            if image != cell and (image // n == r or image % n == c or not clear(image, [*taken, cell])):
                continue
            for x in {cell, image}:
                rows[x // n], used_cols[x % n] = x % n, True
            if place(r + 1):
                return True
            for x in {cell, image}:
                rows[x // n], used_cols[x % n] = -1, False
        return False

    return [r * n + rows[r] for r in range(n)] if place(0) else None


def symmetric(n: int, rng: random.Random, kinds: Sequence[str]) -> Cells | None:
    """Regions grown in pairs of mirror images (and some regions their own image) under one symmetry,
    from the queens of a placement the symmetry keeps where there is one (then that placement
    solves the board and repairs made in mirrored pairs can keep it symmetric), else from random cells."""
    sigma = mirror_map(n, rng.choice(kinds))
    nbrs = neighbours(n)
    cells = [FREE] * (n * n)
    twin: list[int] = []  # each region's image region (itself for a self-symmetric one)
    queens = symmetric_queens(n, sigma, rng)
    if queens is not None:
        rng.shuffle(queens)
        for cell in queens:
            if cells[cell] != FREE:
                continue
            image = sigma[cell]
            if image == cell:
                twin.append(len(twin))
                cells[cell] = twin[-1]
            else:
                a = len(twin)
                twin += [a + 1, a]
                cells[cell], cells[image] = a, a + 1
    edge = [r in (0, n - 1) or c in (0, n - 1) for r, c in (divmod(cell, n) for cell in range(n * n))]
    order = sorted(range(n * n), key=lambda cell: rng.random() + 0.5 * edge[cell])  # seeds mostly inside: regions off the border
    for cell in order:
        if len(twin) == n:
            break
        if cells[cell] != FREE or cells[sigma[cell]] != FREE:
            continue
        image = sigma[cell]
        own = image == cell or image in nbrs[cell]
        if own or len(twin) == n - 1:
            if not own:
                continue
            k = len(twin)
            twin.append(k)
            cells[cell] = cells[image] = k
        else:
            a, b = len(twin), len(twin) + 1
            twin += [b, a]
            cells[cell], cells[image] = a, b
    if len(twin) < n:
        return None
    seeds = {cells[c]: c for c in range(n * n) if cells[c] != FREE}
    rates = [growth_rate(n, seeds[k], rng) for k in range(n)]
    for b in range(n):
        rates[b] = rates[min(b, twin[b])]
    active = [k for k in range(n) if twin[k] >= k]  # one of each pair grows, its twin follows
    while active:
        k = rng.choices(active, [rates[a] for a in active])[0]
        options = [
            nb for c in range(n * n) if cells[c] == k for nb in nbrs[c]
            if cells[nb] == FREE and (twin[k] == k or sigma[nb] != nb)
        ]
        if not options:
            active.remove(k)
            continue
        cell = rng.choice(options)
        cells[cell] = k
        cells[sigma[cell]] = twin[k]
    closed = _close_pockets(n, cells)
    return None if closed is None else thin_out(n, closed, rng, sigma=sigma, twin=twin)


def symmetry_of(cells: Cells, n: int, fixing: Sequence[int] = ()) -> list[int] | None:
    """The cell map of a symmetry of the square that maps the partition's regions onto regions
    (and the cells ``fixing`` onto themselves), or None."""
    for kind in ("vertical", "horizontal", "diagonal", "anti", "rotation"):
        sigma = mirror_map(n, kind)
        image: dict[int, int] = {}
        regions_kept = all(image.setdefault(cells[c], cells[sigma[c]]) == cells[sigma[c]] for c in range(n * n))
        if regions_kept and {sigma[c] for c in fixing} == set(fixing):
            return sigma
    return None


def symmetry_share(cells: Cells, n: int, sigma: list[int]) -> float:
    """The share of the region borders (edges between cells of two regions) that ``sigma`` maps
    onto region borders: 1.0 for a symmetric partition, less as repairs move cells."""
    right = [(a, a + 1) for a in range(n * n) if a % n < n - 1]
    below = [(a, a + n) for a in range(n * n - n)]
    borders = {(a, b) for a, b in right + below if cells[a] != cells[b]}
    if not borders:
        return 1.0
    kept = sum((min(sigma[a], sigma[b]), max(sigma[a], sigma[b])) in borders for a, b in borders)
    return kept / len(borders)


def no_specks(cells: Cells | None, n: int) -> Cells | None:
    """``cells`` unless some region has fewer than 3 cells (a design draws none; repairs may leave 2)."""
    if cells is None:
        return None
    sizes = [0] * n
    for k in cells:
        sizes[k] += 1
    return cells if min(sizes) >= 3 else None


DESIGNS: dict[str, Callable[[int, random.Random], Cells | None]] = {
    "rings": rings,
    "bands": bands,
    "figures": figures,
    "spiral": spiral,
    "mirror": lambda n, rng: symmetric(n, rng, ("vertical", "horizontal")),
    "rotation": lambda n, rng: symmetric(n, rng, ("rotation",)),
}


def design(style: str, n: int, rng: random.Random) -> Cells | None:
    """A partition of the n x n board into n regions drawn in ``style`` (one of ``DESIGNS``), or None."""
    return no_specks(DESIGNS[style](n, rng), n)
