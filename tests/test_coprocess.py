"""Co-process mode: a client writes one JSON line, waits for its answer, then writes the next.

Every exchange has a timeout, so that a command which reads ahead (and would make a real
client wait forever) fails the test instead of hanging it.
"""

from __future__ import annotations

import json
import os
import queue
import random
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from helpers import EXAMPLES, ROOT, random_regions

SCRIPT_DIR = os.path.dirname(sys.executable)
TIMEOUT = 60  # seconds for one answer: far above any answer's time, far below a hung test's
UNIQUE_5 = [[0, 0, 1, 1, 1], [0, 0, 0, 2, 3], [0, 4, 0, 2, 3], [0, 2, 2, 2, 2], [0, 2, 2, 2, 2]]


class CoProcess:
    """``queens-sat ARGS`` on pipes, answering one line at a time."""

    def __init__(self, *args: str) -> None:
        env = dict(os.environ, NO_COLOR="1", PATH=SCRIPT_DIR + os.pathsep + os.environ.get("PATH", ""))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "queens_sat", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        self.lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        for line in self.proc.stdout:  # type: ignore[union-attr]
            self.lines.put(line)
        self.lines.put(b"")

    def ask(self, line: str | bytes) -> dict:
        """Send one line and wait for one answer (failing, not hanging, when none comes)."""
        data = line if isinstance(line, bytes) else line.encode()
        self.proc.stdin.write(data + b"\n")  # type: ignore[union-attr]
        self.proc.stdin.flush()  # type: ignore[union-attr]
        try:
            answer = self.lines.get(timeout=TIMEOUT)
        except queue.Empty:
            self.proc.kill()
            pytest.fail(f"no answer within {TIMEOUT} s to {data[:80]!r}: the command waits for more input")
        assert answer, f"the command ended instead of answering: {self.proc.stderr.read().decode()}"  # type: ignore[union-attr]
        return json.loads(answer)

    def close(self) -> tuple[int, str]:
        self.proc.stdin.close()  # type: ignore[union-attr]
        code = self.proc.wait(timeout=TIMEOUT)
        return code, self.proc.stderr.read().decode()  # type: ignore[union-attr]


def _line(regions, **extra) -> str:
    return json.dumps({"regions": regions, **extra})


def test_check_answers_each_line_before_the_next_is_sent():
    import random

    import queens_sat as qs

    rng = random.Random(7)
    checker = CoProcess("check", "--json", "-")
    for i in range(30):
        regions = random_regions(rng.choice((5, 6, 7, 8)), rng)
        answer = checker.ask(_line(regions, id=f"c{i}"))
        assert answer["id"] == f"c{i}" and answer["line"] == i + 1
        assert answer["status"] == qs.solve(regions).status.value
    code, err = checker.close()
    assert code in (0, 1) and "30 puzzles" in err


@pytest.mark.parametrize(
    ("command", "key", "value"),
    [("solve", "status", "solved"), ("count", "count", 1), ("explain", "status", "solved")],
)
def test_solve_count_and_explain_answer_line_by_line(command, key, value):
    proc = CoProcess(command, "--json", "-")
    for i in range(3):
        answer = proc.ask(_line(UNIQUE_5, id=str(i)))
        assert answer["id"] == str(i) and answer[key] == value
    assert proc.close()[0] == 0


def test_bad_lines_get_an_invalid_answer_each_and_the_stream_goes_on():
    checker = CoProcess("check", "--json", "-")
    bad_json = checker.ask("{not json")
    assert bad_json["status"] == "invalid" and "invalid JSON" in bad_json["error"] and bad_json["line"] == 1
    not_utf8 = checker.ask(b'{"regions": ["\xff\xfe"]}')
    assert not_utf8["status"] == "invalid" and "UTF-8" in not_utf8["error"] and not_utf8["line"] == 2
    bad_board = checker.ask(_line([[0, 0], [0, 0]]))
    assert bad_board["status"] == "invalid" and "regions" in bad_board["error"]
    assert checker.ask(_line(UNIQUE_5))["status"] == "unique"
    code, err = checker.close()
    assert code == 2 and "Traceback" not in err


def test_rule_override_and_field_names_apply_to_live_lines():
    checker = CoProcess("check", "--json", "--no-logic", "--rule", "queens", "--regions-key", "colorGrid", "-")
    answer = checker.ask(json.dumps({"colorGrid": UNIQUE_5}))
    assert answer["rule"] == "queens" and answer["status"] in ("unique", "multiple", "none")
    checker.close()


def test_a_blank_line_and_a_byte_order_mark_are_no_records():
    checker = CoProcess("check", "--json", "-")
    first = checker.ask(b"\xef\xbb\xbf" + _line(UNIQUE_5).encode())
    assert first["status"] == "unique" and first["line"] == 1
    checker.proc.stdin.write(b"\n")  # type: ignore[union-attr]
    assert checker.ask(_line(UNIQUE_5))["line"] == 3
    checker.close()


def test_input_that_is_not_json_lines_is_read_to_the_end_as_before():
    text = (EXAMPLES / "unique-9.txt").read_text()
    res = subprocess.run(
        [sys.executable, "-m", "queens_sat", "check", "--json", "-"], input=text, capture_output=True, text=True, timeout=120
    )
    assert res.returncode == 0
    assert json.loads(res.stdout)["status"] == "unique"
    indented = json.dumps({"regions": UNIQUE_5}, indent=2)
    res = subprocess.run(
        [sys.executable, "-m", "queens_sat", "count", "--json", "-"], input=indented, capture_output=True, text=True, timeout=120
    )
    assert res.returncode == 0 and json.loads(res.stdout)["count"] == 1


def test_a_pipe_of_many_lines_is_answered_in_order():
    lines = [_line(UNIQUE_5, id=str(i)) if i % 3 else "{broken" for i in range(1200)]
    res = subprocess.run(
        [sys.executable, "-m", "queens_sat", "check", "--json", "--no-logic", "-"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=300,
    )
    answers = [json.loads(line) for line in res.stdout.splitlines()]
    assert [a["line"] for a in answers] == list(range(1, 1201))
    assert all((a["status"] == "unique") == bool(i % 3) for i, a in enumerate(answers))


def _example_env() -> dict:
    return dict(os.environ, PATH=SCRIPT_DIR + os.pathsep + os.environ.get("PATH", ""))


def test_the_readme_python_client_runs():
    res = subprocess.run(
        [sys.executable, str(EXAMPLES / "coprocess_client.py")], capture_output=True, text=True, env=_example_env(), timeout=120
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["unique", "multiple"]


def test_the_readme_node_client_runs():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the Node.js co-process example cannot run here")
    res = subprocess.run(
        [node, str(EXAMPLES / "coprocess_client.js")], capture_output=True, text=True, env=_example_env(), timeout=120
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["unique", "multiple"]


def test_the_docs_show_both_clients_as_they_are_in_examples():
    page = (ROOT / "docs" / "validating.md").read_text()
    for name in ("coprocess_client.py", "coprocess_client.js"):
        code = (EXAMPLES / name).read_text().strip()
        assert code in page, f"docs/validating.md does not show examples/{name} as it is"
        assert len(code.splitlines()) <= 12


def test_live_reading_is_used_only_for_pipes():
    from queens_sat.formats.live import live_stdin

    path = Path(EXAMPLES / "batch.jsonl")
    code = "import sys; from queens_sat.formats.live import live_stdin; print(live_stdin(None), live_stdin('text'))"
    with path.open("rb") as regular:
        res = subprocess.run([sys.executable, "-c", code], stdin=regular, capture_output=True, text=True, timeout=60)
    assert res.stdout.split() == ["None", "None"]
    res = subprocess.run([sys.executable, "-c", code], input="", capture_output=True, text=True, timeout=60)
    assert res.stdout.split() == ["0", "None"]
    assert live_stdin("json") is None


def test_input_that_cannot_be_read_at_all_gets_one_invalid_answer():
    for data in (b'{"regions": [\n', b"\xff\xfe\n"):
        res = subprocess.run([sys.executable, "-m", "queens_sat", "check", "--json", "-"], input=data, capture_output=True, timeout=120)
        (answer,) = [json.loads(line) for line in res.stdout.splitlines()]
        assert res.returncode == 2 and answer["status"] == "invalid" and "Traceback" not in res.stderr.decode()


@pytest.mark.parametrize("text", ["", "\n\n", "  \n"])
def test_a_pipe_with_no_record_is_an_error_not_silence(text):
    """Empty input must not pass as "every puzzle is fine", in co-process mode too."""
    done = subprocess.run(
        [sys.executable, "-m", "queens_sat", "check", "--json", "-"], input=text, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2
    answer = json.loads(done.stdout)
    assert answer["status"] == "invalid" and "no puzzle" in answer["error"]


def test_a_line_past_the_limit_is_refused_in_linear_time_and_memory():
    """A 100 MB line arriving in 64 KiB pieces: read in linear time (the pieces are joined once),
    read past once longer than ``limits.INPUT_BYTES`` without being held, answered as invalid with
    the line it was; the line after it is answered as usual (the co-process goes on)."""
    import time

    from queens_sat.model.limits import INPUT_BYTES

    proc = subprocess.Popen(
        [sys.executable, "-m", "queens_sat", "check", "--json", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    start = time.monotonic()
    line = _line(UNIQUE_5).encode() + b"\n"
    out, err = proc.communicate(line + b"[" + b"1," * (50 << 20) + b"\n" + line, timeout=TIMEOUT)
    elapsed = time.monotonic() - start
    answers = [json.loads(line) for line in out.splitlines()]
    assert [a["status"] for a in answers] == ["unique", "invalid", "unique"]
    assert answers[1]["line"] == 2 and f"longer than {INPUT_BYTES >> 20} MB: skipped" in answers[1]["error"]
    assert proc.returncode == 2 and b"Traceback" not in err
    assert elapsed < 20, f"{elapsed:.1f} s for a 100 MB line"  # quadratic joining took minutes


def test_the_benchs_c_client_drives_a_co_process_in_lock_step(tmp_path):
    """bench/coprocess_client.c (the bench's C client): every line answered, the statuses counted."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler (cc or gcc) to build bench/coprocess_client.c")
    client = tmp_path / "client"
    subprocess.run([compiler, "-O2", "-o", str(client), str(ROOT / "bench" / "coprocess_client.c")], check=True)
    rng = random.Random(5)
    lines = [json.dumps({"id": str(i), "regions": random_regions(7, rng)}) for i in range(40)] + ['{"regions": [[0]]}']
    path = tmp_path / "candidates.jsonl"
    path.write_text("\n".join(lines) + "\n")
    echo = json.loads(subprocess.run([str(client), str(path), "cat"], capture_output=True, text=True, check=True).stdout)
    assert echo["candidates"] == 41 and echo["statuses"] == {"counted": 41}  # cat's lines have no status
    queens_sat = shutil.which("queens-sat", path=SCRIPT_DIR)
    argv = [str(client), str(path), str(queens_sat), "check", "--no-logic", "--json", "-"]
    report = json.loads(subprocess.run(argv, capture_output=True, text=True, check=True).stdout)
    assert report["candidates"] == 41 and report["seconds"] > 0
    statuses = report["statuses"]
    assert sum(statuses.values()) == 41 and statuses.get("unique", 0) == 1 + sum(  # the 1x1 board is unique
        qs_unique(json.loads(line)["regions"]) for line in lines[:-1]
    )


def qs_unique(regions: list[list[int]]) -> bool:
    import queens_sat

    return bool(queens_sat.is_unique(regions))
