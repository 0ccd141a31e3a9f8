"""Benchmark of boards without regions (issue 8): counting, one huge solution, SAT beside them.

    .venv/bin/python bench/nqueens.py                   # everything (about 10 minutes)
    .venv/bin/python bench/nqueens.py --only count      # or: n18, stream, local, sat
    .venv/bin/python bench/nqueens.py --quick           # smaller sizes, one repetition

count  counts N = 8..17 with a plain C bitmask counter using the first-row mirror
       (written and compiled here with gcc -O3 in a temporary folder) and with the
       nqueens counter on 1 and 2 workers, in turns, best of --repeat runs; the
       ratios are C / ours (one core, CPU time and wall time) and 1 worker / 2 workers.
n18    counts N = 18 with 2 workers (wall time).
stream every solution of N = 10, 12, 14 streamed by `queens-sat solve --all --columns`
       into /dev/null: time, solutions a second and peak memory (flat means streaming).
local  one solution of N = 128, 10^4 .. 10^7 through queens_sat.solve() (local search,
       then the facade's O(N) check), each in a fresh process: time and peak memory.
sat    CP-SAT and SAT for N = 8..200 beside the nqueens backend: the project's cpsat and
       sat backends (a Boolean per cell), and the textbook CP-SAT model inline (a column
       per row, three AllDifferent); a solver is dropped after its first timeout.

Machine load changes every figure: the load average is printed before and after, and
results go to bench/results/nqueens-<time>.json too.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIRROR_C = r"""
/* Plain bitmask N-Queens counter with the first-row mirror (the baseline). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static unsigned int full;
static unsigned long long total;

static void search(unsigned int ld, unsigned int cols, unsigned int rd) {
    if (cols == full) { total++; return; }
    unsigned int avail = full & ~(ld | cols | rd);
    while (avail) {
        unsigned int bit = avail & -avail;
        avail ^= bit;
        search((ld | bit) << 1, cols | bit, (rd | bit) >> 1);
    }
}

static unsigned long long count(int n) {
    unsigned long long sum = 0;
    full = (1u << n) - 1;
    for (int c = 0; c < n / 2; c++) {          /* left half of row 0, doubled */
        unsigned int bit = 1u << c;
        total = 0;
        search(bit << 1, bit, bit >> 1);
        sum += 2 * total;
    }
    if (n & 1) {                               /* middle of row 0: row 1 in the left half, doubled */
        unsigned int bit = 1u << (n / 2);
        unsigned int avail = full & ~(bit | bit << 1 | bit >> 1) & (bit - 1);
        while (avail) {
            unsigned int b2 = avail & -avail;
            avail ^= b2;
            total = 0;
            search((bit << 1 | b2) << 1, bit | b2, (bit >> 1 | b2) >> 1);
            sum += 2 * total;
        }
    }
    return n == 1 ? 1 : sum;
}

static double clock_of(clockid_t id) {
    struct timespec t;
    clock_gettime(id, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    int n = atoi(argv[1]), reps = argc > 2 ? atoi(argv[2]) : 1;
    double w = clock_of(CLOCK_MONOTONIC), c = clock_of(CLOCK_PROCESS_CPUTIME_ID);
    unsigned long long result = 0;
    for (int i = 0; i < reps; i++) result = count(n);
    printf("%llu %.6f %.6f\n", result, (clock_of(CLOCK_PROCESS_CPUTIME_ID) - c) / reps,
           (clock_of(CLOCK_MONOTONIC) - w) / reps);
    return 0;
}
"""

A000170 = {8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 13: 73712, 14: 365596, 15: 2279184,
           16: 14772512, 17: 95815104, 18: 666090624}


def load() -> str:
    return "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def compile_mirror(folder: str) -> str:
    if shutil.which("gcc") is None:
        sys.exit("gcc is needed to build the C baseline")
    src = Path(folder) / "mirror.c"
    src.write_text(MIRROR_C)
    exe = str(Path(folder) / "mirror")
    subprocess.run(["gcc", "-O3", "-o", exe, str(src)], check=True)
    return exe


def reps_for(n: int) -> int:
    """Inner repetitions so that a timing of a small N lasts about 0.1 s."""
    return max(1, int(0.1 / (1e-5 * 6 ** (n - 8))))


def run_mirror(exe: str, n: int) -> tuple[int, float, float]:
    out = subprocess.run([exe, str(n), str(reps_for(n))], capture_output=True, text=True, check=True).stdout.split()
    return int(out[0]), float(out[1]), float(out[2])


def run_ours(n: int, workers: int) -> tuple[int, float, float]:
    from queens_sat.engines.nqueens.counting import count_queens

    reps = reps_for(n) if workers == 1 else 1
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(reps):
        result = count_queens(n, workers=workers)
    return result.count, (time.process_time() - cpu) / reps, (time.perf_counter() - wall) / reps


def bench_count(sizes: list[int], repeat: int, report: dict) -> None:
    from queens_sat.engines.nqueens._impl import native
    from queens_sat.engines.nqueens.counting import POOL_FROM_N

    if native() is None:
        sys.exit("the native extension is not built: pip install . first")
    print(f"\n== counting N-queens: C mirror counter vs nqueens (best of {repeat}) ==")
    print(f"{'N':>3} {'count':>10} {'C cpu s':>9} {'1w cpu s':>9} {'cpu ratio':>9} {'C wall s':>9} {'1w wall s':>9} "
          f"{'wall ratio':>10} {'2w wall s':>9} {'2w speed-up':>11}")
    with tempfile.TemporaryDirectory() as folder:
        exe = compile_mirror(folder)
        for n in sizes:
            best = {"c_cpu": 1e9, "c_wall": 1e9, "o_cpu": 1e9, "o_wall": 1e9, "o2_wall": 1e9}
            for _ in range(repeat):
                got_c, c_cpu, c_wall = run_mirror(exe, n)
                got_o, o_cpu, o_wall = run_ours(n, 1)
                got_2, _, o2_wall = run_ours(n, 2)
                assert got_c == got_o == got_2 == A000170[n], (n, got_c, got_o, got_2)
                for key, value in (("c_cpu", c_cpu), ("c_wall", c_wall), ("o_cpu", o_cpu), ("o_wall", o_wall), ("o2_wall", o2_wall)):
                    best[key] = min(best[key], value)
            row = dict(best, n=n, count=A000170[n], cpu_ratio=best["c_cpu"] / best["o_cpu"],
                       wall_ratio=best["c_wall"] / best["o_wall"], speedup_2w=best["o_wall"] / best["o2_wall"])
            report.setdefault("count", []).append(row)
            print(f"{n:>3} {row['count']:>10} {best['c_cpu']:>9.4f} {best['o_cpu']:>9.4f} {row['cpu_ratio']:>9.2f} "
                  f"{best['c_wall']:>9.4f} {best['o_wall']:>9.4f} {row['wall_ratio']:>10.2f} {best['o2_wall']:>9.4f} "
                  + (f"{row['speedup_2w']:>11.2f}" if n >= POOL_FROM_N else f"{'(1 process)':>11}"), flush=True)


def bench_n18(report: dict) -> None:
    from queens_sat.engines.nqueens.counting import count_queens

    print("\n== N = 18 with 2 workers ==")
    start = time.perf_counter()
    result = count_queens(18, workers=2)
    wall = time.perf_counter() - start
    assert result.count == A000170[18]
    report["n18"] = {"count": result.count, "workers": 2, "wall": wall, "tasks": result.stats["tasks"]}
    print(f"N = 18: {result.count} in {wall:.1f} s wall ({result.stats['tasks']} tasks, {load()})", flush=True)


def bench_stream(sizes: list[int], report: dict) -> None:

    print("\n== every solution streamed: queens-sat solve --all --columns > /dev/null ==")
    print(f"{'N':>3} {'solutions':>10} {'wall s':>8} {'per second':>11} {'peak MB':>8}")
    script = [sys.executable, "-I", "-m", "queens_sat", "solve", "--rule", "queens", "--all", "--columns", "--n"]
    for n in sizes:
        probe = (
            "import resource, subprocess, sys, time; t = time.perf_counter(); "
            f"p = subprocess.run({script!r} + [sys.argv[1]], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True); "
            "print(p.stderr.split()[0], time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
        )
        out = subprocess.run([sys.executable, "-I", "-c", probe, str(n)], capture_output=True, text=True, check=True).stdout.split()
        count, wall, rss = int(out[0]), float(out[1]), int(out[2]) / 1024
        report.setdefault("stream", []).append({"n": n, "solutions": count, "wall": wall, "peak_rss_mb": rss})
        print(f"{n:>3} {count:>10} {wall:>8.2f} {count / wall:>11.0f} {rss:>8.0f}", flush=True)


LOCAL_PROBE = r"""
import json, resource, sys, time
import queens_sat as qs
from queens_sat import Puzzle
from queens_sat.engines.nqueens.min_conflicts import local_search
from queens_sat.model.columns import first_violation
n, method = int(sys.argv[1]), sys.argv[2]
start = time.perf_counter()
res = qs.solve(Puzzle(n=n, rule="queens"), backend="nqueens:" + method, limit=1)
total = time.perf_counter() - start
assert res.solution is not None and len(res.solution) == n
t = time.perf_counter(); run = local_search(n, "queens", 0); search = time.perf_counter() - t
t = time.perf_counter(); bad = first_violation(run.columns, "queens"); check = time.perf_counter() - t
assert bad == -1
print(json.dumps({"n": n, "method": method, "solve_and_verify": total, "search_only": search,
                  "check_only": check, "restarts": run.restarts, "swaps": run.swaps,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def bench_local(sizes: list[int], report: dict) -> None:
    print("\n== one solution of N queens: solve(limit=1) in a fresh process (search + facade check) ==")
    print(f"{'N':>10} {'method':>9} {'solve+verify s':>14} {'search s':>9} {'check s':>8} {'restarts':>8} {'peak MB':>8}")
    for n in sizes:
        for method in ("local", "construct"):
            out = subprocess.run([sys.executable, "-I", "-c", LOCAL_PROBE, str(n), method], capture_output=True, text=True)
            if out.returncode:
                print(f"{n:>10} {method:>9} failed: {out.stderr.strip()[-300:]}")
                continue
            row = json.loads(out.stdout)
            report.setdefault("local", []).append(row)
            search = f"{row['search_only']:>9.3f}" if method == "local" else f"{'-':>9}"
            print(f"{n:>10} {method:>9} {row['solve_and_verify']:>14.3f} {search} {row['check_only']:>8.3f} "
                  f"{row['restarts'] if method == 'local' else '-':>8} {row['peak_rss_mb']:>8.0f}", flush=True)


def cpsat_inline(n: int, time_limit: float) -> tuple[str, list[int] | None]:
    """The textbook CP-SAT model: a column per row, three AllDifferent constraints."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    q = [model.NewIntVar(0, n - 1, f"q{i}") for i in range(n)]
    model.AddAllDifferent(q)
    model.AddAllDifferent([q[i] + i for i in range(n)])
    model.AddAllDifferent([q[i] - i for i in range(n)])
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = 1
    status = solver.Solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "solved", [solver.Value(v) for v in q]
    return "timeout", None


def bench_sat(sizes: list[int], time_limit: float, report: dict) -> None:
    import queens_sat as qs
    from queens_sat import Puzzle
    from queens_sat.backends import available_backends, get_backend

    qs.solve(Puzzle(n=8, rule="queens"), limit=1)  # imports and first calls out of the timings

    print(f"\n== one solution, N = {sizes[0]}..{sizes[-1]}: SAT and CP-SAT beside nqueens (limit {time_limit:g} s each) ==")
    installed = available_backends()
    solvers: dict[str, object] = {"nqueens": None}
    for name in ("cpsat", "sat"):
        if name in installed:
            solvers[name] = None
        else:
            print(f"note: backend {name!r} is not installed here; it is left out")
    solvers["cpsat-inline"] = cpsat_inline
    dropped: set[str] = set()
    print(f"{'N':>5} " + " ".join(f"{name:>14}" for name in solvers))
    for n in sizes:
        cells = []
        for name, inline in solvers.items():
            if name in dropped:
                cells.append(f"{'-':>14}")
                continue
            start = time.perf_counter()
            if inline is None:
                why = get_backend(name).unsupported(Puzzle(n=n, rule="queens"))
                if why is not None:
                    print(f"note: {name} stops at N = {n}: {why}")
                    dropped.add(name)
                    cells.append(f"{'unsupported':>14}")
                    continue
                res = qs.solve(Puzzle(n=n, rule="queens"), backend=name, limit=1, time_limit=time_limit)
                status = "solved" if res.solution else "timeout"
            else:
                status, cols = inline(n, time_limit)
                if cols is not None:
                    assert Puzzle(n=n, rule="queens").is_solution(cols)
            wall = time.perf_counter() - start
            report.setdefault("sat", []).append({"n": n, "solver": name, "status": status, "wall": wall})
            if status != "solved":
                dropped.add(name)
            cells.append(f"{wall:>13.3f}s" if status == "solved" else f"{'timeout':>14}")
        print(f"{n:>5} " + " ".join(cells), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=("count", "n18", "stream", "local", "sat"), action="append", help="run these sections only")
    parser.add_argument("--repeat", type=int, default=3, help="runs per counting size; the best is kept (default 3)")
    parser.add_argument("--quick", action="store_true", help="smaller sizes and one repetition")
    parser.add_argument("--max-n", type=int, default=17, help="largest N of the counting table (default 17)")
    parser.add_argument("--sat-time-limit", type=float, default=60.0, help="seconds per SAT/CP-SAT solve (default 60)")
    args = parser.parse_args()
    sections = args.only or ["count", "n18", "stream", "local", "sat"]
    repeat = 1 if args.quick else args.repeat
    report: dict = {"started": time.strftime("%Y-%m-%d %H:%M:%S"), "load_before": os.getloadavg(), "cpus": os.cpu_count()}
    print(f"queens-sat bench: boards without regions; {os.cpu_count()} cores; {load()}")
    if "count" in sections:
        bench_count(list(range(8, min(args.max_n, 14 if args.quick else 17) + 1)), repeat, report)
    if "n18" in sections and not args.quick:
        bench_n18(report)
    if "stream" in sections:
        bench_stream([10, 12] if args.quick else [10, 12, 14], report)
    if "local" in sections:
        bench_local([128, 10**4, 10**5, 10**6] + ([] if args.quick else [10**7]), report)
    if "sat" in sections:
        sizes = [8, 16, 32, 50, 64, 100, 128, 200]
        bench_sat(sizes[:5] if args.quick else sizes, 10.0 if args.quick else args.sat_time_limit, report)
    report["load_after"] = os.getloadavg()
    print(f"\n{load()}")
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"nqueens-{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.write_text(json.dumps(report, indent=1))
    print(f"results written to {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
