"""What the lab compares: a rule set's "lab builds", each a ready-made gladiator (type, build
document, equipment). A campaign adapter may list its own with `lab_builds()` (Gladiator Arena:
every race with every weapon it may use); without one, every type with its starting kit is a
build, so every rule set joins the lab through the same seam."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.engine.core.board import Square
from arena.engine.core.campaign import Entrant

JSON = Any


@dataclass(frozen=True, slots=True)
class LabBuild:
    """One gladiator the lab fights with; `key` names it in forms, files and seeds."""

    key: str  # unique within the rule set, letters, digits and dashes: "elf-bow"
    label: str  # "Elf with a bow"
    kind: str  # the gladiator type's slug
    equipment: tuple[str, ...] = ()  # equipped item slugs, sorted
    build: Mapping[str, JSON] = field(default_factory=dict)

    def entrant(self, name: str, square: str = "") -> Entrant:
        return Entrant(
            name=name,
            kind=self.kind,
            build=self.build,
            level=1,
            equipment=self.equipment,
            tactics={},  # the rule set's default tactics
            square=square,
        )

    def to_dict(self) -> dict[str, JSON]:
        return {
            "key": self.key,
            "label": self.label,
            "kind": self.kind,
            "equipment": list(self.equipment),
            "build": dict(self.build),
        }


def default_lab_builds(adapter: Any) -> list[LabBuild]:
    """Every type with its starting kit."""
    builds = []
    for t in adapter.types():
        kit = tuple(sorted(t.starting_kit))
        label = f"{t.name} ({', '.join(kit)})" if kit else t.name
        builds.append(LabBuild(t.slug, label, t.slug, kit, adapter.new_build(t.slug)))
    return builds


def lab_pairs(adapter: Any, builds: Sequence[LabBuild]) -> list[tuple[LabBuild, LabBuild]]:
    """The lab's cells in matrix order (row by row), without the mirror cells of a rule set
    whose types never meet themselves."""
    mirrors = adapter.mirror_matches
    return [(a, b) for a in builds for b in builds if mirrors or a.key != b.key]


def start_square_pool(adapter: Any, options: Mapping[str, JSON]) -> list[str]:
    """Every square an entrant may start on, for random starts: the board of a rule set with a
    "board" option, each square its adapter accepts. Empty for rule sets that place their
    entrants themselves (an arena's own starting squares)."""
    board = options.get("board")
    if not (isinstance(board, Sequence) and len(board) == 2):
        return []
    width, height = board
    squares = [str(Square(c, r)) for r in range(height) for c in range(width)]
    return [s for s in squares if not adapter.start_problems(options, s)]


def random_starts(pool: Sequence[str], count: int, rng: random.Random) -> list[str]:
    """`count` distinct squares drawn from the pool ("" each when the pool is empty)."""
    if len(pool) < count:
        return [""] * count
    return rng.sample(pool, count)
