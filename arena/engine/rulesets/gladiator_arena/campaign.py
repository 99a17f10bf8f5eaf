"""Gladiator Arena in a campaign (docs/rules/gladiator-arena.md, "In a campaign").

The race is the gladiator's type; the weapon is its one piece of equipment, bought in the shop
(Ludus's prices: the rules have no economy). There are no levels and no experience: the rules
have no stats to raise, so nothing could spend it. Each kill pays 100 gold (a shared kill its
fraction, rounded up; a negative tally nothing); struck down or worn out by the time limit is
death; conceding is withdrawing: beaten, alive.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from arena.engine.core.board import MAX_FILES, Square
from arena.engine.core.campaign import (
    Advance,
    CampaignAdapter,
    Entrant,
    GladiatorType,
    LabBuild,
    OptionField,
    Outcome,
    RecordWords,
    TacticSetting,
)
from arena.engine.core.protocol import Fate
from arena.engine.rulesets.gladiator_arena.data import ALLOWED, RACES, SLUG, WEAPONS, Race, a
from arena.engine.rulesets.gladiator_arena.setup import parse_options

PRICES = {"sword": 100, "spear": 100, "axe": 150, "bow": 150, "catapult": 300}
STARTING_WEAPON = "sword"  # the one weapon every race may use
GOLD_PER_KILL = 100


def _race(kind: str) -> Race | None:
    return next((r for r in RACES if r.value == kind), None)


def _armoury() -> dict[str, dict[str, Any]]:
    items = {}
    for weapon, stats in WEAPONS.items():
        reach = "any distance" if stats.max_range is None else f"{stats.max_range}"
        users = [race.value for race, allowed in ALLOWED.items() if weapon in allowed]
        items[weapon.value] = {
            "slug": weapon.value,
            "name": weapon.value.capitalize(),
            "kind": "weapon",
            "price": PRICES[weapon.value],
            "attack": stats.damage,
            "note": f"{stats.damage} damage, reach {stats.min_range}-{reach}; "
            f"for {', '.join(users)}",
        }
    return items


def edge_squares(width: int, height: int, count: int, taken: set[str]) -> list[str]:
    """Starting squares spread evenly around the board's edge, avoiding the taken ones."""
    ring = (
        [(c, 0) for c in range(width)]
        + [(width - 1, r) for r in range(1, height)]
        + [(c, height - 1) for c in range(width - 2, -1, -1)]
        + [(0, r) for r in range(height - 2, 0, -1)]
    )
    names = [str(Square(c, r)) for c, r in ring]
    free = [n for n in names if n not in taken]
    step = max(1, len(free) // max(1, count))
    return [free[(i * step) % len(free)] for i in range(count)]


class GladiatorArenaCampaign(CampaignAdapter):
    has_levels = False
    pays_experience = False  # the rule text has nothing to spend it on
    winner_falls = (
        "Places go to the most kills, then to whoever stood longest (section 8), so a "
        "gladiator who falls last, or kills more before falling, wins."
    )
    record = RecordWords(
        wins="Wins",
        defeated="Kills",
        meaning=(
            "A win: first place at the end (places go to the most kills, then to whoever stood "
            "longest: section 8), even for a gladiator that fell. Kills: the gladiators it "
            "killed, a shared kill counted for each killer."
        ),
    )
    # Under the entry form of a bout by web: what the gladiator fights with, in its own words.
    entry_note = (
        "It fights with the weapon it carries: change it in the shop before the bout starts."
    )

    def __init__(self) -> None:
        self._types = [
            GladiatorType(
                slug=race.value,
                label=f"{race.value.capitalize()} ({stats.hp} HP, {stats.mpt} MpT)",
                name=race.value.capitalize(),
                starting_kit=(STARTING_WEAPON,),
            )
            for race, stats in RACES.items()
        ]
        self._armoury = _armoury()

    def types(self) -> Sequence[GladiatorType]:
        return self._types

    def armoury(self) -> Mapping[str, Mapping[str, Any]]:
        return self._armoury

    def new_build(self, kind: str) -> dict[str, Any]:
        return {}  # the race is the type; nothing else persists

    def build_problems(self, kind: str, build: Mapping[str, Any]) -> list[str]:
        problems = [] if _race(kind) else [f"unknown race {kind!r}"]
        if build:
            problems.append("a Gladiator Arena build has no settings")
        return problems

    def equipment_problems(
        self, kind: str, build: Mapping[str, Any], equipment: Sequence[str]
    ) -> list[str]:
        race = _race(kind)
        if race is None:
            return [f"unknown race {kind!r}"]
        problems = []
        for slug in equipment:
            weapon = next((w for w in WEAPONS if w.value == slug), None)
            if weapon is None:
                problems.append(f"unknown weapon {slug!r}")
            elif weapon not in ALLOWED[race]:
                problems.append(f"a {kind} may not fight with a {slug} (the allowed combinations)")
        if len(equipment) > 1:
            problems.append("a gladiator fights with one weapon")
        return problems

    def fight_problems(
        self, kind: str, build: Mapping[str, Any], equipment: Sequence[str]
    ) -> list[str]:
        """Section 7: "Each player has one of following weapons": none, no fight (the engine
        would refuse the bout with an empty weapon)."""
        if any(w.value in equipment for w in WEAPONS):
            return []
        return ["has no weapon to fight with (equip one from its pack, or buy one in the shop)"]

    def sheet(self, kind: str, build: Mapping[str, Any]) -> list[tuple[str, str]]:
        race = _race(kind)
        if race is None:
            return []
        stats = RACES[race]
        move = "2 MpT a square" if stats.move_cost == 2 else "1 MpT a square"
        if stats.double_move:
            move += "; may run 2 squares"
        return [
            ("Hit points", str(stats.hp)),
            ("Moves per turn", str(stats.mpt)),
            ("Damage bonus", f"{stats.damage_bonus:+d}" if stats.damage_bonus else "none"),
            ("Moving", move),
        ]

    def advances(self, kind: str, build: Mapping[str, Any], level: int) -> list[Advance]:
        return []

    def advance(self, kind: str, build: Mapping[str, Any], level: int, key: str) -> dict[str, Any]:
        raise KeyError(key)

    def tactics(self) -> Sequence[TacticSetting]:
        return ()  # the default tactics have no settings

    def lab_builds(self) -> list[LabBuild]:
        """The balance lab's builds: every race with every weapon it may use (19 pairs)."""
        return [
            LabBuild(f"{race.value}-{weapon.value}",
                     f"{race.value.capitalize()} with {a(weapon.value)}",
                     race.value, (weapon.value,))
            for race in RACES
            for weapon in ALLOWED[race]
        ]  # fmt: skip

    def options_schema(self, *, by_tactics: bool) -> Sequence[OptionField]:
        return (
            OptionField("board", "Board", "board", [8, 8], minimum=2, maximum=MAX_FILES,
                        help="files x ranks (section 4)"),
            OptionField("time_limit", "Time limit (8 c)", "bool", True,
                        help="from turn 15, every third turn everyone loses 1 HP"),
        )  # fmt: skip

    def clean_options(self, options: Mapping[str, Any], *, by_tactics: bool) -> dict[str, Any]:
        parsed = parse_options(dict(options))
        return {"board": [parsed.width, parsed.height], "time_limit": parsed.time_limit}

    def start_problems(self, options: Mapping[str, Any], square: str) -> list[str]:
        try:
            sq = Square.parse(square)
        except ValueError:
            return [f"{square!r} is not a square like D4"]
        width, height = options.get("board", [8, 8])
        if not (0 <= sq.col < width and 0 <= sq.row < height):
            return [f"{square} is off the {width}x{height} board"]
        return []

    def bout_input(
        self,
        entrants: Sequence[Entrant],
        options: Mapping[str, Any],
        *,
        seed: int,
        by_tactics: bool,
    ) -> dict[str, Any]:
        gladiators = [
            {
                "name": e.name,
                "race": e.kind,
                "weapon": e.equipment[0] if e.equipment else "",
                "square": e.square,
            }
            for e in entrants
        ]
        missing = [g for g in gladiators if not g["square"]]
        if missing:  # the lab's random starts give every square: no ring to walk then
            width, height = options.get("board", [8, 8])
            taken = {g["square"] for g in gladiators if g["square"]}
            for entry, square in zip(
                missing, edge_squares(width, height, len(missing), taken), strict=True
            ):
                entry["square"] = square
        engine_options = dict(options)
        if by_tactics:
            engine_options["tactics"] = True  # nobody gives orders: tactics fight the whole bout
        # No seed: Gladiator Arena rolls no dice.
        return {"ruleset": SLUG, "options": engine_options, "gladiators": gladiators}

    def outcomes(self, log: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Outcome]:
        result = log.get("result", {})
        killers: dict[str, list[str]] = {}
        for turn in log.get("turns", []):
            for event in turn.get("events", []):
                if event.get("type") == "kill":
                    killers.setdefault(event["victim"], []).append(event["name"])
        finished = bool(result.get("finished"))
        outcomes = {}
        for row in result.get("standings", []):
            kills = Fraction(row.get("kills", "0"))
            fate = Fate(row["fate"])
            won = finished and row.get("place") == 1
            outcomes[row["name"]] = Outcome(
                fate=fate,
                won=won,
                lost=finished and not won,
                defeated=sum(1 for who in killers.values() if row["name"] in who),
                gold=max(0, math.ceil(kills * GOLD_PER_KILL)),
                killed_by=(
                    ", ".join(killers.get(row["name"], [])) or "the time limit"
                    if fate is Fate.DEAD
                    else ""
                ),
            )
        return outcomes


__all__ = ["GladiatorArenaCampaign", "edge_squares"]
