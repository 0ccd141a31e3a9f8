"""The command line's manners: a mistake shows the command's own usage and a suggestion, one
spelling per option (old ones kept), sensible labels, coloured verdicts only when asked."""

from __future__ import annotations

import json

import pytest
from helpers import EXAMPLES

from queens_sat.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_mistyped_option_shows_the_commands_usage_and_a_suggestion(capsys):
    code, _, err = run(capsys, "check", "--backnd", "native", str(EXAMPLES / "unique-8.json"))
    assert code == 2
    assert err.startswith("usage: queens-sat check")
    assert "did you mean --backend?" in err


def test_mistyped_command_and_choice_get_a_suggestion(capsys):
    code, _, err = run(capsys, "chek", str(EXAMPLES / "unique-8.json"))
    assert code == 2 and "did you mean 'check'?" in err
    code, _, err = run(capsys, "check", "--rule", "no-tuch", str(EXAMPLES / "unique-8.json"))
    assert code == 2 and "did you mean 'no-touch'?" in err and err.startswith("usage: queens-sat check")


@pytest.mark.parametrize("spelling", ["--out", "-o", "--output"])
def test_render_takes_out_and_its_old_spellings(capsys, tmp_path, spelling):
    target = tmp_path / "b.svg"
    code, _, _ = run(capsys, "render", str(EXAMPLES / "unique-8.json"), spelling, str(target), "--quiet")
    assert code == 0 and target.exists()


@pytest.mark.parametrize("spelling", ["--boards", "--board"])
def test_hint_boards_and_its_old_spelling(capsys, spelling):
    code, out, _ = run(capsys, "hint", str(EXAMPLES / "position.json"), spelling, "--no-color")
    assert code == 0 and "hint:" in out and "♛" in out


def test_generate_takes_backend_and_time_limit_as_the_other_commands(capsys):
    code, out, _ = run(capsys, "generate", "--n", "6", "--seed", "1", "--workers", "1", "--backend", "python", "--time-limit", "5", "-q")
    assert code == 0 and json.loads(out.splitlines()[0])["n"] == 6


def test_a_board_of_n_is_labelled_as_a_board(capsys):
    code, out, _ = run(capsys, "check", "--n", "8", "--rule", "queens", "--no-color")
    assert code == 1 and out.startswith("8x8 board (--n 8): multiple")


def test_backends_json_has_no_install_hint_for_what_is_installed(capsys):
    code, out, _ = run(capsys, "backends", "--json")
    infos = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and infos
    for info in infos:
        assert (info["install_hint"] is None) == info["available"]


def test_verdicts_coloured_only_when_asked(capsys, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("FORCE_COLOR", "1")
    _, out, _ = run(capsys, "check", str(EXAMPLES / "none.json"))
    assert "\x1b[1;31mno solution\x1b[0m" in out
    monkeypatch.setenv("NO_COLOR", "1")
    _, out, _ = run(capsys, "check", str(EXAMPLES / "none.json"))
    assert "\x1b[" not in out
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.delenv("FORCE_COLOR")
    _, out, _ = run(capsys, "check", str(EXAMPLES / "none.json"))
    assert "\x1b[" not in out  # not a terminal


def test_progress_lines_when_piped_show_counts(capsys):
    from queens_sat.cli.progress import ProgressBar

    with ProgressBar(3, "measuring", lines_every=0.0) as bar:
        for _ in range(3):
            bar.advance()
    err = capsys.readouterr().err
    assert "measuring: 3/3 (100 %)" in err


def test_a_tracked_loop_counts_as_it_goes(capsys):
    """bench scripts' loops: ``tracked`` yields every item and counts each one done."""
    from queens_sat.cli.progress import tracked

    assert list(tracked(range(3), 3, "boards", lines_every=0.0)) == [0, 1, 2]
    err = capsys.readouterr().err
    assert "boards: 1/3 (33 %)" in err and "boards: 3/3 (100 %)" in err
