"""The fighters' state during one resolution, and reading/validating the bout input.

A Fighter is a mutable record owned by one run of the engine (never shared, never handed out):
the engine builds fresh fighters from the input each time, so a replay starts from scratch.
Mutating in place keeps the hot path fast; what leaves the engine is frozen events and plain
snapshots.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from arena.engine.core.board import Board, Facing, Square
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiatorquest.data import (
    CONTESTS,
    DEFAULT_SPELLS,
    FISTS,
    ITEMS,
    TYPES,
    GladiatorType,
    Item,
    Kind,
    Status,
    equipment_errors,
    spell_errors,
)
from arena.engine.rulesets.gladiatorquest.tactics import Tactics, parse_tactics

BONUS_KEYS = ("attack", "defend", "movement", "body", "mind")


class Weight(Enum):
    HEAVY = "heavy"
    MEDIUM = "medium"
    LIGHT = "light"

    # Members are singletons compared by identity: the C-level identity hash keeps the many
    # dict lookups keyed by them cheap (Enum.__hash__ is Python code hashing the name).
    __hash__ = object.__hash__


MOVEMENT_DICE = {Weight.HEAVY: 1, Weight.MEDIUM: 2, Weight.LIGHT: 3}


@dataclass(slots=True, eq=False)
class Fighter:
    name: str
    index: int
    gtype: GladiatorType
    team: str | None
    carried: list[str]  # item slugs in hand, belt, on the body, potions
    bonuses: dict[str, int]
    tactics: Tactics
    spells: list[str]
    square: Square | None
    facing: Facing
    max_body: int
    body: int
    mind: int
    shield_dice: int = 0
    status: Status = Status.FIGHTING
    tally: int = 0
    defeated: list[str] = field(default_factory=list)
    killed_by: str | None = None
    potions_used: list[str] = field(default_factory=list)
    items_lost: list[str] = field(default_factory=list)
    items_gained: list[str] = field(default_factory=list)
    thrown: list[str] = field(default_factory=list)  # own items lying on the ground
    last_hit_by: str | None = None
    out_at: int = 0  # turn at which he stopped fighting (0 = still fighting)
    # Per movement phase.
    points: int = 0
    pivot_used: bool = False
    spell_used: bool = False
    potion_used: bool = False
    potion_given: bool = False
    passing_attacked: bool = False
    # Effects with a duration (counted in uses or movement phases).
    courage: int = 0  # extra attack dice on the next attack
    defense_bonus: int = 0  # extra defend dice next defence (potion of defense)
    rock_skin: int = 0  # extra defend dice until wounded
    double_move: bool = False  # speed potion / swift wind
    heroic: bool = False  # heroic brew: two attacks in the next combat
    asleep: bool = False
    afraid: bool = False
    tempest: bool = False
    down_deadline: int = 0  # movement phase number by whose end he must be healed

    # The side he fights for: his team, or himself. A plain attribute rather than a property
    # because it is read in every loop over the fighters; set_team() keeps it up to date.
    side: str = ""

    def __post_init__(self) -> None:
        self.side = self.team if self.team is not None else self.name

    def set_team(self, team: str | None) -> None:
        self.team = team
        self.side = team if team is not None else self.name

    @property
    def fighting(self) -> bool:
        return self.status is Status.FIGHTING

    def loadout(self) -> Loadout:
        return loadout_of(self.carried)

    def weight(self) -> Weight:
        """IV.A: heavy wears armour, or both helmet and shield; medium one of them."""
        return loadout_of(self.carried).weight

    def weapons(self) -> list[Item]:
        return list(loadout_of(self.carried).weapons)

    def weapon(self, contest: str, kit: Loadout | None = None) -> Item:
        """The weapon he fights with: the tactics' choice if carried, else the most dice.
        (`kit`: his loadout, when the caller has it at hand.)"""
        if contest == "magic_only" and self.spells:
            return FISTS
        if kit is None:
            kit = loadout_of(self.carried)
        preferred = self.tactics.weapon
        if preferred is not None and preferred in kit.usable:
            return ITEMS[preferred]
        return kit.best

    def passing_weapon(self, contest: str, kit: Loadout | None = None) -> Item:
        """The weapon of a passing attack (IV.C.3): his hand-to-hand weapon if it reaches past
        one square, else a bow he carries (a crossbow shoots but never hand to hand), else the
        hand-to-hand weapon (which then does not reach)."""
        if contest == "magic_only" and self.spells:
            return FISTS
        if kit is None:
            kit = loadout_of(self.carried)
        weapon = self.weapon(contest, kit)
        if weapon.reach > 1 or kit.shooting is None:
            return weapon
        return kit.shooting

    def defend_dice(self) -> int:
        dice = self.gtype.defend + self.bonuses["defend"] + self.shield_dice + self.rock_skin
        return max(dice + loadout_of(self.carried).defend, 0)

    def potions(self) -> list[str]:
        return list(loadout_of(self.carried).potions)


@dataclass(frozen=True, slots=True)
class Loadout:
    """What follows from the items a gladiator carries, and from nothing else. The tactics
    and the combat ask for these many times a turn while the items rarely change, so each
    distinct list of items is worked out once (see `loadout_of`)."""

    weight: Weight
    weight_name: str  # weight.value
    movement_dice: int  # MOVEMENT_DICE[weight]
    weapons: tuple[Item, ...]  # every weapon, in carried order
    throwing_weapons: tuple[Item, ...]  # the throwable ones among them
    usable: frozenset[str]  # weapons he can fight with hand to hand (not a crossbow)
    shooting: Item | None  # the first weapon that never strikes an adjacent foe (a crossbow)
    best: Item  # the usable weapon with most attack dice (first of equals), else fists
    defend: int  # extra defend dice from everything but the shield (it has shield_dice)
    potions: tuple[str, ...]
    throwables: int


_LOADOUTS: dict[tuple[str, ...], Loadout] = {}
_LOADOUTS_MAX = 4096  # distinct item lists kept; a long-lived process clears and starts again


def loadout_of(carried: list[str]) -> Loadout:
    key = tuple(carried)
    kit = _LOADOUTS.get(key)
    if kit is None:
        if len(_LOADOUTS) >= _LOADOUTS_MAX:
            _LOADOUTS.clear()
        kit = _LOADOUTS[key] = _work_out_loadout(key)
    return kit


def _work_out_loadout(carried: tuple[str, ...]) -> Loadout:
    has_armour = has_helmet = has_shield = False
    best: Item | None = None
    usable = set()
    shooting: Item | None = None
    defend = 0
    for slug in carried:
        item = ITEMS[slug]
        kind = item.kind
        if kind is Kind.ARMOUR:
            has_armour = True
        elif kind is Kind.HELMET:
            has_helmet = True
        elif kind is Kind.SHIELD:
            has_shield = True
        if kind is not Kind.SHIELD:
            defend += item.defend
        if kind is Kind.WEAPON:
            # Hand to hand means against an adjacent foe: not a crossbow (min_range 2, VIII.H.2
            # "use their bows or fight with their fists").
            if item.min_range <= 1:
                usable.add(slug)
                if best is None or item.attack > best.attack:
                    best = item
            elif shooting is None:
                shooting = item
    if has_armour or (has_helmet and has_shield):
        weight = Weight.HEAVY
    elif has_helmet or has_shield:
        weight = Weight.MEDIUM
    else:
        weight = Weight.LIGHT
    weapons = tuple(ITEMS[s] for s in carried if ITEMS[s].kind is Kind.WEAPON)
    return Loadout(
        weight=weight,
        weight_name=weight.value,
        movement_dice=MOVEMENT_DICE[weight],
        weapons=weapons,
        throwing_weapons=tuple(w for w in weapons if w.throwable),
        usable=frozenset(usable),
        shooting=shooting,
        best=best if best is not None else FISTS,
        defend=defend,
        potions=tuple(s for s in carried if ITEMS[s].kind is Kind.POTION),
        throwables=sum(1 for s in carried if ITEMS[s].throwable),
    )


def _require(cond: bool, fieldname: str, message: str) -> None:
    if not cond:
        raise EngineInputError(fieldname, message)


@dataclass(frozen=True, slots=True)
class Options:
    board: Board
    contest: str
    exit: Square
    max_turns: int
    continue_with_tactics: bool


def parse_options(raw: Any) -> Options:
    if raw is None:
        return _default_options()  # (the same every time, and Options is immutable)
    return _parse_options(raw)


@functools.cache
def _default_options() -> Options:
    return _parse_options({})


def _parse_options(raw: Any) -> Options:
    if not isinstance(raw, dict):
        raise EngineInputError("options", "must be an object")
    size = raw.get("board", [12, 12])
    if not (isinstance(size, list) and len(size) == 2 and all(type(v) is int for v in size)):
        raise EngineInputError("options.board", "must be [width, height]")
    if not (2 <= size[0] <= 26 and 2 <= size[1] <= 99):
        raise EngineInputError("options.board", "width 2..26 and height 2..99")
    walls: list[Square] = []
    for i, text in enumerate(raw.get("walls", [])):
        try:
            walls.append(Square.parse(text))
        except (ValueError, TypeError) as exc:
            raise EngineInputError(f"options.walls[{i}]", str(exc)) from None
    board = Board(size[0], size[1], frozenset(walls))
    contest = raw.get("contest", "standard")
    if contest not in CONTESTS:
        raise EngineInputError(
            "options.contest", f"unknown contest {contest!r} (one of {', '.join(CONTESTS)})"
        )
    exit_text = raw.get("exit")
    if exit_text is None:
        exit_sq = Square((board.width - 1) // 2, 0)
    else:
        try:
            exit_sq = board.parse(exit_text)
        except (ValueError, TypeError) as exc:
            raise EngineInputError("options.exit", str(exc)) from None
    max_turns = raw.get("max_turns", 500)
    if not (type(max_turns) is int and 1 <= max_turns <= 100_000):
        raise EngineInputError("options.max_turns", "must be an integer 1..100000")
    cont = raw.get("continue_with_tactics", False)
    if not isinstance(cont, bool):
        raise EngineInputError("options.continue_with_tactics", "must be true or false")
    return Options(board, contest, exit_sq, max_turns, cont)


def parse_gladiators(raw: Any, options: Options) -> list[Fighter]:
    if not (isinstance(raw, list) and len(raw) >= 2):
        raise EngineInputError("gladiators", "must be a list of at least 2 gladiators")
    fighters: list[Fighter] = []
    names: set[str] = set()
    for i, g in enumerate(raw):
        where = f"gladiators[{i}]"
        if not isinstance(g, dict):
            raise EngineInputError(where, "must be an object")
        name = g.get("name")
        if not (isinstance(name, str) and name.strip() != ""):
            raise EngineInputError(f"{where}.name", "must be a non-empty string")
        if name in names:
            raise EngineInputError(f"{where}.name", f"{name!r} is used twice")
        names.add(name)
        type_slug = g.get("type")
        if type_slug not in TYPES:  # (the message is only built when it is needed)
            raise EngineInputError(
                f"{where}.type", f"unknown gladiator type {type_slug!r} (one of {', '.join(TYPES)})"
            )
        gtype = TYPES[type_slug]
        team = g.get("team")
        if not (team is None or (isinstance(team, str) and team != "")):
            raise EngineInputError(f"{where}.team", "must be a team name or null")
        equipment = g.get("equipment", list(gtype.equipment))
        if not (isinstance(equipment, list) and all(isinstance(s, str) for s in equipment)):
            raise EngineInputError(f"{where}.equipment", "must be a list of item slugs")
        errors = cached_equipment_errors(type_slug, tuple(equipment), options.contest)
        if errors:
            raise EngineInputError(f"{where}.equipment", "; ".join(errors))
        bonuses_raw = g.get("bonuses") or {}
        if not isinstance(bonuses_raw, dict):
            raise EngineInputError(f"{where}.bonuses", "must be an object")
        bonuses = {}
        for key in BONUS_KEYS:
            value = bonuses_raw.get(key, 0)
            if not (type(value) is int and 0 <= value <= 50):
                raise EngineInputError(f"{where}.bonuses.{key}", "must be an integer 0..50")
            bonuses[key] = value
        unknown = sorted(set(bonuses_raw) - set(BONUS_KEYS))
        if unknown:
            raise EngineInputError(f"{where}.bonuses", f"unknown bonus {', '.join(unknown)}")
        spells = g.get("spells")
        if spells is None:
            spells = list(DEFAULT_SPELLS.get(type_slug, ()))
        if not isinstance(spells, list):
            raise EngineInputError(f"{where}.spells", "must be a list of spell slugs")
        errors = _cached_spell_errors(type_slug, tuple(spells)) if spells else ()
        if errors:
            raise EngineInputError(f"{where}.spells", "; ".join(errors))
        try:
            tactics = parse_tactics(g.get("tactics"))
        except ValueError as exc:
            raise EngineInputError(f"{where}.tactics", str(exc)) from None
        square = None
        if g.get("square") is not None:
            try:
                square = options.board.parse(g["square"])
            except (ValueError, TypeError) as exc:
                raise EngineInputError(f"{where}.square", str(exc)) from None
            if square in options.board.walls:
                raise EngineInputError(f"{where}.square", "is a wall")
        facing = Facing.N
        if g.get("facing") is not None:
            if g["facing"] not in ("N", "E", "S", "W"):
                raise EngineInputError(f"{where}.facing", "must be N, E, S or W")
            facing = Facing(g["facing"])
        body = gtype.body + bonuses["body"]
        shield = sum(ITEMS[s].defend for s in equipment if ITEMS[s].kind is Kind.SHIELD)
        fighters.append(
            Fighter(
                name=name,
                index=i,
                gtype=gtype,
                team=team,
                carried=list(equipment),
                bonuses=bonuses,
                tactics=tactics,
                spells=list(spells),
                square=square,
                facing=facing,
                max_body=body,
                body=body,
                mind=gtype.mind + bonuses["mind"],
                shield_dice=shield,
            )
        )
    _assign_contest_teams(fighters, options)
    if len({f.side for f in fighters}) < 2:
        raise EngineInputError("gladiators", "everyone is on one team: there is nobody to fight")
    if options.contest == "daggers_only":
        counts = {f.carried.count("dagger") for f in fighters}
        if len(counts) != 1:
            raise EngineInputError(
                "gladiators",
                "daggers-only contest: every gladiator carries the same number of daggers",
            )
    _place(fighters, options, raw)
    return fighters


def _assign_contest_teams(fighters: list[Fighter], options: Options) -> None:
    """VIII.H.1 one against many: unless teams are given, the first gladiator stands alone
    and all the others form the team "many"."""
    if options.contest != "one_against_many":
        return
    if all(f.team is None for f in fighters):
        fighters[0].set_team(fighters[0].name)
        for f in fighters[1:]:
            f.set_team("many")
    sides = {f.side for f in fighters}
    sizes = sorted(sum(1 for f in fighters if f.side == s) for s in sides)
    _require(
        len(sides) == 2 and sizes[0] == 1,
        "gladiators",
        "one-against-many contest: exactly two sides, one of them a single gladiator",
    )


def _place(fighters: list[Fighter], options: Options, raw: list[dict[str, Any]]) -> None:
    """III.C: two sides start at opposite ends, more sides spread evenly around the edge;
    a team starts as a group. Explicit squares win; clashes are refused."""
    board = options.board
    taken: dict[Square, str] = {}
    for f in fighters:
        if f.square is not None:
            _require(
                f.square not in taken,
                f"gladiators[{f.index}].square",
                f"{f.square} is already {taken.get(f.square)}'s",
            )
            taken[f.square] = f.name
    todo = [f for f in fighters if f.square is None]
    if not todo:
        return
    sides: list[str] = []
    for f in fighters:
        if f.side not in sides:
            sides.append(f.side)
    ring, offsets, position = _placement_ring(board)
    centre_col, centre_row = (board.width - 1) / 2, (board.height - 1) / 2
    if len(sides) == 2:
        mid = (board.width - 1) // 2
        first, second = Square(mid, 0), Square(board.width - 1 - mid, board.height - 1)
        # (ring.index() only for a square not on the ring, to fail exactly as it always did)
        starts = {
            sides[0]: position[first] if first in position else ring.index(first),
            sides[1]: position[second] if second in position else ring.index(second),
        }
    else:
        starts = {s: (k * len(ring)) // len(sides) for k, s in enumerate(sides)}
    for side in sides:
        members = [f for f in todo if f.side == side]
        pos = starts[side]
        for f in members:
            for off in offsets:
                sq = ring[(pos + off) % len(ring)]
                if sq not in taken:
                    break
            else:  # pragma: no cover - the ring is larger than any bout
                raise EngineInputError("gladiators", "no room on the edge to place everyone")
            taken[sq] = f.name
            f.square = sq
            if raw[f.index].get("facing") is None:
                f.facing = Facing.towards(round(centre_col - sq.col), round(centre_row - sq.row))


# Setup work that depends only on the board or the equipment list: worked out once per distinct
# board or list (bouts are resolved by the thousand with the same few boards and kits).


@functools.lru_cache(maxsize=256)
def _placement_ring(board: Board) -> tuple[list[Square], list[int], dict[Square, int]]:
    """The open edge squares clockwise from A1, the order in which _place tries them around a
    side's start (0, +1, -1, +2, -2 ...), and each square's place on the ring."""
    ring = [sq for sq in board.edge_squares() if sq not in board.walls]
    offsets = [0]
    for k in range(1, len(ring)):
        offsets += [k, -k]
    position: dict[Square, int] = {}
    for i, sq in enumerate(ring):
        position.setdefault(sq, i)
    return ring, offsets, position


@functools.lru_cache(maxsize=1024)
def _cached_spell_errors(type_slug: str, spells: tuple[Any, ...]) -> tuple[str, ...]:
    return tuple(spell_errors(type_slug, list(spells)))


@functools.lru_cache(maxsize=4096)
def cached_equipment_errors(
    type_slug: str, equipment: tuple[str, ...], contest: str
) -> tuple[str, ...]:
    """equipment_errors() for a tuple of item slugs, remembered."""
    return tuple(equipment_errors(type_slug, list(equipment), contest))
