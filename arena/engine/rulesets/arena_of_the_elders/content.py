"""A GM's own champions and arenas, as data (docs/rules/arena-of-the-elders.md, "GM content").

A campaign's GM uploads champions and arenas in the shape of champions.json and arenas.json.
Every item is checked here, each problem in words naming the field ("champions[0].abilities[2]
.effects: unknown effect 'frost' ..."). A bout that uses them carries them in its engine input
(`"content": {"champions": [...], "arenas": [...]}`) and its state, so the bout replays and
verifies from its input alone, whatever the campaign holds later.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arena.engine.core.board import Square
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.arena_of_the_elders.arena import (
    ARENAS,
    SIDES,
    TEAMS,
    Arena,
    arena_from_json,
)
from arena.engine.rulesets.arena_of_the_elders.data import (
    CHAMPIONS,
    KINDS,
    ON_HIT,
    PASSIVE,
    STATS,
    TARGETS,
    TIMED,
    Champion,
    champion_from_json,
)

KIND_CHAMPIONS = "champions"
KIND_ARENAS = "arenas"
KEY = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
TEAM_SIZE = 4  # start squares a team needs (setup.TEAM_SIZE; setup imports this module)

# Bounds that keep a GM's champion within what the board and the d6 can mean.
HEALTH = (1, 30)
SPEED = (1, 8)
FLYING = (0, 4)
RANGE = (1, 12)
DAMAGE = (0, 10)
TURNS = (0, 9)  # cooldown and duration, in the owner's turns
SIZE = (6, 26)  # files A-Z
MODIFIER = (-3, 3)  # what a passive may add to a statistic
HEIGHTS = "123"  # raised ground, as in arenas.json


@dataclass(frozen=True, eq=False)
class Content:
    """One bout's (or campaign's) GM content: parsed, and the documents it came from.
    Compared by identity: parse_content hands out one object per distinct document."""

    champions: Mapping[str, Champion]
    arenas: Mapping[str, Arena]
    documents: Mapping[str, tuple[Mapping[str, Any], ...]]

    def champion(self, key: str) -> Champion | None:
        return CHAMPIONS.get(key) or self.champions.get(key)

    def arena(self, key: str) -> Arena | None:
        return ARENAS.get(key) or self.arenas.get(key)

    def champion_keys(self) -> list[str]:
        return [*CHAMPIONS, *self.champions]

    def arena_keys(self) -> list[str]:
        return [*ARENAS, *self.arenas]

    def to_json(self) -> dict[str, list[Mapping[str, Any]]]:
        """The documents, for the engine input and the state ({} when there are none)."""
        return {kind: list(items) for kind, items in self.documents.items() if items}


EMPTY = Content({}, {}, {})
_PARSED: dict[str, Content] = {}


def parse_content(raw: Any, where: str = "content") -> Content:
    """The content of a bout input or a state; EngineInputError naming the first bad field."""
    if not raw:
        return EMPTY
    text = json.dumps(raw, sort_keys=True, separators=(",", ":"))
    found = _PARSED.get(text)
    if found is not None:
        return found
    problems = content_problems(raw, where=where)
    if problems:
        field, _, message = problems[0].partition(": ")
        raise EngineInputError(field, message)
    champions = {c["key"]: champion_from_json(c) for c in raw.get(KIND_CHAMPIONS, [])}
    arenas = {a["key"]: arena_from_json(a) for a in raw.get(KIND_ARENAS, [])}
    documents = {kind: tuple(raw.get(kind, [])) for kind in (KIND_CHAMPIONS, KIND_ARENAS)}
    if len(_PARSED) > 256:  # a long-lived worker sees many campaigns: keep the cache bounded
        _PARSED.clear()
    found = _PARSED[text] = Content(champions, arenas, documents)
    return found


def content_problems(raw: Any, where: str = "content") -> list[str]:
    """Everything wrong with a content document {"champions": [...], "arenas": [...]}."""
    if not isinstance(raw, Mapping):
        return [f"{where}: an object with the lists 'champions' and/or 'arenas'"]
    problems = [f"{where}.{k}: unknown kind of content (the kinds are: champions, arenas)"
                for k in raw if k not in (KIND_CHAMPIONS, KIND_ARENAS)]  # fmt: skip
    seen: dict[str, set[str]] = {KIND_CHAMPIONS: set(), KIND_ARENAS: set()}
    for kind, check in ((KIND_CHAMPIONS, champion_doc_problems), (KIND_ARENAS, arena_problems)):
        items = raw.get(kind, [])
        if not isinstance(items, list):
            problems.append(f"{kind}: a list")
            continue
        for n, item in enumerate(items):
            here = f"{kind}[{n}]"
            problems += check(item, here)
            key = item.get("key") if isinstance(item, Mapping) else None
            if not isinstance(key, str):  # check() named it; a list or object is unhashable
                continue
            if key in seen[kind]:
                problems.append(f"{here}.key: {key!r} is listed twice")
            seen[kind].add(key)
    return problems


def item_problems(kind: str, item: Any, where: str) -> list[str]:
    if kind == KIND_CHAMPIONS:
        return champion_doc_problems(item, where)
    if kind == KIND_ARENAS:
        return arena_problems(item, where)
    return [f"{where}: unknown kind of content {kind!r} (the kinds are: champions, arenas)"]


# -- champions -------------------------------------------------------------------------------


def _whole(value: Any, bounds: tuple[int, int]) -> bool:
    low, high = bounds
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _bounds(bounds: tuple[int, int]) -> str:
    return f"a whole number from {bounds[0]} to {bounds[1]}"


def _key_problems(item: Mapping[str, Any], where: str, builtin: Mapping[str, Any]) -> list[str]:
    key = item.get("key")
    if not isinstance(key, str) or not KEY.match(key):
        return [f"{where}.key: lower-case letters, digits and dashes, up to 40 (as 'frost-maiden')"]
    if key in builtin:
        return [f"{where}.key: {key!r} is one of the arena's own: choose another key"]
    return []


def _name_problems(item: Mapping[str, Any], where: str) -> list[str]:
    name = item.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 40:
        return [f"{where}.name: a name of 1 to 40 characters"]
    return []


def champion_doc_problems(item: Any, where: str) -> list[str]:
    if not isinstance(item, Mapping):
        return [f"{where}: a champion is an object (see champions.json)"]
    problems = _key_problems(item, where, CHAMPIONS) + _name_problems(item, where)
    known = {"key", "name", "title", "health", "speed", "flying", "swimming", "preferred",
             "text", "abilities"}  # fmt: skip
    problems += [f"{where}.{k}: not a field of a champion" for k in item if k not in known]
    for field, bounds in (("health", HEALTH), ("speed", SPEED)):
        if not _whole(item.get(field), bounds):
            problems.append(f"{where}.{field}: {_bounds(bounds)}")
    if "flying" in item and not _whole(item["flying"], FLYING):
        problems.append(f"{where}.flying: {_bounds(FLYING)} (lines crossed a move)")
    if not isinstance(item.get("swimming", False), bool):
        problems.append(f"{where}.swimming: true or false")
    if item.get("preferred", 2) not in (2, 3, 4) or isinstance(item.get("preferred"), bool):
        problems.append(f"{where}.preferred: 2, 3 or 4 (the default level-3 ability)")
    for field in ("title", "text"):
        if not isinstance(item.get(field, ""), str):
            problems.append(f"{where}.{field}: text")
    abilities = item.get("abilities")
    if not isinstance(abilities, list) or len(abilities) != 5:
        return [*problems, f"{where}.abilities: a list of five abilities (slots 1 to 5)"]
    keys: set[str] = set()
    for n, ability in enumerate(abilities):
        here = f"{where}.abilities[{n}]"
        problems += ability_doc_problems(ability, here, slot=n + 1)
        key = ability.get("key") if isinstance(ability, Mapping) else None
        if key in keys:
            problems.append(f"{here}.key: {key!r} is used by another ability of this champion")
        keys.add(key)  # type: ignore[arg-type]
    return problems


def ability_doc_problems(a: Any, where: str, slot: int) -> list[str]:
    if not isinstance(a, Mapping):
        return [f"{where}: an ability is an object (see champions.json)"]
    problems = _name_problems(a, where)
    if not isinstance(a.get("key"), str) or not KEY.match(a["key"]):
        problems.append(f"{where}.key: lower-case letters, digits and dashes (as 'ice-lance')")
    known = {"key", "name", "kind", "target", "range", "hit", "damage", "crit", "heal",
             "cooldown", "duration", "effects", "text", "modifiers"}  # fmt: skip
    problems += [f"{where}.{k}: not a field of an ability" for k in a if k not in known]
    kind = a.get("kind")
    if kind not in KINDS:
        return [*problems, f"{where}.kind: one of {', '.join(KINDS)}, not {kind!r}"]
    effects = a.get("effects", [])
    if not isinstance(effects, list) or not all(isinstance(e, str) for e in effects):
        return [*problems, f"{where}.effects: a list of effect names"]
    every = sorted(ON_HIT | TIMED | PASSIVE)
    for e in effects:
        if e not in every:
            problems.append(f"{where}.effects: unknown effect {e!r} (the effects are: "
                            f"{', '.join(every)})")  # fmt: skip
    modifiers = a.get("modifiers", {})
    problems += _modifier_problems(modifiers, kind, f"{where}.modifiers")
    if kind == "passive":
        if slot == 1:
            problems.append(f"{where}.kind: the first ability is one the character can use")
        if not set(effects) & PASSIVE and not modifiers:
            problems.append(f"{where}.effects: a passive ability has one of "
                            f"{', '.join(sorted(PASSIVE))}, or modifiers")  # fmt: skip
        wrong = sorted(set(effects) - PASSIVE)
        if wrong:
            problems.append(f"{where}.effects: {', '.join(wrong)} cannot be passive")
        return problems
    wrong = sorted(set(effects) & PASSIVE)
    if wrong:
        problems.append(f"{where}.effects: {', '.join(wrong)} only on a passive ability")
    target = a.get("target", "self")
    wants = {"attack": ("enemy",), "heal": ("ally", "self"), "buff": ("ally", "self")}[kind]
    if target not in TARGETS or target not in wants:
        problems.append(f"{where}.target: a {kind} targets {' or '.join(wants)}")
    if target == "self":
        if a.get("range", 0) != 0:
            problems.append(f"{where}.range: 0 for an ability on oneself")
    elif not _whole(a.get("range"), RANGE):
        problems.append(f"{where}.range: {_bounds(RANGE)} squares")
    hit = a.get("hit")
    if kind == "attack":
        if not (isinstance(hit, list) and len(hit) == 2 and all(_whole(h, (1, 6)) for h in hit)
                and hit[0] <= hit[1]):  # fmt: skip
            problems.append(f"{where}.hit: [low, high], the d6 results that hit, within 1-6")
        elif hit[1] != 6:
            problems.append(f"{where}.hit: a natural 6 always hits, so the range ends at 6")
        if not _whole(a.get("damage", 0), DAMAGE):
            problems.append(f"{where}.damage: {_bounds(DAMAGE)}")
        crit = a.get("crit")
        if not _whole(crit, DAMAGE) or (_whole(a.get("damage", 0), DAMAGE)
                                        and crit < a.get("damage", 0)):  # fmt: skip
            problems.append(f"{where}.crit: the damage of a natural 6, "
                            f"{_bounds(DAMAGE)} and at least the damage")  # fmt: skip
        if not a.get("damage") and not set(effects) & (ON_HIT | TIMED):
            problems.append(f"{where}: an attack deals damage or has an effect")
    else:
        if hit is not None:
            problems.append(f"{where}.hit: only attacks roll to hit (leave it out)")
        for field in ("damage", "crit"):
            if a.get(field):
                problems.append(f"{where}.{field}: only attacks deal damage")
        wrong = sorted(set(effects) & ON_HIT)
        if wrong:
            problems.append(f"{where}.effects: {', '.join(wrong)} only on an attack")
    if kind == "heal" and not _whole(a.get("heal"), (1, DAMAGE[1])):
        problems.append(f"{where}.heal: {_bounds((1, DAMAGE[1]))}")
    if kind != "heal" and a.get("heal"):
        problems.append(f"{where}.heal: only a heal heals")
    if kind == "buff" and not set(effects) & TIMED:
        problems.append(f"{where}.effects: a buff has one of {', '.join(sorted(TIMED))}")
    for field in ("cooldown", "duration"):
        if not _whole(a.get(field, 0), TURNS):
            problems.append(f"{where}.{field}: {_bounds(TURNS)} turns")
    if set(effects) & TIMED and not _whole(a.get("duration"), (1, TURNS[1])):
        problems.append(f"{where}.duration: {', '.join(sorted(set(effects) & TIMED))} "
                        f"need a duration of 1 to {TURNS[1]} turns")  # fmt: skip
    return problems


# -- arenas ----------------------------------------------------------------------------------


def _square(text: Any, width: int, height: int) -> Square | None:
    try:
        sq = Square.parse(text)
    except ValueError:
        return None
    return sq if 0 <= sq.col < width and 0 <= sq.row < height else None


def _modifier_problems(raw: Any, kind: Any, where: str) -> list[str]:
    """A passive's modifiers: {"speed": 1, "health": -2, ...}, each statistic of STATS by a
    whole number from -3 to 3 (not 0)."""
    if raw == {}:
        return []
    if kind != "passive":
        return [f"{where}: only a passive ability has modifiers (it always takes effect)"]
    if not isinstance(raw, Mapping):
        return [f"{where}: an object of statistics ({', '.join(STATS)}) and changes"]
    problems = []
    for stat, n in raw.items():
        if stat not in STATS:
            problems.append(f"{where}.{stat}: not a statistic ({', '.join(STATS)})")
        elif not _whole(n, MODIFIER) or n == 0:
            problems.append(f"{where}.{stat}: a whole number from -3 to 3, not 0")
    return problems


def arena_problems(item: Any, where: str) -> list[str]:
    if not isinstance(item, Mapping):
        return [f"{where}: an arena is an object (see arenas.json)"]
    problems = _key_problems(item, where, ARENAS) + _name_problems(item, where)
    known = {"key", "name", "width", "height", "terrain", "walls", "stairs", "start", "flag"}
    problems += [f"{where}.{k}: not a field of an arena" for k in item if k not in known]
    width, height = item.get("width"), item.get("height")
    for field in ("width", "height"):
        if not _whole(item.get(field), SIZE):
            problems.append(f"{where}.{field}: {_bounds(SIZE)} squares")
    if problems:
        return problems  # the rest is measured against the size
    rows = item.get("terrain")
    if (not isinstance(rows, list) or len(rows) != height
            or not all(isinstance(r, str) and len(r) == width for r in rows)):  # fmt: skip
        return [f"{where}.terrain: {height} rows of {width} characters, the top rank first"]
    terrain: dict[Square, str] = {}
    for top, line in enumerate(rows):
        for col, ch in enumerate(line):
            sq = Square(col, height - 1 - top)
            terrain[sq] = ch
            if ch not in ".~#" + HEIGHTS:
                problems.append(f"{where}.terrain: {ch!r} at {sq} is not terrain ('.' floor, "
                                f"'~' water, '#' block, '1'-'3' raised ground)")  # fmt: skip

    def level(sq: Square) -> int:
        return int(terrain[sq]) if terrain[sq] in HEIGHTS else 0

    for field in ("walls", "stairs"):
        lines = item.get(field, [])
        if not isinstance(lines, list):
            problems.append(f"{where}.{field}: a list of sides such as 'C4:N'")
            continue
        for n, text in enumerate(lines):
            here = f"{where}.{field}[{n}]"
            square, _, side = str(text).partition(":")
            sq = _square(square, width, height)
            if sq is None or side.upper() not in SIDES:
                problems.append(f"{here}: {text!r} is not a side of a square on the "
                                f"{width}x{height} board (as 'C4:N')")  # fmt: skip
                continue
            dcol, drow = SIDES[side.upper()]
            other = Square(sq.col + dcol, sq.row + drow)
            if not (0 <= other.col < width and 0 <= other.row < height):
                problems.append(f"{here}: {text!r} is the board's edge, outside the board")
            elif field == "stairs" and level(sq) == level(other):
                problems.append(f"{here}: stairs join two heights; {sq} and {other} are level")
    flag = item.get("flag")
    by_team = isinstance(flag, Mapping) and "home" not in flag
    if isinstance(item.get("start"), Mapping) or by_team:  # the explicit form
        problems += _team_zone_problems(item, where, width, height, terrain)
    else:
        problems += _mirrored_zone_problems(item, where, width, height, terrain)
    if not problems:
        try:
            arena_from_json(item)
        except (ValueError, KeyError) as error:  # the loader's own checks: a last word
            problems.append(f"{where}: {error}")
    return problems


def _mirrored_zone_problems(
    item: Mapping[str, Any], where: str, width: int, height: int, terrain: Mapping[Square, str]
) -> list[str]:
    """The mirrored form: Red's start zone and flag, Blue's the same turned half a turn."""
    problems: list[str] = []
    start_raw = item.get("start")
    if not isinstance(start_raw, list) or len(start_raw) < TEAM_SIZE:
        problems.append(f"{where}.start: a map needs Red's start zone, at least {TEAM_SIZE} "
                        "squares (Blue's is the same turned half a turn)")  # fmt: skip
        start_raw = start_raw if isinstance(start_raw, list) else []

    def turned(sq: Square) -> Square:
        return Square(width - 1 - sq.col, height - 1 - sq.row)

    start = _zone_squares(start_raw, f"{where}.start", width, height, terrain, problems)
    if len(set(start)) != len(start):
        problems.append(f"{where}.start: a square is listed twice")
    if set(start) & {turned(s) for s in start}:
        problems.append(f"{where}.start: Red's start zone meets Blue's (the same turned)")
    flag = item.get("flag")
    if not isinstance(flag, Mapping) or "home" not in flag:
        problems.append(f'{where}.flag: {{"home": square, "zone": [squares around it]}}')
        return problems
    zone = _zone_squares([flag["home"], *flag.get("zone", [])], f"{where}.flag", width,
                         height, terrain, problems)  # fmt: skip
    if set(zone) & {turned(s) for s in zone}:
        problems.append(f"{where}.flag: Red's flag zone meets Blue's (the same turned)")
    if set(zone) & ({turned(s) for s in start} | set(start)):
        problems.append(f"{where}.flag: the flag zone is on a start zone")
    return problems


def _team_zone_problems(
    item: Mapping[str, Any], where: str, width: int, height: int, terrain: Mapping[Square, str]
) -> list[str]:
    """The explicit form: each team's own start zone and flag, as the GM drew them. Refused
    only what no bout could be played on: a zone square off the board or on a block, a
    start zone of fewer than 4 squares, zones that meet."""
    problems: list[str] = []
    start, flag = item.get("start"), item.get("flag")
    if not isinstance(start, Mapping) or set(start) != set(TEAMS):
        problems.append(
            f'{where}.start: {{"Red": [squares], "Blue": [squares]}}, each team\'s start zone'
        )
        start = {}
    if not isinstance(flag, Mapping) or set(flag) != set(TEAMS):
        problems.append(f'{where}.flag: {{"Red": {{"home": square, "zone": [squares]}}, '
                        '"Blue": {...}}, with the start zones given by team')  # fmt: skip
        flag = {}
    taken: dict[Square, str] = {}
    for team in TEAMS:
        squares = start.get(team)
        here = f"{where}.start.{team}"
        if squares is None:
            continue
        if not isinstance(squares, list) or len(squares) < TEAM_SIZE:
            problems.append(f"{here}: at least {TEAM_SIZE} squares")
            continue
        zone = _zone_squares(squares, here, width, height, terrain, problems)
        if len(set(zone)) != len(zone):
            problems.append(f"{here}: a square is listed twice")
        for sq in zone:
            if sq in taken and taken[sq] != here:
                problems.append(f"{here}: {sq} is in {taken[sq]} too")
            taken[sq] = here
    for team in TEAMS:
        own = flag.get(team)
        here = f"{where}.flag.{team}"
        if own is None:
            continue
        if not isinstance(own, Mapping) or "home" not in own:
            problems.append(f'{here}: {{"home": square, "zone": [squares around it]}}')
            continue
        zone_raw = own.get("zone", [])
        if not isinstance(zone_raw, list):
            problems.append(f"{here}.zone: a list of squares")
            zone_raw = []
        for sq in _zone_squares([own["home"], *zone_raw], here, width, height, terrain,
                                problems):  # fmt: skip
            if sq in taken and taken[sq] != here:
                problems.append(f"{here}: {sq} is in {taken[sq]} too")
            taken[sq] = here
    return problems


def _zone_squares(
    texts: Sequence[Any],
    where: str,
    width: int,
    height: int,
    terrain: Mapping[Square, str],
    problems: list[str],
) -> list[Square]:
    out = []
    for text in texts:
        sq = _square(text, width, height)
        if sq is None:
            problems.append(f"{where}: {text!r} is not a square of the {width}x{height} board")
        elif terrain.get(sq) == "#":
            problems.append(f"{where}: {sq} is a block")
        else:
            out.append(sq)
    return out
