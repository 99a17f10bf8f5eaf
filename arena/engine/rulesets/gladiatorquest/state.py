"""The state of a GladiatorQuest bout between two turns: plain records, and their JSON.

BoutState is everything the next turn needs: the options, each gladiator as he stands
(FighterState: who he is, where, his body, points, effects, kit and record), the weapons on the
ground, and where the bout is in its phases. It survives a JSON round trip exactly.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, NamedTuple

from msgspec import structs

from arena.engine.core.board import Board, Facing, Square, orthogonal_steps, square_names
from arena.engine.core.mercy import Mercy, mercy_json, mercy_read
from arena.engine.core.records import Frozen, replace
from arena.engine.rulesets.gladiatorquest.data import (
    FISTS,
    ITEMS,
    TYPES,
    GladiatorType,
    Item,
    Kind,
    Tactics,
    equipment_errors,
    parse_tactics,
)

NO_HOUSE_RULE = Mercy()  # the rule set's own dice


class Status(StrEnum):
    FIGHTING = "fighting"
    DOWN = "down"  # at 0 body, a teammate may heal him before the next phase ends (VI.A)
    MERCY = "mercy"  # spared, walking to the exit as an obstacle (VI.B)
    EXITED = "exited"
    DEAD = "dead"


class Weight(StrEnum):
    HEAVY = "heavy"
    MEDIUM = "medium"
    LIGHT = "light"


MOVEMENT_DICE = {Weight.HEAVY: 1, Weight.MEDIUM: 2, Weight.LIGHT: 3}


@dataclass(frozen=True, slots=True)
class Options:
    board: Board
    contest: str
    exit: Square
    max_turns: int
    continue_with_tactics: bool
    mercy: Mercy = NO_HOUSE_RULE  # the campaign's house rule for appeals (core/mercy.py)
    # Derived from the board, as tables looked up all the time: each open square with its
    # open orthogonal neighbours and the step to each (moves, paths), and each square's name.
    steps: Mapping[Square, tuple[tuple[int, int, Square], ...]] = field(
        init=False, compare=False, repr=False
    )
    names: Mapping[Square, str] = field(init=False, compare=False, repr=False)  # A1 names
    # Each open square's open neighbours by the step that reaches them (`steps` as a table):
    # where a written step leads, looked up once per step of every gladiator (None: a bump
    # into a wall or the edge).
    neighbours: Mapping[Square, Mapping[tuple[int, int], Square]] = field(
        init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        steps = orthogonal_steps(self.board)
        object.__setattr__(self, "steps", steps)
        object.__setattr__(self, "names", square_names(self.board.width, self.board.height))
        neighbours = {sq: {(dc, dr): nxt for dc, dr, nxt in out} for sq, out in steps.items()}
        object.__setattr__(self, "neighbours", neighbours)


@dataclass(frozen=True, slots=True)
class Bonuses:
    """Level-up bonuses (VII.C)."""

    attack: int = 0
    defend: int = 0
    movement: int = 0
    body: int = 0
    mind: int = 0


@dataclass(frozen=True, slots=True)
class Gladiator:
    """Who a gladiator is: fixed for the whole bout."""

    name: str
    index: int  # his place in the input: the order everything is resolved in
    type: GladiatorType
    team: str | None
    tactics: Tactics
    bonuses: Bonuses
    max_body: int
    mind: int

    @property
    def side(self) -> str:
        return self.team if self.team is not None else self.name


class Effects(Frozen):
    """What spells and potions left on him, until used up or shaken off."""

    courage: int = 0  # extra attack dice on the next attack
    defense_bonus: int = 0  # extra defend dice the next time he defends
    rock_skin: int = 0  # extra defend dice until wounded
    double_move: bool = False  # speed potion / Swift Wind: twice the movement dice next roll
    heroic: bool = False  # heroic brew: two attacks in the next combat
    asleep: bool = False
    afraid: bool = False
    tempest: bool = False  # sits out his next movement phase


NO_EFFECTS = Effects()


class Record(Frozen):
    """How his bout went: what the standings and the campaign need at the end."""

    defeated_by: str | None = None  # who is credited with defeating him (VII)
    killed_by: str | None = None
    out_at: int = 0  # the turn he stopped fighting (0: still fighting)
    down_until: int = 0  # the movement phase by whose end he must be healed (VI.A)
    potions_used: tuple[str, ...] = ()
    items_lost: tuple[str, ...] = ()  # destroyed shields
    items_gained: tuple[str, ...] = ()  # others' weapons picked up
    thrown: tuple[str, ...] = ()  # his own weapons lying on the ground


NO_RECORD = Record()


class FighterState(Frozen):
    """One gladiator as he stands. `name` and `side` repeat the gladiator's, because nearly
    everything asks for them. A mechanic that changes him makes a new one (the methods below
    and `replace`) and puts it in a new state (BoutState.put)."""

    gladiator: Gladiator
    name: str
    side: str
    square: Square | None
    facing: Facing
    body: int
    status: Status
    points: int  # movement points left in this movement phase
    used: frozenset[str]  # used this movement phase: pivot, spell, potion, give, passing
    tally: int  # body points of damage dealt to opponents (V.F.4)
    last_hit_by: str | None
    carried: tuple[str, ...]  # item slugs in hand, in the belt, on the body, potions
    spells: tuple[str, ...]  # spells not cast yet
    shield_dice: int  # what his shield is still worth (V.F.3 wears it down)
    effects: Effects
    record: Record

    @property
    def fighting(self) -> bool:
        return self.status is Status.FIGHTING

    def stepped(
        self,
        square: Square | None,
        facing: Facing,
        used: frozenset[str],
        points: int,
        effects: Effects | None = None,
    ) -> FighterState:
        """Him after a movement step or roll: where he stands and faces, what he has used
        this phase, his points left (and his effects, when the roll used one up)."""
        return replace(
            self,
            square=square,
            facing=facing,
            used=used,
            points=points,
            effects=self.effects if effects is None else effects,
        )

    def using(self, what: str) -> FighterState:
        """He has used `what` (a pivot, a spell ...) in this movement phase."""
        return replace(self, used=self.used | {what})

    def without(self, item: str) -> FighterState:
        """One of the items he carries leaves his hands (thrown, drunk, destroyed)."""
        carried = list(self.carried)
        carried.remove(item)
        return replace(self, carried=tuple(carried))

    def affected(self, **changes: int | bool) -> FighterState:
        return replace(self, effects=replace(self.effects, **changes))

    def noted(self, **changes: object) -> FighterState:
        return replace(self, record=replace(self.record, **changes))


NO_FRONTS: Mapping[str, Front] = MappingProxyType({})


def places_of(fighters: tuple[FighterState, ...]) -> Mapping[str, int]:
    """BoutState.places: each gladiator's place in `fighters`, by name."""
    return MappingProxyType({f.name: i for i, f in enumerate(fighters)})


class Lying(Frozen):
    """A thrown weapon on the ground (IV.C.1)."""

    item: str
    square: Square
    owner: str


class Contact(NamedTuple):
    """Two opponents who enter combat (by their indexes, a < b); `contested`: they tried to
    enter the same square, so either may shield-bash (V.F.3)."""

    a: int
    b: int
    contested: bool


class BoutState(Frozen):
    """Everything the next turn needs. A turn makes new states (`put`, `replace`) and never
    changes one."""

    options: Options
    fighters: tuple[FighterState, ...]  # in input order: fighters[i].index == i
    ground: tuple[Lying, ...] = ()
    turn: int = 0  # turns resolved so far (while one is resolved: its number)
    phase: str = "movement"  # the phase of turn `turn` ("movement" step or "combat" round)
    phase_no: int = 0  # movement phases begun
    rolled: bool = False  # the current movement phase's dice have been rolled
    combat: tuple[Contact, ...] = ()  # when not empty, the next turn is their combat round
    standoff: bool = False  # nothing at all happened in the last movement step
    impatient: bool = False  # the crowd grew impatient at a standoff: tactics close in
    finished: bool = False
    winner: str | None = None
    reason: str = ""
    # Everyone in the coming combat round, by name: worked out once, by the turn that sets
    # `combat` (turn.resolve_turn) or from the JSON, as every order of the round asks for it.
    fronts: Mapping[str, Front] = NO_FRONTS
    # Each gladiator's place in `fighters`, by name: fixed for the bout, so worked out once
    # (places_of, by setup and from_json) and carried from state to state.
    places: Mapping[str, int] = MappingProxyType({})

    # Tables derived from the fields, worked out when asked (a turn makes several states
    # and asks each little).

    @property
    def occupied(self) -> dict[Square, FighterState]:
        """Who stands where (bodies and spared walkers too)."""
        return {f.square: f for f in self.fighters if f.square is not None}

    def named(self, name: str) -> FighterState:
        """The gladiator called `name` (KeyError when nobody is)."""
        return self.fighters[self.places[name]]

    def fighter(self, name: str) -> FighterState | None:
        """The gladiator called `name`, or None when nobody is."""
        place = self.places.get(name)
        return None if place is None else self.fighters[place]

    def put(self, *changed: FighterState) -> BoutState:
        """This state with these gladiators as they now stand."""
        fighters = list(self.fighters)
        for f in changed:
            fighters[f.gladiator.index] = f
        return replace(self, fighters=tuple(fighters))


class Front(Frozen):
    """One gladiator's side of a combat round: the opponents he can strike (V.F.2), and those
    he contested a square with (he may shield-bash them, V.F.3)."""

    fighter: FighterState
    reachable: tuple[FighterState, ...]
    bashable: frozenset[str]


def with_fronts(state: BoutState) -> BoutState:
    """The state with the fronts of its coming combat round (none when there is none)."""
    if state.combat:
        return replace(state, fronts=MappingProxyType(fronts_of(state)))
    return replace(state, fronts=NO_FRONTS) if state.fronts else state


def fronts_of(state: BoutState) -> dict[str, Front]:
    fighters, contest = state.fighters, state.options.contest
    reachable: dict[int, list[FighterState]] = {}  # by index
    bashable: dict[int, set[str]] = {}
    for a, b, contested in state.combat:
        fa, fb = fighters[a], fighters[b]
        if fa.status is not Status.FIGHTING or fb.status is not Status.FIGHTING:
            continue
        reach_a, reach_b = reachable.setdefault(a, []), reachable.setdefault(b, [])
        bash_a, bash_b = bashable.setdefault(a, set()), bashable.setdefault(b, set())
        if contested:
            reach_a.append(fb)
            reach_b.append(fa)
            bash_a.add(fb.name)
            bash_b.add(fa.name)
            continue
        # V.F.2: side by side, each reaches the other; diagonally, one with a diagonal weapon.
        assert fa.square is not None and fb.square is not None
        dc, dr = abs(fa.square.col - fb.square.col), abs(fa.square.row - fb.square.row)
        side_by_side, diagonal = dc + dr == 1, dc == 1 and dr == 1
        if side_by_side or (diagonal and weapon_of(fa, contest).diagonal):
            reach_a.append(fb)
        if side_by_side or (diagonal and weapon_of(fb, contest).diagonal):
            reach_b.append(fa)
    return {
        fighters[i].name: Front(fighters[i], tuple(reachable[i]), frozenset(bashable[i]))
        for i in sorted(reachable)
    }


# --- what follows from the items carried -----------------------------------------------


@dataclass(frozen=True, slots=True)
class Loadout:
    """What follows from the items a gladiator carries, and from nothing else."""

    weight: Weight
    movement_dice: int
    weapons: tuple[Item, ...]  # every weapon, in carried order
    throwing_weapons: tuple[Item, ...]  # the throwable ones among them
    usable: frozenset[str]  # weapons he can fight with hand to hand (not a crossbow)
    shooting: Item | None  # the first weapon that never strikes an adjacent foe (a crossbow)
    best: Item  # the usable weapon with most attack dice (first of equals), else fists
    defend: int  # extra defend dice from everything but the shield (it has shield_dice)
    potions: tuple[str, ...]


@functools.lru_cache(maxsize=4096)
def loadout_of(carried: tuple[str, ...]) -> Loadout:
    """IV.A: heavy wears armour, or both helmet and shield; medium one of them; light none.
    (Asked many times a turn while the items rarely change: worked out once per list.)"""
    kinds = {ITEMS[slug].kind for slug in carried}
    if Kind.ARMOUR in kinds or {Kind.HELMET, Kind.SHIELD} <= kinds:
        weight = Weight.HEAVY
    elif Kind.HELMET in kinds or Kind.SHIELD in kinds:
        weight = Weight.MEDIUM
    else:
        weight = Weight.LIGHT
    weapons = tuple(ITEMS[s] for s in carried if ITEMS[s].kind is Kind.WEAPON)
    # Hand to hand means against an adjacent foe: not a crossbow (min_range 2, VIII.H.2 "use
    # their bows or fight with their fists").
    usable = [w for w in weapons if w.min_range <= 1]
    shooting = [w for w in weapons if w.min_range > 1]
    best = FISTS
    for w in usable:
        if best is FISTS or w.attack > best.attack:
            best = w
    return Loadout(
        weight=weight,
        movement_dice=MOVEMENT_DICE[weight],
        weapons=weapons,
        throwing_weapons=tuple(w for w in weapons if w.throwable),
        usable=frozenset(w.slug for w in usable),
        shooting=shooting[0] if shooting else None,
        best=best,
        defend=sum(ITEMS[s].defend for s in carried if ITEMS[s].kind is not Kind.SHIELD),
        potions=tuple(s for s in carried if ITEMS[s].kind is Kind.POTION),
    )


def weapon_of(f: Any, contest: str) -> Item:
    """The weapon he fights with: the tactics' choice if carried, else the most dice. In a
    magic-only contest, fists while spells are left (VIII.H.3)."""
    return arms_of(f, contest).weapon


def passing_weapon_of(f: Any, contest: str) -> Item:
    """The weapon of a passing attack (IV.C.3): his hand-to-hand weapon if it reaches past
    one square, else a bow he carries (a crossbow shoots but never hand to hand), else the
    hand-to-hand weapon (which then does not reach)."""
    return arms_of(f, contest).passing


class Arms(NamedTuple):
    kit: Loadout  # loadout_of what he carries
    weapon: Item  # weapon_of
    passing: Item  # passing_weapon_of


def arms_of(f: Any, contest: str) -> Arms:
    """His loadout and both his weapons, in one lookup (the tactics ask every step)."""
    fists = contest == "magic_only" and bool(f.spells)
    return arms_for(f.carried, f.gladiator.tactics.weapon, fists)


@functools.lru_cache(maxsize=4096)
def arms_for(carried: tuple[str, ...], preferred: str | None, fists: bool) -> Arms:
    """arms_of for what he carries, the weapon his tactics prefer, and whether he fights
    with his fists (spells left in a magic-only contest). (Asked every step of every
    gladiator, from a few values: worked out once for each.)"""
    kit = loadout_of(carried)
    if fists:
        return Arms(kit, FISTS, FISTS)
    weapon = ITEMS[preferred] if preferred is not None and preferred in kit.usable else kit.best
    if weapon.reach > 1 or kit.shooting is None:
        return Arms(kit, weapon, weapon)
    return Arms(kit, weapon, kit.shooting)


def defend_dice_of(f: Any) -> int:
    g = f.gladiator
    dice = g.type.defend + g.bonuses.defend + f.shield_dice + f.effects.rock_skin
    return max(dice + loadout_of(f.carried).defend, 0)


def can_move(f: Any) -> bool:
    """IV.B.2: "Each player that has some movement points left" writes a direction (one
    asleep cannot)."""
    return f.status is Status.FIGHTING and f.points > 0 and not f.effects.asleep


def still_moving(f: Any) -> bool:
    """Has points he will use in this phase: a gladiator who can move, or a spared one
    walking out (VI.B)."""
    return f.points > 0 and (can_move(f) or f.status is Status.MERCY)


@functools.lru_cache(maxsize=4096)
def equipment_problems(type_slug: str, equipment: tuple[str, ...], contest: str) -> tuple[str, ...]:
    """equipment_errors() of a tuple of items (asked again and again with the same few)."""
    return tuple(equipment_errors(type_slug, list(equipment), contest))


def can_carry(f: Any, item: str, contest: str) -> bool:
    return not equipment_problems(f.gladiator.type.slug, (*f.carried, item), contest)


def can_heal(f: Any) -> bool:
    return (
        "healing_potion" in f.carried or "heal_body" in f.spells or "water_of_healing" in (f.spells)
    )


# --- JSON ---------------------------------------------------------------------------------


def to_json(state: BoutState) -> dict[str, Any]:
    o = state.options
    return {
        "options": {
            "board": [o.board.width, o.board.height],
            "walls": sorted(str(w) for w in o.board.walls),
            "contest": o.contest,
            "exit": str(o.exit),
            "max_turns": o.max_turns,
            "continue_with_tactics": o.continue_with_tactics,
            # Only a house rule other than the dice: states of old bouts stay as they were.
            **({"mercy": mercy_json(o.mercy)} if o.mercy != NO_HOUSE_RULE else {}),
        },
        "fighters": [_fighter_json(f) for f in state.fighters],
        "ground": [[g.item, str(g.square), g.owner] for g in state.ground],
        "turn": state.turn,
        "phase": state.phase,
        "phase_no": state.phase_no,
        "rolled": state.rolled,
        "combat": [list(c) for c in state.combat],
        "standoff": state.standoff,
        "impatient": state.impatient,
        "finished": state.finished,
        "winner": state.winner,
        "reason": state.reason,
    }


def _fighter_json(f: FighterState) -> dict[str, Any]:
    g = f.gladiator
    return {
        "gladiator": {
            "name": g.name,
            "index": g.index,
            "type": g.type.slug,
            "team": g.team,
            "tactics": g.tactics.as_dict(),
            "bonuses": asdict(g.bonuses),
            "max_body": g.max_body,
            "mind": g.mind,
        },
        "square": None if f.square is None else str(f.square),
        "facing": f.facing.value,
        "body": f.body,
        "status": f.status.value,
        "points": f.points,
        "used": sorted(f.used),
        "tally": f.tally,
        "last_hit_by": f.last_hit_by,
        "carried": list(f.carried),
        "spells": list(f.spells),
        "shield_dice": f.shield_dice,
        "effects": _fields_json(f.effects),
        "record": _fields_json(f.record),
    }


def _fields_json(record: Effects | Record) -> dict[str, Any]:
    return {
        name: list(value) if isinstance(value, tuple) else value
        for name, value in structs.asdict(record).items()
    }


def from_json(data: Mapping[str, Any]) -> BoutState:
    o = data["options"]
    walls = frozenset(Square.parse(w) for w in o["walls"])
    options = Options(
        board=Board(o["board"][0], o["board"][1], walls),
        contest=o["contest"],
        exit=Square.parse(o["exit"]),
        max_turns=o["max_turns"],
        continue_with_tactics=o["continue_with_tactics"],
        mercy=mercy_read(o.get("mercy")),
    )
    fighters = tuple(_fighter_from_json(f) for f in data["fighters"])
    state = BoutState(
        options=options,
        fighters=fighters,
        ground=tuple(Lying(i, Square.parse(s), o) for i, s, o in data["ground"]),
        turn=data["turn"],
        phase=data["phase"],
        phase_no=data["phase_no"],
        rolled=data["rolled"],
        combat=tuple(Contact(*c) for c in data["combat"]),
        standoff=data["standoff"],
        impatient=data["impatient"],
        finished=data["finished"],
        winner=data["winner"],
        reason=data["reason"],
        places=places_of(fighters),
    )
    return with_fronts(state)


def _fighter_from_json(data: Mapping[str, Any]) -> FighterState:
    g = data["gladiator"]
    gladiator = Gladiator(
        name=g["name"],
        index=g["index"],
        type=TYPES[g["type"]],
        team=g["team"],
        tactics=parse_tactics(g["tactics"]),
        bonuses=Bonuses(**g["bonuses"]),
        max_body=g["max_body"],
        mind=g["mind"],
    )
    record = {k: tuple(v) if isinstance(v, list) else v for k, v in data["record"].items()}
    return FighterState(
        gladiator=gladiator,
        name=gladiator.name,
        side=gladiator.side,
        square=None if data["square"] is None else Square.parse(data["square"]),
        facing=Facing(data["facing"]),
        body=data["body"],
        status=Status(data["status"]),
        points=data["points"],
        used=frozenset(data["used"]),
        tally=data["tally"],
        last_hit_by=data["last_hit_by"],
        carried=tuple(data["carried"]),
        spells=tuple(data["spells"]),
        shield_dice=data["shield_dice"],
        effects=Effects(**data["effects"]),
        record=Record(**record),
    )
