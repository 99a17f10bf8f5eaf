"""The state of an Arena of the Elders bout between steps: plain frozen data, exactly JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arena.engine.core.board import Square
from arena.engine.core.records import Frozen, replace
from arena.engine.rulesets.arena_of_the_elders.arena import TEAMS as TEAMS  # the teams, by index
from arena.engine.rulesets.arena_of_the_elders.arena import Arena
from arena.engine.rulesets.arena_of_the_elders.content import EMPTY, Content, parse_content
from arena.engine.rulesets.arena_of_the_elders.data import (
    CHAMPIONS,
    SPEED_EFFECTS,
    Ability,
    Champion,
    Stats,
)

SLUG = "arena-of-the-elders"
MODES = ("deathmatch", "king", "flag")
DEFAULT_ROUNDS = 30  # the text has no limit: a bound so that every bout ends
PREP, PLAY, OVER = "preparation", "play", "over"
DRAW = 2  # State.winner when neither team wins


@dataclass(frozen=True, slots=True)
class Options:
    mode: str = "deathmatch"
    competitive: bool = False
    arena: str = "elders-ring"
    rounds: int = DEFAULT_ROUNDS  # each team has this many turns at most
    tactics: bool = False  # absent orders are filled by tactics until the bout ends

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "competitive": self.competitive,
            "arena": self.arena,
            "rounds": self.rounds,
            "tactics": self.tactics,
        }

    @property
    def deaths_to_lose(self) -> int:
        return 2 if self.competitive else 1

    @property
    def captures_to_win(self) -> int:
        return 3 if self.competitive else 2

    @property
    def respawn_wait(self) -> int:
        # Kill the king, competitive: "reduce character respawns by 1".
        return 1 if self.mode == "king" and self.competitive else 2


class Effect(Frozen):
    """A timed effect on a character: it counts down at the start of its caster's team's
    turns and works while it is above 0 ("Duration rules"). A `Frozen` record, copied by
    `replace` as each turn counts it down."""

    kind: str
    left: int
    team: int  # whose turns count it down
    by: str


class Fighter(Frozen):
    """A character: a `Frozen` record (core/records.py), whose `replace` is the cheap copy
    every rule that changes one character makes."""

    name: str
    champion: str
    team: int
    seat: int  # its place in its team's picks: breaks ties
    square: Square  # where it stands; where it fell while dead
    hp: int
    house: bool = False  # played by the arena's tactics: nobody's order is waited for
    choice: int = 2  # the slot (2-4) its sheet takes at level 3
    # The slots (2-4) it may take at level 3: a campaign gladiator's unlocked ones (its
    # build), any of the three for the rest.
    unlocked: tuple[int, ...] = (2, 3, 4)
    level: int = 1
    alive: bool = True
    respawn_in: int = 0  # own turns still to finish before it returns
    deaths: int = 0
    kills: int = 0
    burning: str = ""  # who set it on fire ("" when not on fire)
    poisoned: str = ""  # who poisoned it
    poison_turns: int = 0  # own turns begun since it was poisoned
    stunned: bool = False
    skipping: bool = False  # stunned: sits out this turn
    cooldowns: tuple[tuple[str, int], ...] = ()
    effects: tuple[Effect, ...] = ()
    captures: int = 0
    # A GM's champion (content.py) travels with the fighter; the arena's own are looked up.
    sheet: Champion | None = None

    @property
    def hero(self) -> Champion:
        return self.sheet or CHAMPIONS[self.champion]

    @property
    def stats(self) -> Stats:
        """What its level and level-3 choice give it: one look-up in its champion's table."""
        return self.hero.sheets[self.level, self.choice]

    @property
    def known(self) -> tuple[Ability, ...]:
        return self.stats.known

    def has(self, passive: str) -> bool:
        return passive in self.stats.passives

    def mod(self, stat: str) -> int:
        return self.stats.modifiers.get(stat, 0)

    @property
    def max_health(self) -> int:
        return self.stats.health

    def under(self, kind: str) -> int:
        return [e.kind for e in self.effects].count(kind)

    def cooldown(self, key: str) -> int:
        for k, n in self.cooldowns:
            if k == key:
                return n
        return 0

    @property
    def speed(self) -> int:
        timed = sum([SPEED_EFFECTS.get(e.kind, 0) for e in self.effects])
        return max(0, self.stats.speed + timed)

    @property
    def flying(self) -> int:
        return self.stats.flying + 2 * self.under("soar")

    @property
    def swimming(self) -> bool:
        return self.hero.swimming


def with_timed(target: Fighter, by: Fighter, kinds: tuple[str, ...], duration: int) -> Fighter:
    """`target` under `by`'s timed effects of these kinds ("Duration rules"); a second casting
    renews an effect rather than doubling it."""
    effects = list(target.effects)
    for kind in kinds:
        effects = [e for e in effects if not (e.kind == kind and e.by == by.name)]
        effects.append(Effect(kind, duration, by.team, by.name))
    return replace(target, effects=tuple(effects))


@dataclass(frozen=True, slots=True)
class Flag:
    """A team's flag: on a square, or carried (square None, carrier set)."""

    square: Square | None
    carrier: str = ""


class State(Frozen):
    """The bout between steps: a `Frozen` record, like `Fighter`, whose `replace` is the
    cheap copy each activation's changes go in by (changes.py)."""

    options: Options
    fighters: tuple[Fighter, ...]
    phase: str = PREP
    turn: int = 0  # team turns begun
    acting: int = 0  # the team whose turn it is
    first: int = -1  # who won the roll-off
    kings: tuple[str, str] = ("", "")
    captures: tuple[int, int] = (0, 0)
    flags: tuple[Flag, Flag] = (Flag(None), Flag(None))
    winner: int = -1  # 0 or 1, DRAW, or -1 while undecided
    reason: str = ""
    steps: int = 0
    content: Content = EMPTY  # the GM's champions and arenas this bout may use

    @property
    def arena(self) -> Arena:
        found = self.content.arena(self.options.arena)
        assert found is not None  # setup_bout checked the option
        return found

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    def get(self, name: str) -> Fighter | None:
        for f in self.fighters:
            if f.name == name:
                return f
        return None

    def fighter(self, name: str) -> Fighter:
        """The character of this name, which must be in the bout."""
        for f in self.fighters:
            if f.name == name:
                return f
        raise KeyError(name)

    def team(self, team: int) -> tuple[Fighter, ...]:
        return tuple([f for f in self.fighters if f.team == team])

    def evolve(self, **changes: Any) -> State:
        return replace(self, **changes)

    def put(self, f: Fighter) -> State:
        """This state with `f` in place of the character of its name."""
        return replace(self, fighters=tuple(f if o.name == f.name else o for o in self.fighters))

    def put_changed(self, name: str, **changes: Any) -> State:
        """This state with the named character changed so."""
        return self.put(replace(self.fighter(name), **changes))


def _square(value: str | None) -> Square | None:
    return Square.parse(value) if value else None


def fighter_to_json(f: Fighter) -> dict[str, Any]:
    return {
        "name": f.name,
        "champion": f.champion,
        "team": f.team,
        "seat": f.seat,
        "square": str(f.square),
        "hp": f.hp,
        "house": f.house,
        "choice": f.choice,
        "level": f.level,
        "alive": f.alive,
        "respawn_in": f.respawn_in,
        "deaths": f.deaths,
        "kills": f.kills,
        "burning": f.burning,
        "poisoned": f.poisoned,
        "poison_turns": f.poison_turns,
        "stunned": f.stunned,
        "skipping": f.skipping,
        "cooldowns": [[k, n] for k, n in f.cooldowns],
        "effects": [[e.kind, e.left, e.team, e.by] for e in f.effects],
        "captures": f.captures,
        # Only when narrowed: a state without it is the state it always was.
        **({"unlocked": list(f.unlocked)} if f.unlocked != (2, 3, 4) else {}),
    }


def fighter_from_json(d: Mapping[str, Any], content: Content = EMPTY) -> Fighter:
    return Fighter(
        name=d["name"],
        champion=d["champion"],
        team=d["team"],
        seat=d["seat"],
        square=Square.parse(d["square"]),
        hp=d["hp"],
        house=d["house"],
        choice=d["choice"],
        level=d["level"],
        alive=d["alive"],
        respawn_in=d["respawn_in"],
        deaths=d["deaths"],
        kills=d["kills"],
        burning=d["burning"],
        poisoned=d["poisoned"],
        poison_turns=d["poison_turns"],
        stunned=d["stunned"],
        skipping=d["skipping"],
        cooldowns=tuple((k, n) for k, n in d["cooldowns"]),
        effects=tuple(Effect(*e) for e in d["effects"]),
        captures=d["captures"],
        unlocked=tuple(d.get("unlocked", (2, 3, 4))),
        sheet=content.champions.get(d["champion"]),
    )


def state_to_json(s: State) -> dict[str, Any]:
    out = {
        "options": s.options.to_json(),
        "fighters": [fighter_to_json(f) for f in s.fighters],
        "phase": s.phase,
        "turn": s.turn,
        "acting": s.acting,
        "first": s.first,
        "kings": list(s.kings),
        "captures": list(s.captures),
        "flags": [[str(f.square) if f.square else None, f.carrier] for f in s.flags],
        "winner": s.winner,
        "reason": s.reason,
        "steps": s.steps,
    }
    if s.content is not EMPTY:  # a bout without GM content keeps the state it always had
        out["content"] = s.content.to_json()
    return out


def state_from_json(d: Mapping[str, Any]) -> State:
    content = parse_content(d.get("content"))
    return State(
        options=Options(**d["options"]),
        fighters=tuple(fighter_from_json(f, content) for f in d["fighters"]),
        phase=d["phase"],
        turn=d["turn"],
        acting=d["acting"],
        first=d["first"],
        kings=(d["kings"][0], d["kings"][1]),
        captures=(d["captures"][0], d["captures"][1]),
        flags=tuple(Flag(_square(sq), carrier) for sq, carrier in d["flags"]),  # type: ignore[arg-type]
        winner=d["winner"],
        reason=d["reason"],
        steps=d["steps"],
        content=content,
    )
