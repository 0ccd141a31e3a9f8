"""The Python side of js/test/differential.test.mjs's hint comparison: one JSON line in
({"source": ..., "puzzle": {...}, "max_depth": d}), the object `queens-sat hint --json` prints
for it out (the same call the command makes: next_hint(...).as_dict(source)), a line each.
A co-process, because the command costs half a second of start-up per position."""

import json
import sys

from queens_sat.formats.json_format import puzzle_from_dict
from queens_sat.model.errors import PuzzleError
from queens_sat.services.logic.hinting import next_hint

for line in sys.stdin:
    ask = json.loads(line)
    try:
        puzzle = puzzle_from_dict(ask["puzzle"])
        answer = next_hint(puzzle, ask.get("max_depth", 2)).as_dict(ask.get("source"))
    except PuzzleError as err:
        answer = {"error": str(err)}
    print(json.dumps(answer), flush=True)
