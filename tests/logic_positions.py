"""Positions for the logic engine's tests that need a probe (and no easier rule) to go on."""

from __future__ import annotations

from queens_sat import Puzzle

# A 6x6 position where nothing but a probe helps: a queen on (1, 5) forces (0, 1),
# (2, 2) and (4, 3), and then row 5 has no cell left.
PROBE_1 = Puzzle(
    ["AAABBB", "AABBCB", "AACBCB", "DCCCCE", "CCEEEE", "CCCCFF"],
    queens=[(3, 0)],
    blocked=[(0, 0), (0, 2), (1, 0), (1, 2), (1, 3), (1, 4), (2, 0), (2, 1), (2, 3), (2, 5), (3, 1), (3, 2),
             (3, 3), (3, 4), (3, 5), (4, 0), (4, 1), (4, 4), (4, 5), (5, 0), (5, 1), (5, 2), (5, 3)],
)  # fmt: skip


# community-0016 (56 solutions) with its one would-empty-unit step made: depth-1 probes
# find nothing more, depth-2 probes do.
PROBE_2 = Puzzle(
    ["ABBACCDDEBB", "BABEACFGEEB", "BBAEEAHIGEE", "AEEAJKAHIGD", "CAEJAJKAHFD", "CCAKJAJKACC",
     "DFHAKJAJEAC", "DGIHAKJAEEA", "EEGIHAEEABB", "BEEGFCAEBAB", "BBEDDCCABBA"],
    blocked=[(5, 5)],
)  # fmt: skip
