"""``python -m queens_sat`` is the command-line tool."""

from queens_sat.cli import command

command()
