"""The puzzle generator: a random solution, regions flood-filled around it, repaired until unique.

Modules, one job each: ``placement`` (the random solution, k stars a row for a
Star Battle), ``growth`` (regions flood-filled around it), ``joining`` (k stars:
a blob around every star, joined k at a time into regions), ``region_rules`` (what a layout must obey), ``moves``
and ``repair`` (making it unique), ``validators`` (the uniqueness check, any
callable), ``attempt`` (one puzzle from its seed), ``dedupe`` (symmetry keys),
``executors`` and ``run`` (in parallel, in order), ``output`` (JSON lines, resume),
``logic_filter`` (``--logic``/``--grade``), ``planting`` (which solution of a drawn board
becomes the answer: drawn, never the search's first), ``steering`` (cell moves toward an
asked grade), ``reach`` (the grades each size, star count and depth reaches).
"""

from queens_sat.services.generator.attempt import GeneratedPuzzle, GenerationFailed, GeneratorOptions, ValidatorError, make_puzzle
from queens_sat.services.generator.region_rules import RegionRules
from queens_sat.services.generator.run import TooFewPuzzles, generate, iter_generate

__all__ = [
    "GeneratedPuzzle",
    "GenerationFailed",
    "GeneratorOptions",
    "RegionRules",
    "TooFewPuzzles",
    "ValidatorError",
    "generate",
    "iter_generate",
    "make_puzzle",
]
