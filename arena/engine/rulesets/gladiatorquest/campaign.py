"""GladiatorQuest in a campaign (VI-VIII as settled in RULINGS.md and
docs/decisions/0007-gladiatorquest-campaign-rules.md).

- A gladiator's build holds its level-up bonuses: {"bonuses": {"attack": 1, "body": 2}}.
- Level L to L+1 costs 2L experience points and adds 1 to the stat the owner chooses (VII.C).
- The winning side shares 100 gold per defeated opponent (double in special contests), split
  evenly among its members still alive and rounded up; a defeated opponent is a gladiator of
  another side killed or spared (a fallen teammate is not one). Each living member of the
  winning side gains 1 experience point per defeated opponent. No winner (the turn bound) pays
  nobody.
- A killed gladiator is dead for good (VI.A); thrown weapons left on the sand and potions drunk
  leave the inventory, weapons picked up join it (VIII.E).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from arena.engine.core.board import Square
from arena.engine.core.campaign import (
    Advance,
    Entrant,
    GladiatorType,
    OptionField,
    Outcome,
    RecordWords,
    TacticSetting,
)
from arena.engine.core.protocol import Fate
from arena.engine.rulesets.gladiatorquest.data import (
    ARMOURY,
    CONTESTS,
    DEFAULT_TACTICS,
    GLADIATOR_TYPES,
    TACTICS_CHOICES,
    equipment_errors,
)
from arena.engine.rulesets.gladiatorquest.setup import parse_options

SLUG = "gladiatorquest"
STATS = ("attack", "defend", "movement", "body", "mind")
SHEET_LABELS = {
    "attack": "Attack dice",
    "defend": "Defend dice",
    "movement": "Movement",
    "body": "Body",
    "mind": "Mind",
}
ADVANCES = {
    "attack": "+1 attack die",
    "defend": "+1 defend die",
    "movement": "+1 movement",
    "body": "+1 body point",
    "mind": "+1 mind point",
}
GOLD_PER_DEFEATED = 100
SPECIAL_CONTESTS = {"one_against_many", "bows_only", "magic_only", "daggers_only"}


def level_up_cost(level: int) -> int:
    """VII.C: the first increase costs 2 experience points, the second 4, the n-th 2n."""
    return 2 * level


def _bonuses(build: Mapping[str, Any]) -> dict[str, int]:
    return dict(build.get("bonuses", {}))


class GladiatorQuestCampaign:
    has_levels = True
    record = RecordWords(
        wins="Wins",
        defeated="Defeated",
        meaning=(
            "A win: on the winning side when the bout ends. Defeated: opponents it beat down, "
            "killed or spared on appeal."
        ),
    )
    # Under the entry form of a bout by web: what the gladiator fights with, in its own words.
    entry_note = (
        "It fights with the weapons, armour and gear it has equipped: change them in the shop"
        " before the bout starts."
    )
    mercy_appeal = True  # the appeal to the Emperor (VI.B) asks core/mercy.py first

    def __init__(self) -> None:
        self._types = {t["slug"]: t for t in GLADIATOR_TYPES}
        self._armoury = {i["slug"]: i for i in ARMOURY}

    def types(self) -> Sequence[GladiatorType]:
        return [
            GladiatorType(
                slug=slug,
                label=f"{t['name']} ({'monster' if t['monster'] else 'hero'})",
                name=t["name"],
                starting_kit=tuple(t.get("equipment", [])),
            )
            for slug, t in self._types.items()
        ]

    def armoury(self) -> Mapping[str, Mapping[str, Any]]:
        return self._armoury

    def new_build(self, kind: str) -> dict[str, Any]:
        return {"bonuses": {}}

    def build_problems(self, kind: str, build: Mapping[str, Any]) -> list[str]:
        problems = [] if kind in self._types else [f"unknown gladiator type {kind!r}"]
        unknown = sorted(set(build) - {"bonuses"})
        if unknown:
            problems.append(f"unknown build setting {unknown[0]!r} (a build has bonuses)")
        bonuses = build.get("bonuses", {})
        if not isinstance(bonuses, dict):
            return [*problems, "bonuses must be an object of stat: points"]
        for stat, points in bonuses.items():
            if stat not in STATS:
                problems.append(f"unknown stat {stat!r} (stats: {', '.join(STATS)})")
            elif isinstance(points, bool) or not isinstance(points, int) or points < 0:
                problems.append(f"the {stat} bonus must be a whole number of 0 or more")
        return problems

    def equipment_problems(
        self, kind: str, build: Mapping[str, Any], equipment: Sequence[str]
    ) -> list[str]:
        return equipment_errors(kind, list(equipment))

    def sheet(self, kind: str, build: Mapping[str, Any]) -> list[tuple[str, str]]:
        base = self._types.get(kind, {})
        bonuses = _bonuses(build)
        lines = []
        for stat, label in SHEET_LABELS.items():
            value = "dice" if stat == "movement" else base.get(stat, "?")
            extra = bonuses.get(stat, 0)
            lines.append((label, f"{value}{f' +{extra}' if extra else ''}"))
        return lines

    def advances(self, kind: str, build: Mapping[str, Any], level: int) -> list[Advance]:
        cost = level_up_cost(level)
        return [
            Advance(key=stat, label=label, xp=cost, level=1) for stat, label in ADVANCES.items()
        ]

    def advance(self, kind: str, build: Mapping[str, Any], level: int, key: str) -> dict[str, Any]:
        if key not in STATS:
            raise KeyError(key)
        bonuses = _bonuses(build)
        bonuses[key] = bonuses.get(key, 0) + 1
        return {**build, "bonuses": bonuses}

    def tactics(self) -> Sequence[TacticSetting]:
        defaults = DEFAULT_TACTICS.as_dict()
        return [
            TacticSetting(name, tuple(values), defaults[name])
            for name, values in TACTICS_CHOICES.items()
        ]

    def options_schema(self, *, by_tactics: bool) -> Sequence[OptionField]:
        return (
            OptionField("contest", "Contest", "choice", "standard", choices=CONTESTS,
                        help="VIII.H: the special contests pay double"),
            OptionField("board", "Arena", "board", [12, 12], minimum=2, maximum=26,
                        help="squares across x squares deep"),
            OptionField("walls", "Walls", "squares", [],
                        help="squares nobody enters or sees through, e.g. D4 E5"),
        )  # fmt: skip

    def clean_options(self, options: Mapping[str, Any], *, by_tactics: bool) -> dict[str, Any]:
        parse_options(dict(options))  # EngineInputError naming the option at fault
        cleaned = dict(options)
        if cleaned.get("walls") == []:
            del cleaned["walls"]  # no walls is the default: the same bout, stored the same way
        return cleaned

    def start_problems(self, options: Mapping[str, Any], square: str) -> list[str]:
        try:
            sq = Square.parse(square)
        except ValueError:
            return [f"{square!r} is not a square like D4"]
        board = parse_options(dict(options)).board
        if not board.contains(sq):
            return [f"{square} is off the {board.width}x{board.height} board"]
        if sq in board.walls:
            return [f"{square} is a wall"]
        return []

    def bout_input(
        self,
        entrants: Sequence[Entrant],
        options: Mapping[str, Any],
        *,
        seed: int,
        by_tactics: bool,
    ) -> dict[str, Any]:
        gladiators = []
        for e in entrants:
            entry: dict[str, Any] = {
                "name": e.name,
                "type": e.kind,
                "team": e.team or None,
                "equipment": list(e.equipment),
            }
            bonuses = {stat: n for stat, n in _bonuses(e.build).items() if n}
            if bonuses:
                entry["bonuses"] = bonuses
            if e.tactics:
                entry["tactics"] = dict(e.tactics)
            if e.square:
                entry["square"] = e.square
            gladiators.append(entry)
        return {"ruleset": SLUG, "options": dict(options), "seed": seed, "gladiators": gladiators}

    def outcomes(self, log: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Outcome]:
        result = log.get("result", {})
        standings = result.get("standings", [])
        winner = result.get("winner") if result.get("finished") else None

        def side(row: Mapping[str, Any]) -> str:
            return row.get("team") or row["name"]

        fallen = {Fate.DEAD.value, Fate.SPARED.value}
        # Only the other sides' fallen are defeated opponents: a teammate who fell is not.
        defeated = [
            row
            for row in standings
            if winner is not None and side(row) != winner and row.get("fate") in fallen
        ]
        paid = [
            row["name"]
            for row in standings
            if winner is not None and side(row) == winner and row.get("fate") == Fate.FIGHTING.value
        ]
        contest = log.get("contest") or options.get("contest")
        purse = len(defeated) * GOLD_PER_DEFEATED * (2 if contest in SPECIAL_CONTESTS else 1)
        share = math.ceil(purse / len(paid)) if paid else 0
        outcomes = {}
        for row in standings:
            is_paid = row["name"] in paid
            outcomes[row["name"]] = Outcome(
                fate=Fate(row.get("fate") or Fate.FIGHTING.value),
                won=winner is not None and side(row) == winner,
                lost=winner is not None and side(row) != winner,
                defeated=len(row.get("defeated", [])),
                gold=share if is_paid else 0,
                xp=len(defeated) if is_paid else 0,
                killed_by=row.get("killed_by") or "",
                items_lost=[*row.get("items_lost", []), *row.get("potions_used", [])],
                items_gained=list(row.get("items_gained", [])),
            )
        return outcomes
