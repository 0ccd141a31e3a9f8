"""``queens-sat library schedule``, ``daily``, ``export`` and ``plays``: the library's puzzles put
on a calendar, written out, and the players' results read back."""

from __future__ import annotations

import argparse


def register_publishing(subs: argparse._SubParsersAction[argparse.ArgumentParser], parent: argparse.ArgumentParser) -> None:
    """The publishing sub-commands."""
