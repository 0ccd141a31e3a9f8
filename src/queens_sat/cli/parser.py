"""The argument parser of every command: a mistake is answered by the command's own usage and,
when a known word is close, "did you mean ...?".

argparse alone reports an unknown option of ``queens-sat check`` with the top-level usage (the
subcommand hands its leftovers up), and a mistyped command or choice with the whole list of
choices only. Each command's parser here refuses its own leftovers, so the usage shown is the
command's, and every refusal of an unknown word names the closest known one.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

CLOSE_ENOUGH = 0.6  # difflib's ratio: "--backnd" -> "--backend", "chek" -> "check"; unrelated words stay unmatched


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known word closest to ``word``, or None when none is close."""
    matches = difflib.get_close_matches(word, list(known), n=1, cutoff=CLOSE_ENOUGH)
    return matches[0] if matches else None


class QueensSatParser(argparse.ArgumentParser):
    """``argparse.ArgumentParser`` with the command's own usage on a mistake and suggestions."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """Every parser here is strict: leftovers are this parser's mistake, reported with its
        usage (a command's parser is called by its parent through this method)."""
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(self._unrecognized(extras))
        return parsed, extras

    def _unrecognized(self, extras: list[str]) -> str:
        """argparse's message for leftovers, with the closest option of this command for each."""
        hints = []
        for word in extras:
            if word.startswith("-") and len(word) > 1:
                guess = closest(word.split("=", 1)[0], self._option_string_actions)
                if guess is not None:
                    hints.append(f"did you mean {guess}?")
        text = f"unrecognized arguments: {' '.join(extras)}"
        return f"{text} ({'; '.join(hints)})" if hints else text

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """A value outside ``choices`` (a command name, a rule, a format) names the closest one."""
        choices = action.choices
        if choices is None or value in choices:
            return
        known = [str(choice) for choice in choices]
        guess = closest(str(value), known)
        hint = f"did you mean {guess!r}? " if guess is not None else ""
        raise argparse.ArgumentError(action, f"invalid choice: {value!r} ({hint}choose from {', '.join(known)})")

    def error(self, message: str) -> NoReturn:
        """The usage of the parser that met the mistake (the command's, not the top level's), then the message."""
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")

