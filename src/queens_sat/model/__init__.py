"""The model layer: what a puzzle is (``puzzle``), the placement rules (``placement``), size
limits, typed errors and the result types every layer shares. Nothing here searches."""
