"""The native extension's side of bench/wasm_bench.mjs: per board, the compiled uniqueness search
(``queens_sat._bitsearch.count``, limit 2, the call the native backend makes) timed as the module's
is, and its solution count. Reads the boards (JSON lines: n, rule, regions as numbers) on standard
input, writes one JSON object: {"seconds": [...], "counts": [...], "variant": ...}."""

from __future__ import annotations

import json
import sys
import time

from queens_sat import extension
from queens_sat.model.grids import int64_grid

MIN_SECONDS = 0.002  # repeat a board's search until this long, for the clock's sake


def main() -> None:
    module = extension.required(extension.BITSEARCH)
    seconds, counts = [], []
    for line in sys.stdin:
        board = json.loads(line)
        n, rule = board["n"], extension.rule_code(board["rule"])
        cells = int64_grid(tuple(tuple(row) for row in board["regions"]), n)
        grid = memoryview(cells).cast("B").cast("q", (n, n))
        reps, start = 0, time.perf_counter()
        while True:
            found = module.count(grid, n, rule, 2, 0, (), (), 0.0)
            reps += 1
            spent = time.perf_counter() - start
            if spent >= MIN_SECONDS:
                break
        seconds.append(spent / reps)
        counts.append(found[0])
    print(json.dumps({"seconds": seconds, "counts": counts, "variant": extension.native_path()}))


if __name__ == "__main__":
    main()
