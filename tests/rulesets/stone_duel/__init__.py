"""Stone Duel: the smallest complete rule set, the worked example of docs/rulesets.md.

Every turn each slinger still standing either throws a stone at another (a d6 of 4 or more
hits, 6 if the target ducks; a hit costs 1 HP, 2 with a sling) or ducks. The last one standing
wins; a bout stops after 50 turns. Registered by tests/rulesets/conftest.py only, so the
contract test shows a new rule set is covered the moment it is registered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from arena.engine.core.campaign import (
    Advance,
    CampaignAdapter,
    Entrant,
    GladiatorType,
    Outcome,
    RecordWords,
    TacticSetting,
)
from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.core.protocol import Column, Fate, Need, Pending, Standing
from arena.engine.core.ruleset import Ruleset
from arena.engine.errors import EngineInputError
from arena.engine.lab.builds import LabBuild

SLUG = "stone-duel"
MAX_TURNS = 50


@dataclass(frozen=True, slots=True)
class Slinger:
    name: str
    hp: int
    sling: bool


@dataclass(frozen=True, slots=True)
class State:
    slingers: tuple[Slinger, ...]
    turn: int = 0


@dataclass(frozen=True, slots=True)
class Threw(Event):
    kind: ClassVar[str] = "threw"
    name: str
    target: str
    roll: int
    hit: bool

    def text(self) -> str:
        return (
            f"{self.name} throws at {self.target} ({self.roll}): {'hit' if self.hit else 'miss'}."
        )


class StoneDuelCampaign(CampaignAdapter):
    has_levels = True
    record = RecordWords(meaning="A win: the last slinger standing. Defeated: slingers it downed.")

    def types(self) -> Sequence[GladiatorType]:
        return [GladiatorType("slinger", "Slinger (6 HP)", "Slinger")]

    def lab_builds(self) -> list[LabBuild]:
        # One type: the lab compares a slinger with a sling and one without.
        return [
            LabBuild("slinger", "Slinger", "slinger", (), self.new_build("slinger")),
            LabBuild("slinger-sling", "Slinger with a sling", "slinger", ("sling",),
                     self.new_build("slinger")),
        ]  # fmt: skip

    def armoury(self) -> Mapping[str, Mapping[str, Any]]:
        return {"sling": {"slug": "sling", "name": "Sling", "kind": "weapon", "price": 50,
                          "note": "a hit costs 2 HP"}}  # fmt: skip

    def new_build(self, kind: str) -> dict[str, Any]:
        return {"toughness": 0}

    def build_problems(self, kind: str, build: Mapping[str, Any]) -> list[str]:
        toughness = build.get("toughness")
        return [] if isinstance(toughness, int) and toughness >= 0 else ["toughness: 0 or more"]

    def equipment_problems(self, kind: str, build: Mapping[str, Any], equipment: Sequence[str]):
        return [] if set(equipment) <= {"sling"} and len(equipment) <= 1 else ["one sling only"]

    def sheet(self, kind: str, build: Mapping[str, Any]) -> list[tuple[str, str]]:
        return [("Hit points", str(6 + build["toughness"]))]

    def advances(self, kind: str, build: Mapping[str, Any], level: int) -> list[Advance]:
        return [Advance("toughness", "+1 hit point", xp=level, level=1)]

    def advance(self, kind: str, build: Mapping[str, Any], level: int, key: str) -> dict:
        if key != "toughness":
            raise KeyError(key)
        return {**build, "toughness": build["toughness"] + 1}

    def tactics(self) -> Sequence[TacticSetting]:
        return ()

    def options_schema(self, *, by_tactics: bool) -> Sequence[Any]:
        return ()

    def clean_options(self, options: Mapping[str, Any], *, by_tactics: bool) -> dict[str, Any]:
        if options:
            raise EngineInputError("options", "Stone Duel has no options")
        return {}

    def start_problems(self, options: Mapping[str, Any], square: str) -> list[str]:
        return ["Stone Duel has no board"]

    def bout_input(self, entrants: Sequence[Entrant], options, *, seed: int, by_tactics: bool):
        slingers = [
            {"name": e.name, "hp": 6 + e.build["toughness"], "sling": "sling" in e.equipment}
            for e in entrants
        ]
        return {"ruleset": SLUG, "seed": seed, "tactics": by_tactics, "slingers": slingers}

    def outcomes(self, log: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Outcome]:
        rows = log["result"]["standings"]
        finished = log["result"]["finished"]
        return {
            row["name"]: Outcome(
                fate=Fate(row["fate"]),
                won=finished and row["place"] == 1,
                lost=finished and row["place"] != 1,
                gold=50 if finished and row["place"] == 1 else 0,
                xp=1 if finished and row["place"] == 1 else 0,
            )
            for row in rows
        }


def state_to_json(state: State) -> dict[str, Any]:
    return {"turn": state.turn, "slingers": [[s.name, s.hp, s.sling] for s in state.slingers]}


def state_from_json(data: Mapping[str, Any]) -> State:
    return State(tuple(Slinger(*s) for s in data["slingers"]), data["turn"])


class StoneDuel(Ruleset):
    slug: ClassVar[str] = SLUG
    version: ClassVar[str] = "1.0"
    title: ClassVar[str] = "Stone Duel"
    columns: ClassVar[tuple[Column, ...]] = (Column("hp", "HP"),)
    placing: ClassVar[str] = "Whoever still stands first, then the most HP."
    campaign = StoneDuelCampaign()
    state_json = (state_to_json, state_from_json)

    def setup(self, bout: Mapping[str, Any]) -> State:
        raw = bout.get("slingers")
        if not isinstance(raw, list) or len(raw) < 2:
            raise EngineInputError("slingers", "must list at least two slingers")
        return State(tuple(Slinger(s["name"], s["hp"], s["sling"]) for s in raw))

    def uses_tactics(self, bout: Mapping[str, Any]) -> bool:
        return bool(bout.get("tactics"))

    def max_steps(self, state: State) -> int:
        return MAX_TURNS

    def pending(self, state: State) -> Pending:
        return Pending(Need.EVERYONE, tuple(s.name for s in state.slingers if s.hp > 0), "throw")

    def validate(self, state: State, who: str, order: Any) -> list[str]:
        standing = self.pending(state).who
        if order == {"duck": True}:
            return []
        target = order.get("throw") if isinstance(order, dict) else None
        if target not in standing or target == who:
            return ["throw at another slinger still standing, or duck"]
        return []

    def tactics(self, state: State, who: str) -> dict[str, Any]:
        others = [s for s in state.slingers if s.hp > 0 and s.name != who]
        return {"throw": min(others, key=lambda s: s.hp).name}

    def apply(self, state: State, orders: Mapping[str, Any], dice: Dice):
        for who, order in orders.items():
            problems = self.validate(state, who, order)
            if problems:
                raise EngineInputError(f"turns[{state.turn}].{who}", problems[0])
        ducking = {who for who, order in orders.items() if order == {"duck": True}}
        damage: dict[str, int] = {}
        events = []
        for s in state.slingers:
            target = orders.get(s.name, {}).get("throw")
            if s.hp <= 0 or target is None:
                continue
            roll = dice.d6()
            hit = roll >= (6 if target in ducking else 4)
            if hit:
                damage[target] = damage.get(target, 0) + (2 if s.sling else 1)
            events.append(Threw(s.name, target, roll, hit))
        slingers = tuple(replace(s, hp=s.hp - damage.get(s.name, 0)) for s in state.slingers)
        return State(slingers, state.turn + 1), events

    def is_over(self, state: State) -> bool:
        return len(self.pending(state).who) <= 1

    def standings(self, state: State) -> list[Standing]:
        ranked = sorted(state.slingers, key=lambda s: (s.hp <= 0, -s.hp))
        return [
            Standing(
                s.name,
                s.name,
                place,
                Fate.FIGHTING if s.hp > 0 else Fate.DEAD,
                score=s.hp,
                extra={"hp": s.hp},
            )
            for place, s in enumerate(ranked, start=1)
        ]

    def snapshot(self, state: State) -> dict[str, Any]:
        return {s.name: {"hp": s.hp, "alive": s.hp > 0} for s in state.slingers}
