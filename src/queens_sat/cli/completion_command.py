"""``queens-sat completion bash|zsh|fish``: the shell's completion script, and the completer itself.

Completion is argcomplete's: the script makes the shell run ``queens-sat`` with ``_ARGCOMPLETE``
set on every Tab, and ``complete_if_asked`` answers from the very parser the commands use, so
commands, options and choices complete without a list kept by hand. argcomplete is imported only
then, never on an ordinary run (``--help`` stays fast).
"""

from __future__ import annotations

import argparse
import os

SHELLS = ("bash", "zsh", "fish")
PROG = "queens-sat"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "completion",
        help="print the shell completion script (bash, zsh or fish)",
        description="Print the script that makes a shell complete queens-sat's commands, options and "
        'their values. Load it from the shell\'s start-up file: eval "$(queens-sat completion bash)" '
        "in ~/.bashrc (zsh: the same line in ~/.zshrc; fish: queens-sat completion fish | source), or "
        "write it once where bash-completion looks (the folder made first, if it is not there yet): "
        "mkdir -p ~/.local/share/bash-completion/completions && queens-sat completion bash > "
        "~/.local/share/bash-completion/completions/queens-sat.",
    )
    p.add_argument("shell", choices=SHELLS, help="the shell to complete in")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from argcomplete.shell_integration import shellcode

    print(shellcode([PROG], shell=args.shell), end="")
    return 0


def complete_if_asked(parser: argparse.ArgumentParser) -> None:
    """When a shell's completion script called (``_ARGCOMPLETE`` set), print the completions and
    exit; else return at once, without importing argcomplete."""
    if "_ARGCOMPLETE" not in os.environ:
        return
    import argcomplete

    argcomplete.autocomplete(parser)


def backend_completions(**_: object) -> list[str]:
    """What ``--backend`` completes to: every backend's name (a free-form option: variants follow ':')."""
    from queens_sat.backends import backend_names

    return ["auto", *backend_names()]


def offer_backends(action: argparse.Action) -> None:
    """Complete ``action``'s value with the backends' names (argcomplete reads ``completer``)."""
    setattr(action, "completer", backend_completions)  # noqa: B010  (argparse's Action has no such field for mypy)
