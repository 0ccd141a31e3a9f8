"""The services layer: library calls built on the search backends (solving, checking, logic,
generation, rendering, N-Queens counting, benchmarking). No argument parsing, no exit codes."""
