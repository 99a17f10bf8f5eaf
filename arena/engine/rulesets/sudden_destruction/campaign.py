"""Sudden Destruction in a campaign (docs/rules/sudden-destruction.md, "In a campaign").

A gladiator is a war machine. Its tech levels are its build and persist between bouts; every
bout starts it at those levels. What its tech rolls win during a bout is a field prototype:
gone at the end of the bout, but each level gained pays one experience point, and experience
and gold buy levels for good between bouts (an advance: one level up, within the limits).
Destruction is death. A winner's purse and a bounty per opponent destroyed pay gold. The
armoury sells armour plates, each absorbing one point of damage once in the next bout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.sudden_destruction.data import (
    ATTRIBUTES,
    INITIAL,
    LABELS,
    Levels,
    level_problems,
    raise_problem,
)
from arena.engine.rulesets.sudden_destruction.setup import (
    MAX_ROUNDS_LIMIT,
    SETTINGS,
    parse_options,
)
from arena.engine.rulesets.sudden_destruction.state import (
    DEFAULT_BOARD,
    DEFAULT_MAX_ROUNDS,
    SLUG,
    Options,
)

KIND = "war-machine"
PLATE = "armour-plate"
PLATE_PRICE = 40
MAX_PLATES = 3
WIN_PURSE = 100  # gold for the winner
BOUNTY = 50  # gold per opponent its shots destroyed
XP_SURVIVED = 1
XP_PER_DESTROYED = 2
XP_PER_LEVEL_GAINED = 1
GOLD_PER_LEVEL = 25  # an advance to level L costs L experience and L x 25 gold

TACTICS = (
    TacticSetting("research", ("balanced", "firepower", "hull", "speed"), "balanced"),
    TacticSetting("aggression", ("aggressive", "cautious"), "aggressive"),
    TacticSetting("gamble", ("safe", "bold"), "safe"),
)
assert {t.name: t.choices for t in TACTICS} == SETTINGS

# The balance lab's machines: the text's starting levels, and three veterans of four levels
# bought each (what a few bouts of experience buy), each raising one side of the machine:
# (key, label, the levels raised above the starting ones).
LAB_MACHINES = (
    ("war-machine", "War machine (the starting levels)", {}),
    ("gunner", "Gunner (fire power, firing rate, accuracy)",
     {"max_fire": 2, "firing_rate": 2, "accuracy": 1}),
    ("bunker", "Bunker (hit points and repair)", {"hit_points": 3, "repair": 2}),
    ("runner", "Runner (movement, initiative, range)",
     {"movement": 2, "initiative": 2, "range": 1}),
)  # fmt: skip


def _levels(build: Mapping[str, Any]) -> Levels:
    return Levels.from_json({**INITIAL.to_json(), **build.get("levels", {})})


class SuddenDestructionCampaign(CampaignAdapter):
    has_levels = False  # tech levels are the progression; the sheet shows them
    record = RecordWords(
        wins="Wins",
        defeated="Destroyed",
        meaning=(
            "A win: the last machine on the board, or the winner the rules name when time runs "
            "out. Destroyed: machines it destroyed."
        ),
    )
    # Under the entry form of a bout by web: what the gladiator fights with, in its own words.
    entry_note = (
        "A war machine fights with its own weapons and the armour fitted to it: fit armour in"
        " the shop before the bout starts."
    )

    def types(self) -> Sequence[GladiatorType]:
        return [GladiatorType(KIND, "War machine (the text's starting levels)", "War machine")]

    def lab_builds(self) -> list[LabBuild]:
        return [
            LabBuild(key, label, KIND, (), {"levels": {**INITIAL.to_json(), **raised}})
            for key, label, raised in LAB_MACHINES
        ]

    def armoury(self) -> Mapping[str, Mapping[str, Any]]:
        return {
            PLATE: {
                "slug": PLATE,
                "name": "Armour plate",
                "kind": "armour",
                "price": PLATE_PRICE,
                "note": "absorbs 1 point of damage once in the next bout, then is gone; "
                f"up to {MAX_PLATES}",
            }
        }

    def new_build(self, kind: str) -> dict[str, Any]:
        return {"levels": INITIAL.to_json()}

    def build_problems(self, kind: str, build: Mapping[str, Any]) -> list[str]:
        problems = [] if kind == KIND else [f"unknown type {kind!r}"]
        unknown = sorted(set(build) - {"levels"})
        problems += [f"{key}: not part of a war machine's build" for key in unknown]
        levels = build.get("levels")
        if not isinstance(levels, Mapping):
            return [*problems, "levels: the tech levels are missing"]
        missing = [a for a in ATTRIBUTES if a not in levels]
        if missing:
            return [*problems, f"levels: {', '.join(missing)} missing"]
        return problems + level_problems(levels, floor=INITIAL)

    def equipment_problems(
        self, kind: str, build: Mapping[str, Any], equipment: Sequence[str]
    ) -> list[str]:
        problems = [f"{slug!r} is not sold here" for slug in equipment if slug != PLATE]
        if list(equipment).count(PLATE) > MAX_PLATES:
            problems.append(f"at most {MAX_PLATES} armour plates")
        return problems

    def sheet(self, kind: str, build: Mapping[str, Any]) -> list[tuple[str, str]]:
        levels = _levels(build)
        return [(LABELS[a].capitalize(), str(levels.get(a))) for a in ATTRIBUTES]

    def advances(self, kind: str, build: Mapping[str, Any], level: int) -> list[Advance]:
        levels = _levels(build)
        out = []
        for attribute in ATTRIBUTES:
            target = levels.get(attribute) + 1
            if raise_problem(levels, attribute, target) is None:
                label = f"{LABELS[attribute].capitalize()} {target - 1} -> {target}"
                out.append(Advance(attribute, label, xp=target, gold=GOLD_PER_LEVEL * target))
        return out

    def advance(self, kind: str, build: Mapping[str, Any], level: int, key: str) -> dict[str, Any]:
        if key not in {a.key for a in self.advances(kind, build, level)}:
            raise KeyError(key)
        levels = _levels(build)
        return {**build, "levels": levels.raised(key, levels.get(key) + 1).to_json()}

    def tactics(self) -> Sequence[TacticSetting]:
        return TACTICS

    def options_schema(self, *, by_tactics: bool) -> Sequence[OptionField]:
        return (
            OptionField("board", "Board", "board", list(DEFAULT_BOARD), minimum=2,
                        maximum=MAX_FILES, help="files x ranks; counters start in the corners"),
            OptionField("max_rounds", "Most rounds", "int", DEFAULT_MAX_ROUNDS, minimum=1,
                        maximum=MAX_ROUNDS_LIMIT, help="then the bout ends as a tie"),
        )  # fmt: skip

    def clean_options(self, options: Mapping[str, Any], *, by_tactics: bool) -> dict[str, Any]:
        unknown = sorted(set(options) - {"board", "max_rounds"})
        if unknown:
            raise EngineInputError(
                f"options.{unknown[0]}", "unknown option (the GM sets board and max_rounds)"
            )
        parsed = parse_options(dict(options))
        return {"board": [parsed.width, parsed.height], "max_rounds": parsed.max_rounds}

    def start_problems(self, options: Mapping[str, Any], square: str) -> list[str]:
        try:
            sq = Square.parse(square)
        except ValueError:
            return [f"{square!r} is not a square like A1"]
        board = parse_options({"board": options.get("board", [8, 8])})
        corners = [str(c) for c in board.corners()]
        if str(sq) not in corners:
            return [f"counters start at a corner: {', '.join(corners)}"]
        return []

    def bout_input(
        self,
        entrants: Sequence[Entrant],
        options: Mapping[str, Any],
        *,
        seed: int,
        by_tactics: bool,
    ) -> dict[str, Any]:
        engine_options = dict(options)
        if by_tactics:
            engine_options["tactics"] = True
        parsed: Options = parse_options(engine_options)
        taken = {e.square for e in entrants if e.square}
        free = [str(c) for c in parsed.corners() if str(c) not in taken]
        gladiators = []
        for e in entrants:
            gladiators.append(
                {
                    "name": e.name,
                    "square": e.square or free.pop(0),
                    "levels": _levels(e.build).to_json(),
                    "armour": list(e.equipment).count(PLATE),
                    "tactics": {k: v for k, v in e.tactics.items() if v in SETTINGS.get(k, ())},
                }
            )
        return {"ruleset": SLUG, "seed": seed, "options": engine_options, "gladiators": gladiators}

    def outcomes(self, log: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Outcome]:
        result = log.get("result", {})
        finished = bool(result.get("finished"))
        winner = result.get("winner")
        killers: dict[str, str] = {}
        for turn in log.get("turns", []):
            for event in turn.get("events", []):
                if event.get("type") == "destroyed":
                    killers[event["name"]] = event["by"]
        outcomes = {}
        for row in result.get("standings", []):
            name = row["name"]
            fate = Fate(row["fate"])
            won = finished and name == winner
            destroyed = int(row.get("destroyed", 0))
            alive = fate is not Fate.DEAD
            outcomes[name] = Outcome(
                fate=fate,
                won=won,
                lost=finished and (not alive or (winner is not None and not won)),
                defeated=destroyed,
                gold=(WIN_PURSE if won else 0) + BOUNTY * destroyed,
                xp=(XP_SURVIVED if alive else 0)
                + XP_PER_DESTROYED * destroyed
                + XP_PER_LEVEL_GAINED * int(row.get("gained", 0)),
                killed_by=killers.get(name, "") if not alive else "",
                items_lost=[PLATE] * int(row.get("armour_used", 0)),
            )
        return outcomes


__all__ = ["SuddenDestructionCampaign"]
