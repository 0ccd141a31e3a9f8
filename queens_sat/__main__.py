"""``python -m queens_sat`` is the command-line tool."""

from .cli import main

raise SystemExit(main())
