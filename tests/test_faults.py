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
import threading
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
        try:
            _, err = proc.communicate(timeout=HANG)
        except subprocess.TimeoutExpired:  # say who is still there (the command, a worker?) before failing
            left = {pid: _command_line(pid) for pid in {proc.pid, *descendants(proc.pid), *workers} if running(pid)}
            os.killpg(proc.pid, signal.SIGKILL)
            pytest.fail(f"no exit {HANG} s after Ctrl-C; still running: {left}")
        assert_clean_exit(proc.returncode, err, signal.SIGINT)
        assert_no_orphans(workers)
        (tmp_path / "p.jsonl").unlink(missing_ok=True)


def _command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")[:200]
    except OSError:
        return "?"


EXIT_THAT_HANGS = """
import multiprocessing, sys, threading, time
from queens_sat.runtime.signals import exit_within

if __name__ == "__main__":
    child = multiprocessing.get_context("spawn").Process(target=time.sleep, args=(600,))
    child.start()  # not a daemon: the interpreter's exit joins it
    threading.Thread(target=time.sleep, args=(600,)).start()  # nor is this thread
    print(child.pid, flush=True)
    exit_within(130, 1.0)
    sys.exit(130)
"""


def test_an_exit_that_would_hang_is_ended(tmp_path):
    """After a Ctrl-C the interpreter's exit joins threads and child processes without a limit:
    ``exit_within`` ends the process with its exit code anyway, the children killed first."""
    script = tmp_path / "hangs.py"
    script.write_text(EXIT_THAT_HANGS)
    began = time.monotonic()
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=HANG)
    assert proc.returncode == 130, proc.stderr
    assert time.monotonic() - began < 30
    assert "ended it (1 child processes killed)" in proc.stderr, proc.stderr
    assert_no_orphans({int(proc.stdout.split()[0])})


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


# --- serve: every search cancelled when the server stops waiting for it, a stop within 2 s ----------

STOP_BOUND = 2.0  # seconds from SIGTERM or Ctrl-C to the server's exit, whatever runs (issue 27)
SERVE_HOST = "127.0.0.1"


def start_server(*options: str, preexec_fn=None, env: dict[str, str] | None = None) -> tuple[subprocess.Popen, str]:
    """``queens-sat serve`` on a free port, in a session of its own (so that Ctrl-C can go to its
    whole process group, as a terminal sends it), once ``/health`` answers: the process and its URL."""
    pytest.importorskip("uvicorn", reason="serve needs the serve extra: pip install '.[serve]'")
    import socket
    import urllib.request

    with socket.socket() as probe:
        probe.bind((SERVE_HOST, 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "queens_sat", "serve", "--host", SERVE_HOST, "--port", str(port), *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tempfile.gettempdir(),
        start_new_session=True,
        preexec_fn=preexec_fn,
        env=env,
    )
    url = f"http://{SERVE_HOST}:{port}"

    def up() -> bool:
        assert proc.poll() is None, proc.communicate()[1]
        try:
            with urllib.request.urlopen(url + "/health", timeout=5) as answer:
                return answer.status == 200
        except OSError:
            return False

    assert wait_until(up), "the server never answered /health"
    return proc, url


def post_in_background(url: str, body: bytes) -> tuple[threading.Thread, list]:
    """POST ``body`` from a thread; the list gets (status, body) or the error that ended it."""
    import urllib.error
    import urllib.request

    answers: list = []

    def post() -> None:
        try:
            with urllib.request.urlopen(urllib.request.Request(url, data=body, method="POST"), timeout=HANG) as answer:
                answers.append((answer.status, answer.read()))
        except urllib.error.HTTPError as err:
            answers.append((err.code, err.read()))
        except OSError as err:  # the connection closed without an answer: allowed at a stop
            answers.append(err)

    thread = threading.Thread(target=post, daemon=True)
    thread.start()
    return thread, answers


def thread_states(pid: int) -> list[str]:
    """The scheduler state (R running or runnable, S sleeping, ...) of each thread of ``pid`` but its main one."""
    states = []
    for tid in os.listdir(f"/proc/{pid}/task"):
        if int(tid) != pid:
            try:
                states.append(Path(f"/proc/{pid}/task/{tid}/stat").read_text().rpartition(")")[2].split()[0])
            except OSError:
                pass
    return states


def stop_server(proc: subprocess.Popen, sig: signal.Signals, group: bool) -> tuple[float, str]:
    """Signal the server (or its whole process group); the seconds it took to exit, and its stderr."""
    (os.killpg if group else os.kill)(proc.pid, sig)
    sent = time.monotonic()
    try:
        _, err = proc.communicate(timeout=HANG)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"the server still ran {HANG} s after {sig.name}")
    return time.monotonic() - sent, err


SLOW_BATCH = "\n".join(['{"n": 64, "stars": 16}'] * 50).encode()  # the Python star search times out on each


def test_serve_cancels_the_search_it_answers_503_for():
    """A batch past its time limit is answered 503, and its search stops then: no thread of the
    server runs on after the answer (before: the batch ran on, a core at 100 %, for a minute)."""
    proc, url = start_server("--time-limit", "1", "--batch-time-limit", "1")
    try:
        thread, answers = post_in_background(url + "/check?backend=python&logic=false", SLOW_BATCH)
        thread.join(HANG)
        assert answers and answers[0][0] == 503, answers
        time.sleep(0.3)  # a cancelled search stops within one look at its clock: milliseconds
        busy = 0
        for _ in range(60):
            busy += "R" in thread_states(proc.pid)
            time.sleep(0.025)
        assert busy <= 12, f"a server thread was running in {busy} of 60 looks after the 503"
    finally:
        _, err = stop_server(proc, signal.SIGTERM, group=False)
    assert proc.returncode == 0 and "Traceback" not in err, err


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=lambda s: s.name)
def test_serve_stops_within_2_s_whatever_runs(sig, workers):
    """SIGTERM (to the server) or Ctrl-C (to its process group) with searches in flight that would
    run a minute: exit 0 within 2 s, no traceback, every request answered (503, "the server is
    stopping") or its connection closed. Before: 51 to 124 s, the graceful stop waiting for them."""
    proc, url = start_server("--time-limit", "60", "--workers", str(workers))
    posts = [
        post_in_background(url + "/count", b'{"n": 22, "rule": "queens"}'),
        post_in_background(url + "/count?backend=python", b'{"n": 20, "stars": 2}'),
    ]
    time.sleep(rng_for("serve", sig, workers).uniform(1.0, 2.0))  # the searches are under way
    assert proc.poll() is None and not any(answers for _, answers in posts), [a for _, a in posts]
    seconds, err = stop_server(proc, sig, group=sig == signal.SIGINT)
    assert seconds < STOP_BOUND, f"{seconds:.2f} s from {sig.name} to the exit\n{err}"
    assert proc.returncode == 0, err
    assert "Traceback" not in err, err
    for thread, answers in posts:
        thread.join(HANG)
        assert answers, "a request got neither an answer nor a closed connection"
        if isinstance(answers[0], tuple):
            assert answers[0][0] == 503 and b"stopping" in answers[0][1], answers


def _fd_limit(limit: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))


def test_serve_drops_connections_stalled_in_their_headers():
    """300 connections that send part of their headers and stop, against a server of 256 file
    descriptors: each is answered 408 and closed after --header-timeout, so /health is answered
    again within seconds (before: never, every descriptor held for ever)."""
    import socket
    import urllib.request

    proc, url = start_server("--header-timeout", "1", preexec_fn=lambda: _fd_limit(256))
    stalled = []
    try:
        for _ in range(300):
            conn = socket.create_connection((SERVE_HOST, int(url.rpartition(":")[2])), timeout=HANG)
            conn.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            stalled.append(conn)

        def healthy() -> bool:
            try:
                with urllib.request.urlopen(url + "/health", timeout=5) as answer:
                    return answer.status == 200
            except OSError:
                return False

        assert wait_until(healthy, 15), "/health went unanswered with 300 stalled connections"
        first = stalled[0].recv(4096)
        assert first.startswith(b"HTTP/1.1 408") and b"did not arrive within 1 s" in first, first
        assert wait_until(lambda: len(os.listdir(f"/proc/{proc.pid}/fd")) < 100, 15), "the stalled connections' descriptors were kept"
    finally:
        for conn in stalled:
            conn.close()
        _, err = stop_server(proc, signal.SIGTERM, group=False)
    assert proc.returncode == 0 and "Traceback" not in err, err


def test_serve_raises_its_open_files_limit_to_the_hard_one():
    import resource

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 1024))

    proc, _ = start_server(preexec_fn=limits)
    try:
        line = next(x for x in Path(f"/proc/{proc.pid}/limits").read_text().splitlines() if x.startswith("Max open files"))
        assert line.split()[3:5] == ["1024", "1024"], line
    finally:
        stop_server(proc, signal.SIGTERM, group=False)


def test_a_quick_check_never_holds_the_event_loop():
    """The check that a server makes on its event loop (a bounded effort) is bounded in time too:
    the pure-Python star search's 16,384 nodes on n = 64, k = 16 held the loop for 125 s."""
    import urllib.request

    proc, url = start_server("--time-limit", "1", env={**os.environ, "QUEENS_SAT_PURE_PYTHON": "1"})
    try:
        thread, answers = post_in_background(url + "/check?logic=false", b'{"n": 64, "stars": 16}')
        time.sleep(0.5)
        with urllib.request.urlopen(url + "/health", timeout=HANG) as health:
            assert health.status == 200
        thread.join(HANG)
        assert answers and answers[0][0] == 200, answers
    finally:
        stop_server(proc, signal.SIGTERM, group=False)


def test_stragglers_do_not_hold_the_exit():
    """A worker thread that no cancel reaches (code with no clock) ends the process anyway, soon."""
    pytest.importorskip("anyio", reason="serve needs the serve extra")
    code = (
        "import threading, time\n"
        "from queens_sat.server.stopping import leave_stragglers\n"
        "threading.Thread(target=time.sleep, args=(60,)).start()\n"
        "leave_stragglers(0)\n"
    )
    began = time.monotonic()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG, cwd=tempfile.gettempdir())
    assert time.monotonic() - began < 10 and done.returncode == 0, done.stderr
    assert "still busy" in done.stderr and "Traceback" not in done.stderr


MEMORY_CAP = 200 << 20  # bytes: the most any command may hold on an input of up to 10 MB (issue 27)


def _hostile_inputs(folder: Path) -> dict[str, list[str]]:
    """Inputs of at most 10 MB, each meant to make a reader or a search hold far more."""
    import json as json_module

    files = {
        "brackets": b"[" * 10_000_000,
        "huge-grid": json_module.dumps({"regions": ["A" * 3000] * 3000}).encode(),
        "long-string": json_module.dumps({"regions": ["A" * 9_000_000]}).encode(),
        "many-lines": (json_module.dumps({"regions": ["AABB", "AABB", "CCDD", "CCDD"]}) + "\n").encode() * 200_000,
        "many-in-an-array": json_module.dumps([{"regions": ["AABB", "AABB", "CCDD", "CCDD"]}] * 190_000).encode(),
        "not-utf8": bytes(range(128, 256)) * 78_000,
        "deep-lines": (b'{"regions": ' + b"[" * 50_000 + b"\n") * 150,
    }
    pure = os.environ.get("QUEENS_SAT_PURE_PYTHON", "") not in ("", "0")
    if pure:  # 200,000 boards checked by the pure twin take a minute; the readers are the same on both paths: the native pass runs these
        del files["many-lines"], files["many-in-an-array"]
    argvs = {}
    for name, data in files.items():
        assert len(data) <= 10_000_000
        path = folder / f"{name}.json"
        path.write_bytes(data)
        argvs[name] = ["check", "--no-logic", str(path)]
    argvs["dev-zero"] = ["check", "/dev/zero"]
    argvs["no-regions"] = ["check", "--n", str(1 << 21 if pure else 100_000_000), "--rule", "queens"]  # the twin: seconds, not 40
    return argvs


# The command run in-process, then its own high-water mark: VmHWM of its address space (the
# kernel's ru_maxrss of a child counts the parent's pages it was forked from, and pytest's are many).
_PEAK_OF = (
    "import sys\n"
    "from queens_sat.cli import main\n"
    "code = main(sys.argv[1:])\n"
    "peak = next(line for line in open('/proc/self/status') if line.startswith('VmHWM:')).split()[1]\n"
    "sys.stderr.write(f'\\npeak-kb {peak}\\n')\n"
    "sys.exit(code)\n"
)


def test_no_input_of_10_mb_makes_a_command_hold_200_mb(tmp_path):
    """Peak memory stays under 200 MB on every hostile input of at most 10 MB: readers refuse or
    stream, a huge board without regions is never held. Each run ends with a verdict or a
    one-line error, never a traceback."""
    for name, argv in _hostile_inputs(tmp_path).items():
        done = subprocess.run(
            [sys.executable, "-c", _PEAK_OF, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=tempfile.gettempdir()
        )
        err, _, peak = done.stderr.rpartition("\npeak-kb ")
        assert done.returncode in (0, 1, 2), (name, done.returncode, done.stderr)
        assert peak, (name, done.stderr)
        assert "Traceback" not in err, (name, err)
        assert int(peak) << 10 <= MEMORY_CAP, f"{name}: {int(peak) >> 10} MB"
