"""Fault suite: signals at random (seeded) moments into the long-running commands.

Each case starts the real command line in its own process, waits until it is
busy (workers started, lines written), sends SIGINT, SIGTERM or SIGKILL after a
random delay, and checks what is left behind: the exit code (130, 143, or
killed), no worker process still running, and files with nothing lost, nothing
duplicated, nothing torn (a resumed ``generate`` run must give exactly the file
an uninterrupted run gives). ``QUEENS_SAT_FAULT_SEED`` picks other moments.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from queens_sat.model.puzzle import Puzzle
from queens_sat.services.generator import generate

SEED = int(os.environ.get("QUEENS_SAT_FAULT_SEED", "13"))
EXIT = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGKILL: -signal.SIGKILL}
HANG = 60  # seconds after which a command is taken to hang (a failure, not a measurement)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc and relies on Linux signals")


def rng_for(*parts: object) -> random.Random:
    return random.Random(f"{SEED}-" + "-".join(map(str, parts)))


def start(*argv: str, group: bool = False) -> subprocess.Popen:
    """The command in a process of its own, run from a neutral folder so that the installed
    package (with its compiled kernels) is the one imported, not a source tree beside it.
    ``group``: in a process group of its own, as a terminal runs a command."""
    return subprocess.Popen(
        [sys.executable, "-m", "queens_sat", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tempfile.gettempdir(),
        start_new_session=group,
    )


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (from /proc: no dependency)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rpartition(")")[2].split()[1])
            parents.setdefault(ppid, []).append(int(entry))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def running(pid: int) -> bool:
    """Alive and not a zombie waiting to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def wait_until(condition, timeout: float = HANG) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return False


def interrupt(proc: subprocess.Popen, sig: signal.Signals, delay: float) -> tuple[int, str, set[int]]:
    """Signal ``proc`` after ``delay`` seconds; its exit code, standard error and the processes it had."""
    time.sleep(delay)
    assert proc.poll() is None, f"finished before the signal: {proc.communicate()[1]}"
    workers = descendants(proc.pid)
    proc.send_signal(sig)
    try:
        _, err = proc.communicate(timeout=HANG)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail(f"still running {HANG} s after {sig.name}")
    return proc.returncode, err, workers


def assert_no_orphans(workers: set[int]) -> None:
    assert wait_until(lambda: not any(running(p) for p in workers), 10), [p for p in workers if running(p)]


def assert_clean_exit(code: int, err: str, sig: signal.Signals) -> None:
    assert code == EXIT[sig], err
    assert "Traceback" not in err, err
    if sig != signal.SIGKILL:
        assert ("terminated" if sig == signal.SIGTERM else "interrupted") in err


SIGNALS = [signal.SIGINT, signal.SIGTERM, signal.SIGKILL]


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_count_pool(sig):
    proc = start("count", "--n", "24", "--rule", "queens", "--workers", "2")
    assert wait_until(lambda: len(descendants(proc.pid)) >= 2), "the workers never started"
    code, err, workers = interrupt(proc, sig, rng_for("count", sig).uniform(0.0, 1.0))
    assert_clean_exit(code, err, sig)
    assert_no_orphans(workers)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=lambda s: s.name)
def test_count_in_process(sig):
    """One worker: the count runs in the main process, inside the native kernel."""
    proc = start("count", "--n", "24", "--rule", "queens", "--workers", "1")
    code, err, _ = interrupt(proc, sig, rng_for("count1", sig).uniform(1.0, 2.0))
    assert_clean_exit(code, err, sig)


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=lambda s: s.name)
def test_a_cdcl_solve_stops_at_the_signal(backend, sig):
    """Inside a SAT (python-sat) or CP-SAT solve, with a time limit a minute away: the signal stops
    the solve (python-sat's solver interrupted from a watcher thread, CP-SAT by its own handler;
    0.03 to 0.4 s here, the bound below is only "long before the limit") and the command exits
    130 or 143, not at the limit, not with CP-SAT's "solve() has not been called" after it."""
    pytest.importorskip("pysat" if backend == "sat" else "ortools")
    proc = start("count", "--backend", backend, "--n", "14", "--rule", "queens", "--time-limit", "60")
    library = "pysolvers" if backend == "sat" else "ortools"  # loaded: the solver is imported, the search under way

    def loaded() -> bool:
        try:
            return library in Path(f"/proc/{proc.pid}/maps").read_text()
        except OSError:
            return False

    assert wait_until(loaded), f"{library} never loaded"
    time.sleep(rng_for("cdcl", backend, sig).uniform(1.0, 2.0))
    assert proc.poll() is None, f"finished before the signal: {proc.communicate()[1]}"
    proc.send_signal(sig)
    sent = time.monotonic()
    _, err = proc.communicate(timeout=HANG)
    assert time.monotonic() - sent < 15, f"{backend} took {time.monotonic() - sent:.1f} s to stop: it waited for the time limit"
    assert_clean_exit(proc.returncode, err, sig)
    assert "internal error" not in err, err


def test_count_time_limit_ends_the_pool():
    """A time limit far below the work: a lower bound, exit 3, and no worker left."""
    proc = start("count", "--n", "30", "--rule", "queens", "--workers", "2", "--time-limit", "0.5", "--json")
    assert wait_until(lambda: len(descendants(proc.pid)) >= 2 or proc.poll() is not None)
    workers = descendants(proc.pid)
    out, err = proc.communicate(timeout=HANG)
    assert proc.returncode == 3, err
    obj = json.loads(out)
    assert obj["timed_out"] and not obj["exact"]
    assert_no_orphans(workers)


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_solve_local_search(sig, tmp_path):
    """A huge board: the native local search (and its page faults) must notice the signal;
    --out is left as it was, never half written."""
    out = tmp_path / "solution.txt"
    out.write_text("before\n")
    proc = start("solve", "--n", "20000000", "--rule", "queens", "--out", str(out))
    code, err, _ = interrupt(proc, sig, rng_for("solve", sig).uniform(0.7, 1.5))
    assert_clean_exit(code, err, sig)
    assert out.read_text() == "before\n"


def _lines(path: Path) -> list[dict]:
    data = path.read_bytes()
    assert not data or data.endswith(b"\n"), "a torn last line"
    return [json.loads(line) for line in data.splitlines()]


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_generate_then_resume(sig, tmp_path):
    """Whatever stops a run, resuming it gives exactly the file an uninterrupted run gives."""
    seed = rng_for("generate-seed", sig).randrange(1000)
    out = tmp_path / "p.jsonl"
    argv = ["generate", "--n", "8", "--seed", str(seed), "-q", "-o", str(out)]
    proc = start(*argv, "--count", "100000", "--workers", "2")
    assert wait_until(lambda: out.exists() and out.read_bytes().count(b"\n") >= 2), proc.communicate()[1]
    code, err, workers = interrupt(proc, sig, rng_for("generate", sig).uniform(0.0, 0.5))
    assert_clean_exit(code, err, sig)
    assert_no_orphans(workers)
    if sig == signal.SIGKILL:  # the kernel may have cut the last write: resume drops such a line
        done = out.read_bytes().count(b"\n")
    else:
        done = len(_lines(out))
    wanted = done + 2
    resumed = start(*argv, "--count", str(wanted), "--workers", "1", "--resume")
    _, err = resumed.communicate(timeout=HANG)
    assert resumed.returncode == 0, err
    lines = _lines(out)
    expected = generate(8, wanted, seed=seed)
    assert [r["index"] for r in lines] == [p.index for p in expected]  # none lost, none twice
    assert [r["regions"] for r in lines] == [Puzzle(p.regions).label_rows() for p in expected]


@pytest.mark.parametrize(
    "argv",
    [
        ("generate", "--n", "9", "--count", "100000", "--workers", "2", "-q", "-o", "{out}"),
        ("count", "--n", "24", "--rule", "queens", "--workers", "2"),
    ],
    ids=["generate", "count"],
)
def test_ctrl_c_at_the_terminal_while_workers_start(argv, tmp_path):
    """A terminal's Ctrl-C reaches the whole process group, workers too, and it may come while they
    are still importing: no worker may die of it with a traceback (two runs in twelve printed one
    from a spawned worker, or an InvalidStateError from the pool's manager thread), and the
    command still ends as a Ctrl-C does."""
    argv = tuple(arg.format(out=tmp_path / "p.jsonl") for arg in argv)
    for attempt in range(3):
        proc = start(*argv, group=True)
        assert wait_until(lambda proc=proc: len(descendants(proc.pid)) >= 1), "the workers never started"
        time.sleep(0.05 * attempt)  # the first worker just started, then later in their start-up
        workers = descendants(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=HANG)
        assert_clean_exit(proc.returncode, err, signal.SIGINT)
        assert_no_orphans(workers)
        (tmp_path / "p.jsonl").unlink(missing_ok=True)


def test_a_second_writer_is_refused(tmp_path):
    out = tmp_path / "p.jsonl"
    first = start("generate", "--n", "9", "--count", "100000", "--seed", "1", "--workers", "1", "-q", "-o", str(out))
    try:
        assert wait_until(lambda: out.exists() and out.stat().st_size > 0)
        for extra in (["--resume"], ["--force"]):
            second = start("generate", "--n", "9", "--count", "5", "--seed", "1", "--workers", "1", "-q", "-o", str(out), *extra)
            _, err = second.communicate(timeout=HANG)
            assert second.returncode == 2 and "another run" in err, err
    finally:
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=HANG)
    lines = _lines(out)
    assert len({r["index"] for r in lines}) == len(lines)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=lambda s: s.name)
def test_bench_keeps_whole_measurements(sig, tmp_path):
    raw = tmp_path / "raw.jsonl"
    proc = start(
        "bench", "--generate", "11-12", "--per-size", "1000", "--repeat", "40", "--backends", "python", "--raw", str(raw), "--json"
    )
    assert wait_until(lambda: raw.exists() and raw.stat().st_size > 0), proc.communicate()[1]
    time.sleep(rng_for("bench", sig).uniform(0.0, 0.5))
    assert proc.poll() is None
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=HANG)
    assert proc.returncode == EXIT[sig], err
    assert "Traceback" not in err
    assert json.loads(out)["interrupted"]  # the figures measured so far are still printed
    assert _lines(raw)


def _with_file_size_limit(limit: int):
    """A preexec_fn: files of this process may grow to ``limit`` bytes (a disk that fills up)."""
    import resource

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def test_a_full_disk_leaves_whole_lines_and_names_the_file(tmp_path):
    """The system refuses a line half-way (RLIMIT_FSIZE stands in for a full disk: the same short
    write, then an error): the file ends with its last whole line, the message names the file and
    says the lines are kept, and ``--resume`` goes on from there."""
    out = tmp_path / "p.jsonl"
    argv = [sys.executable, "-m", "queens_sat", "generate", "--n", "8", "--seed", "4", "-q", "-o", str(out)]
    proc = subprocess.run(
        [*argv, "--count", "50"],
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
        preexec_fn=_with_file_size_limit(5000),
        timeout=HANG,
    )
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert f"cannot write to {out}" in proc.stderr and "kept" in proc.stderr, proc.stderr
    lines = _lines(out)
    assert 0 < len(lines) < 50
    resumed = subprocess.run([*argv, "--count", "50", "--resume"], capture_output=True, text=True, cwd=tempfile.gettempdir(), timeout=HANG)
    assert resumed.returncode == 0, resumed.stderr
    assert [r["index"] for r in _lines(out)] == [p.index for p in generate(8, 50, seed=4)]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (a device every write to fails with ENOSPC)")
@pytest.mark.parametrize(
    "argv, named",
    [
        (["generate", "--n", "8", "--count", "3", "-o", "/dev/full"], "/dev/full"),
        (["generate", "--n", "8", "--count", "3"], "standard output"),
        (["solve", "--n", "3000", "--out", "/dev/full"], "/dev/full"),
        (["bench", "--generate", "8", "--per-size", "2", "--backends", "python", "--raw", "/dev/full"], "/dev/full"),
    ],
    ids=["generate-out", "generate-stdout", "solve-out", "bench-raw"],
)
def test_a_device_that_refuses_writes_is_named(argv, named):
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "queens_sat", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tempfile.gettempdir(),
            timeout=HANG,
        )
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    assert f"cannot write to {named}: No space left on device" in proc.stderr, proc.stderr
