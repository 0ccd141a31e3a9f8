"""Reasoning as a library service: explanations in words (``describe``, ``describe_stars``,
``phrases``), the next hint on a partly played board (``hinting``) and pictures of a solve
(``pictures``). The engine itself, ``logic_solve`` and its results, is ``queens_sat.engines.logic``'s:
it has one home, there."""
