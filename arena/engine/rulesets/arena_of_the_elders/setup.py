"""Setting a bout up: its options, the teams' picks (the draft), the starting squares.

The bout input lists every character: {"name", "champion", "team" ("Red"/"Blue"), "house",
"choice", "unlocked", "king", "square"}; each team's characters in the order they were picked.
"king": true nominates it its team's king (kill the king), before the preparation. "square":
where the team places it in its start zone; those without one take the zone's free squares
in the zone's order. `draft_order`,
`draft_next` and `draft_problems` are the pick phase as pure functions: "teams pick champions
in turn", each champion once; the team that picks first alternates with the other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arena.engine.core.board import Square
from arena.engine.core.records import replace
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.arena_of_the_elders.content import (
    EMPTY,
    TEAM_SIZE,
    Content,
    parse_content,
)
from arena.engine.rulesets.arena_of_the_elders.state import (
    DEFAULT_ROUNDS,
    MODES,
    TEAMS,
    Fighter,
    Options,
    State,
)

MAX_ROUNDS = 200
# "picks" is the campaign's (the house champions were picked by the teams): no rule here.
OPTION_KEYS = ("mode", "competitive", "arena", "rounds", "tactics", "board", "picks")


def parse_options(raw: Any, content: Content = EMPTY) -> Options:
    """The bout's options; `content` the GM's arenas it may name."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise EngineInputError("options", "must be an object")
    unknown = sorted(set(raw) - set(OPTION_KEYS))
    if unknown:
        raise EngineInputError(f"options.{unknown[0]}", "unknown option")
    mode = raw.get("mode", "deathmatch")
    if mode not in MODES:
        raise EngineInputError("options.mode", f"one of {', '.join(MODES)}")
    arena = raw.get("arena", "elders-ring")
    found = content.arena(arena) if isinstance(arena, str) else None
    if found is None:
        raise EngineInputError("options.arena", f"one of {', '.join(content.arena_keys())}")
    board = raw.get("board")  # the campaign writes the arena's size for the replay's board
    size = [found.width, found.height]
    if board is not None and list(board) != size:
        raise EngineInputError("options.board", f"the {arena} arena is {size[0]}x{size[1]}")
    rounds = raw.get("rounds", DEFAULT_ROUNDS)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise EngineInputError("options.rounds", f"a whole number from 1 to {MAX_ROUNDS}")
    if not isinstance(raw.get("picks", False), bool):
        raise EngineInputError("options.picks", "true or false")
    flags = {}
    for key in ("competitive", "tactics"):
        value = raw.get(key, False)
        if not isinstance(value, bool):
            raise EngineInputError(f"options.{key}", "true or false")
        flags[key] = value
    return Options(mode, flags["competitive"], arena, rounds, flags["tactics"])


def team_index(value: Any) -> int | None:
    if value in (0, 1) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, str):
        for n, name in enumerate(TEAMS):
            if value.strip().lower() == name.lower():
                return n
    return None


def draft_order(first: int, size: int = TEAM_SIZE) -> tuple[int, ...]:
    """The team (0 Red, 1 Blue) making each pick: the teams alternate, `first` picking
    first."""
    return tuple(first if n % 2 == 0 else 1 - first for n in range(2 * size))


def draft_next(picks: Sequence[tuple[int, str]], first: int) -> int | None:
    """The team to pick next, None when both teams are full."""
    order = draft_order(first)
    return order[len(picks)] if len(picks) < len(order) else None


def draft_problems(
    picks: Sequence[tuple[int, str]], first: int, content: Content = EMPTY
) -> list[str]:
    """What is wrong with the picks so far: out of turn, an unknown champion, or one picked
    twice ("no character can be used more than once total by either team")."""
    problems = []
    order = draft_order(first)
    seen: set[str] = set()
    for n, (team, champion) in enumerate(picks):
        if n >= len(order):
            problems.append(f"pick {n + 1}: both teams already have {TEAM_SIZE}")
            break
        if team != order[n]:
            problems.append(f"pick {n + 1}: it is {TEAMS[order[n]]}'s pick")
        hero = content.champion(champion)
        if hero is None:
            problems.append(f"pick {n + 1}: no champion {champion!r}")
        elif champion in seen:
            problems.append(f"pick {n + 1}: {hero.name} is already picked")
        seen.add(champion)
    return problems


def draft_open(picks: Sequence[tuple[int, str]], content: Content = EMPTY) -> list[str]:
    taken = {champion for _, champion in picks}
    return [key for key in content.champion_keys() if key not in taken]


def _unlocked(hero: Any, raw: Any, where: str) -> tuple[int, ...]:
    """The level-3 slots a character may take: those its campaign build has unlocked (keys,
    names or slot numbers), all three when the input does not say."""
    if raw is None:
        return (2, 3, 4)
    if not isinstance(raw, list) or not raw:
        raise EngineInputError(where, "a list of the level-3 abilities it has unlocked")
    slots = set()
    for word in raw:
        found = hero.named(word)
        if found is None or found.slot not in (2, 3, 4):
            raise EngineInputError(where, f"{word!r} is not a level-3 ability of {hero.name}")
        slots.add(found.slot)
    return tuple(sorted(slots))


def _start_square(
    raw: Any, zone: Sequence[Square], placed: Mapping[Square, str], team: int
) -> Square | str | None:
    """The square the bout input places a character on, None when it gives none, or what is
    wrong with it, in words."""
    if raw is None:
        return None
    try:
        square = Square.parse(raw)
    except (ValueError, TypeError):
        return f"{raw!r} is not a square like C4"
    if square not in zone:
        return f"{square} is not in {TEAMS[team]}'s start zone ({', '.join(map(str, zone))})"
    if square in placed:
        return f"{square} is taken by {placed[square]}"
    return square


def setup_bout(bout: Mapping[str, Any]) -> State:
    content = parse_content(bout.get("content"))
    options = parse_options(bout.get("options"), content)
    raw = bout.get("gladiators")
    if not isinstance(raw, list):
        raise EngineInputError("gladiators", "must list the characters of both teams")
    arena = content.arena(options.arena)
    assert arena is not None  # parse_options checked it
    fighters: list[Fighter] = []
    names: set[str] = set()
    champions: set[str] = set()
    seats = [0, 0]
    kings = ["", ""]
    placed: dict[Square, str] = {}
    unplaced: list[int] = []  # the characters the input places nowhere, by index
    for n, g in enumerate(raw):
        where = f"gladiators[{n}]"
        if not isinstance(g, Mapping):
            raise EngineInputError(where, "must be an object")
        name = g.get("name")
        if not isinstance(name, str) or not name.strip():
            raise EngineInputError(f"{where}.name", "a name is needed")
        if name in names:
            raise EngineInputError(f"{where}.name", f"{name} is listed twice")
        champion = g.get("champion")
        hero = content.champion(champion) if isinstance(champion, str) else None
        if hero is None:
            raise EngineInputError(
                f"{where}.champion",
                f"one of {', '.join(content.champion_keys())}, not {champion!r}",
            )
        if champion in champions:
            raise EngineInputError(
                f"{where}.champion",
                f"{hero.name} is already in the bout: each champion fights once",
            )
        team = team_index(g.get("team"))
        if team is None:
            raise EngineInputError(f"{where}.team", "Red or Blue")
        choice = g.get("choice", hero.preferred)
        found = hero.named(choice) if choice is not None else None
        if found is None or found.slot not in (2, 3, 4):
            raise EngineInputError(f"{where}.choice", "the 2nd, 3rd or 4th ability")
        unlocked = _unlocked(hero, g.get("unlocked"), f"{where}.unlocked")
        if found.slot not in unlocked:
            raise EngineInputError(f"{where}.choice", f"{found.name} is not unlocked")
        seat = seats[team]
        if seat >= TEAM_SIZE:
            raise EngineInputError(f"{where}.team", f"{TEAMS[team]} already has {TEAM_SIZE}")
        seats[team] += 1
        house = g.get("house", False)
        if not isinstance(house, bool):
            raise EngineInputError(f"{where}.house", "true or false")
        king = g.get("king", False)
        if not isinstance(king, bool):
            raise EngineInputError(f"{where}.king", "true or false")
        if king and options.mode != "king":
            raise EngineInputError(f"{where}.king", "only kill the king has kings")
        if king and kings[team]:
            raise EngineInputError(
                f"{where}.king", f"{TEAMS[team]} already nominates {kings[team]}: one king a team"
            )
        if king:
            kings[team] = name
        square = _start_square(g.get("square"), arena.starts[team], placed, team)
        if isinstance(square, str):
            raise EngineInputError(f"{where}.square", square)
        if square is not None:
            placed[square] = name
        else:
            unplaced.append(len(fighters))
        names.add(name)
        champions.add(champion)
        fighters.append(
            Fighter(
                name=name,
                champion=champion,
                team=team,
                seat=seat,
                square=square or arena.starts[team][0],  # the unplaced are placed below
                hp=hero.health,
                house=house,
                choice=found.slot,
                unlocked=unlocked,
                sheet=content.champions.get(champion),
            )
        )
    if seats != [TEAM_SIZE, TEAM_SIZE]:
        raise EngineInputError(
            "gladiators", f"two teams of {TEAM_SIZE} (Red has {seats[0]}, Blue {seats[1]})"
        )
    # "place each character token in the start zone": where the team did not, the zone's
    # free squares in its order (with no square given: the zone's first four, in pick order).
    for n in unplaced:
        f = fighters[n]
        free = next(sq for sq in arena.starts[f.team] if sq not in placed)
        placed[free] = f.name
        fighters[n] = replace(f, square=free)
    fighters.sort(key=lambda f: (f.team, f.seat))
    return State(
        options=options, fighters=tuple(fighters), content=content, kings=(kings[0], kings[1])
    )
