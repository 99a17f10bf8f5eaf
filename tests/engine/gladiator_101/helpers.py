"""Scenario helpers: place two gladiators, give the actor's order, resolve its turn with
scripted dice (d100s, location dice and damage dice, in the order the engine rolls)."""

from __future__ import annotations

from typing import Any

from arena.engine.core.board import Square
from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.core.records import replace
from arena.engine.rulesets.gladiator_101.data import LOCATIONS
from arena.engine.rulesets.gladiator_101.ruleset import Gladiator101
from arena.engine.rulesets.gladiator_101.state import Fighter, Options, State, traits_of

RULES = Gladiator101()
KEYS = {"acc": "accuracy", "ref": "reflex", "str": "strength"}


def place(*specs: str, first: int = 0, max_turns: int = 120, turn: int = 0) -> State:
    """place("Red E5 acc=10 feats=keen-eye,flurry", "Blue E6 ref=5 hp=head:2") -> a state
    with Red to act. Scores not named are 0."""
    fighters = []
    for seat, spec in enumerate(specs):
        name, square, *settings = spec.split()
        scores = {"accuracy": 0, "reflex": 0, "strength": 0}
        feats: tuple[str, ...] = ()
        hp_set: dict[str, int] = {}
        for setting in settings:
            key, value = setting.split("=")
            if key in KEYS:
                scores[KEYS[key]] = int(value)
            elif key == "feats":
                feats = tuple(value.split(","))
            elif key == "hp":
                for part in value.split(","):
                    loc, n = part.split(":")
                    hp_set[loc.replace("_", " ")] = int(n)
        traits = traits_of(feats)
        hp = tuple(hp_set.get(loc, traits.max_hp[i]) for i, loc in enumerate(LOCATIONS))
        fighters.append(Fighter(name, seat, Square.parse(square), feats=feats, hp=hp, **scores))
    return State(Options(max_turns=max_turns), tuple(fighters), first=first, turn=turn)


def resolve(state: State, order: dict[str, Any] | None, dice: list[int] | tuple[int, ...] = ()):
    """The actor's turn with this JSON order, read as a player's is (read_order); every
    scripted die must be rolled."""
    loaded = Dice.scripted(list(dice))
    who = state.actor.name
    after, events = RULES.apply(state, {who: RULES.read_order(state, who, order or {})}, loaded)
    assert loaded.remaining == 0, f"{loaded.remaining} scripted dice were not rolled"
    return after, tuple(events)


def of(events: tuple[Event, ...], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]


def get(state: State, name: str) -> Fighter:
    f = state.get(name)
    assert f is not None
    return f


def hp(state: State, name: str, location: str) -> int:
    return get(state, name).hp_at(location)


def hurt(state: State, name: str, **locations: int) -> State:
    """The state with these locations of `name` at these hit points (upper_torso=3)."""
    f = get(state, name)
    hp_ = list(f.hp)
    for loc, n in locations.items():
        hp_[LOCATIONS.index(loc.replace("_", " "))] = n
    return state.with_fighter(replace(f, hp=tuple(hp_)))
