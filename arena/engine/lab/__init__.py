"""The balance lab: win rates of rule-set builds against each other, from seeded bouts fought by
the default tactics. Pure Python like the rest of the engine (no Django): the worker's chunk
task, the `lab` management command and bench/lab_bench.py all call the same functions, so the
three give the same figures for the same seed (docs/lab.md)."""

from arena.engine.lab.builds import LabBuild, lab_pairs
from arena.engine.lab.duel import Cell, LabSpec, bout_seed, cell_fight, fight
from arena.engine.lab.report import Summary, summaries, to_csv, to_json, to_markdown, wilson

__all__ = [
    "Cell",
    "LabBuild",
    "LabSpec",
    "Summary",
    "bout_seed",
    "cell_fight",
    "fight",
    "lab_pairs",
    "summaries",
    "to_csv",
    "to_json",
    "to_markdown",
    "wilson",
]
