"""Arena of the Elders in a campaign (docs/rules/arena-of-the-elders.md, "In a campaign").

A gladiator is one champion of the eight, played by its owner bout after bout. What persists
is mastery of that champion: its level on the sheet (mastery ranks), the level-3 abilities it
has unlocked (a new gladiator knows its champion's preferred one; experience unlocks the other
two) and which one it takes into a bout, and its purse. Every bout starts every character at
level 1, as the text says, so mastery never unbalances a bout: it widens the choices.

A bout's entrants are split into Red and Blue (by their team, else in turn); each team is
filled to four with house champions (the champions nobody entered, picked in the draft's
order) that the arena's tactics play. Gold buys cosmetics (no effect in the arena) or what
the GM grants by hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arena.engine.core.campaign import (
    Advance,
    CampaignAdapter,
    ContentKind,
    Entrant,
    GladiatorType,
    OptionField,
    Outcome,
    PickPhase,
    RecordWords,
    TacticSetting,
)
from arena.engine.core.protocol import Fate
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.arena_of_the_elders.arena import DEFAULT_ARENA
from arena.engine.rulesets.arena_of_the_elders.content import (
    EMPTY,
    KIND_ARENAS,
    KIND_CHAMPIONS,
    Content,
    item_problems,
    parse_content,
)
from arena.engine.rulesets.arena_of_the_elders.data import Champion
from arena.engine.rulesets.arena_of_the_elders.setup import (
    MAX_ROUNDS,
    TEAM_SIZE,
    draft_next,
    draft_open,
    parse_options,
    team_index,
)
from arena.engine.rulesets.arena_of_the_elders.state import DEFAULT_ROUNDS, MODES, SLUG, TEAMS

WIN_PURSE = 60  # gold to each gladiator of the winning team
KILL_BOUNTY = 10  # gold per kill
CAPTURE_BOUNTY = 20  # gold per flag brought home
XP_FOUGHT = 1
XP_WIN = 2
XP_PER_KILL = 1
UNLOCK_XP = 4  # unlocking a level-3 ability: 4 experience
MASTERY_XP = 3  # a mastery rank beyond the unlocks: 3 x the new rank

COSMETICS = {
    "banner": ("Team banner", 10, "cosmetic: flies over the start zone"),
    "war-paint": ("War paint", 15, "cosmetic"),
    "elder-cloak": ("Elder's cloak", 30, "cosmetic"),
    "gilded-mask": ("Gilded mask", 40, "cosmetic"),
}


def _choices(hero: Champion) -> list[str]:
    return [hero.ability(slot).key for slot in (2, 3, 4)]


CONTENT_KINDS = (
    ContentKind(KIND_CHAMPIONS, "Champions", "health, speed and five abilities each, in the "
                "shape of champions.json"),
    ContentKind(KIND_ARENAS, "Arenas", "terrain, walls, stairs, start and flag zones, in the "
                "shape of arenas.json"),
)  # fmt: skip


def entrant_teams(entrants: Sequence[Entrant]) -> list[int]:
    """Each entrant's team: its choice, else in turn (Red, Blue ...) into the room the
    choices left; each team's characters stay in entry order."""
    chosen = [team_index(e.team) for e in entrants]
    room = [TEAM_SIZE - chosen.count(t) for t in (0, 1)]
    out = []
    for n, team in enumerate(chosen):
        if team is None:
            team = n % 2 if room[n % 2] > 0 else 1 - n % 2
            room[team] -= 1
        out.append(team)
    return out


class EldersCampaign(CampaignAdapter):
    """The adapter of a campaign, seeing the arena's own champions and arenas and the GM's
    (`content`, set by with_content)."""

    has_levels = True  # the sheet's level is the champion's mastery rank
    mirror_matches = False  # each champion fights once in a bout: no build meets itself
    record = RecordWords(
        wins="Team wins",
        defeated="Knock-outs",
        meaning=(
            "A win: its team won the bout (by the game mode: last team standing, flags or the "
            "king). Knock-outs: champions it took out."
        ),
    )
    # Under the entry form of a bout by web: what the gladiator fights with, in its own words.
    entry_note = (
        "A champion fights with its own abilities; what it wears from the shop changes only "
        "its looks."
    )

    content_kinds = CONTENT_KINDS

    def __init__(self, content: Content = EMPTY) -> None:
        self.content = content

    def with_content(self, documents: Mapping[str, Sequence[Any]]) -> EldersCampaign:
        """This adapter for a campaign holding the GM's `documents` (kind -> items)."""
        return EldersCampaign(parse_content({k: list(v) for k, v in documents.items() if v}))

    def content_problems(self, kind: str, item: Any, where: str) -> list[str]:
        """What is wrong with one item of GM content, each problem naming its field."""
        return item_problems(kind, item, where)

    def _hero(self, kind: str) -> Champion:
        found = self.content.champion(kind)
        if found is None:
            raise KeyError(kind)
        return found

    def types(self) -> Sequence[GladiatorType]:
        return [
            GladiatorType(
                c.key,
                f"{c.name}, {c.title} ({c.health} health, speed {c.speed})",
                c.name,
            )
            for c in map(self._hero, self.content.champion_keys())
        ]

    def armoury(self) -> Mapping[str, Mapping[str, Any]]:
        return {
            slug: {"slug": slug, "name": name, "kind": "cosmetic", "price": price, "note": note}
            for slug, (name, price, note) in COSMETICS.items()
        }

    def new_build(self, kind: str) -> dict[str, Any]:
        hero = self._hero(kind)
        preferred = hero.ability(hero.preferred).key
        return {"unlocked": [preferred], "choice": preferred}

    def build_problems(self, kind: str, build: Mapping[str, Any]) -> list[str]:
        hero = self.content.champion(kind)
        if hero is None:
            return [f"unknown champion {kind!r}"]
        options = _choices(hero)
        problems = [f"{k}: not part of a champion's build" for k in build if k not in
                    ("unlocked", "choice")]  # fmt: skip
        unlocked = build.get("unlocked")
        if not isinstance(unlocked, list) or not unlocked:
            return [*problems, "unlocked: the level-3 abilities this champion has unlocked"]
        problems += [f"unlocked: {k!r} is not a level-3 ability of {hero.name}"
                     for k in unlocked if k not in options]  # fmt: skip
        if build.get("choice") not in unlocked:
            problems.append("choice: one of the unlocked abilities")
        return problems

    def equipment_problems(
        self, kind: str, build: Mapping[str, Any], equipment: Sequence[str]
    ) -> list[str]:
        problems = [f"{slug!r} is not sold here" for slug in equipment if slug not in COSMETICS]
        if len(set(equipment)) != len(equipment):
            problems.append("one of each cosmetic")
        return problems

    def sheet(self, kind: str, build: Mapping[str, Any]) -> list[tuple[str, str]]:
        hero = self._hero(kind)
        rows = [
            ("Champion", f"{hero.name}, {hero.title}"),
            ("Health", str(hero.health)),
            ("Speed", str(hero.speed)),
        ]
        if hero.flying:
            rows.append(("Flying", str(hero.flying)))
        if hero.swimming:
            rows.append(("Swimming", "yes"))
        rows.append(("Level 1", hero.ability(1).line()))
        chosen = hero.named(build.get("choice", "")) or hero.ability(hero.preferred)
        rows.append(("Level 3", chosen.line()))
        others = [hero.named(k).name for k in build.get("unlocked", []) if k != chosen.key]  # type: ignore[union-attr]
        if others:
            rows.append(("Also unlocked", ", ".join(others)))
        rows.append(("Level 6", hero.ability(5).line()))
        return rows

    def advances(self, kind: str, build: Mapping[str, Any], level: int) -> list[Advance]:
        hero = self._hero(kind)
        unlocked = list(build.get("unlocked", []))
        out = []
        for key in _choices(hero):
            ability = hero.named(key)
            assert ability is not None
            if key not in unlocked:
                out.append(Advance(f"unlock:{key}", f"Unlock {ability.name} as a level-3 choice",
                                   xp=UNLOCK_XP, level=1))  # fmt: skip
        for key in unlocked:
            ability = hero.named(key)
            if key != build.get("choice") and ability is not None:
                out.append(Advance(f"choose:{key}", f"Take {ability.name} at level 3"))
        if len(unlocked) == 3:
            out.append(Advance("mastery", f"Mastery rank {level + 1}",
                               xp=MASTERY_XP * (level + 1), level=1))  # fmt: skip
        return out

    def advance(self, kind: str, build: Mapping[str, Any], level: int, key: str) -> dict[str, Any]:
        if key not in {a.key for a in self.advances(kind, build, level)}:
            raise KeyError(key)
        what, _, ability = key.partition(":")
        if what == "unlock":
            return {**build, "unlocked": [*build["unlocked"], ability]}
        if what == "choose":
            return {**build, "choice": ability}
        return dict(build)

    def tactics(self) -> Sequence[TacticSetting]:
        return ()

    def options_schema(self, *, by_tactics: bool) -> Sequence[OptionField]:
        return (
            OptionField("mode", "Game mode", "choice", "deathmatch", choices=MODES,
                        help="team deathmatch, kill the king, or capture the flag"),
            OptionField("competitive", "Competitive rules", "bool", False,
                        help="8 levels to distribute, and the mode's competitive alteration"),
            OptionField("arena", "Arena", "choice", DEFAULT_ARENA,
                        choices=tuple(self.content.arena_keys())),
            OptionField("rounds", "Most turns per team", "int", DEFAULT_ROUNDS, minimum=1,
                        maximum=MAX_ROUNDS, help="then the mode's score decides"),
            *((OptionField("picks", "Teams pick the house champions", "bool", False,
                           help="a draft on the bout's pick page before it starts; else the "
                           "arena fills the teams"),) if not by_tactics else ()),
        )  # fmt: skip

    def clean_options(self, options: Mapping[str, Any], *, by_tactics: bool) -> dict[str, Any]:
        known = {o.key for o in self.options_schema(by_tactics=by_tactics)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise EngineInputError(f"options.{unknown[0]}", "unknown option")
        parsed = parse_options(dict(options), self.content)
        out = {
            "mode": parsed.mode,
            "competitive": parsed.competitive,
            "arena": parsed.arena,
            "rounds": parsed.rounds,
        }
        if options.get("picks"):
            out["picks"] = True
        return out

    def entry_teams(self, options: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
        """Red and Blue, four each: a player entering by web may choose (else the entrants
        go to Red and Blue in turn)."""
        return tuple((team, TEAM_SIZE) for team in TEAMS)

    def pick_phase(
        self, entrants: Sequence[Entrant], options: Mapping[str, Any], picks: Sequence[Any]
    ) -> PickPhase | None:
        """Where the draft stands (None when the bout does not use picks): the teams with
        their entrants and picks so far, the team to pick next and the champions still free.
        The teams pick in turn, the one with fewer first (Red on a tie), until both have
        four; entrants count as their team's first picks."""
        if not options.get("picks"):
            return None
        chosen = entrant_teams(entrants)
        members: list[list[str]] = [[], []]
        taken: set[str] = set()
        for n, e in enumerate(entrants):
            members[chosen[n]].append(f"{e.name} ({self._hero(e.kind).name})")
            taken.add(e.kind)
        for team_name, key in picks:
            team = team_index(team_name)
            if team is not None and len(members[team]) < TEAM_SIZE and key not in taken:
                members[team].append(f"{self._hero(key).name} (picked)")
                taken.add(key)
        sizes = [len(m) for m in members]
        following = "" if sizes == [TEAM_SIZE, TEAM_SIZE] else TEAMS[sizes.index(min(sizes))]
        free = tuple((key, self._hero(key).name) for key in self.content.champion_keys()
                     if key not in taken)  # fmt: skip
        return PickPhase(
            teams=tuple((TEAMS[t], tuple(members[t])) for t in (0, 1)),
            next=following,
            free=free if following else (),
            entrant_teams=tuple(TEAMS[t] for t in chosen),
        )

    def start_problems(self, options: Mapping[str, Any], square: str) -> list[str]:
        return ["characters start in their team's start zone: leave the square empty"]

    def bout_input(
        self,
        entrants: Sequence[Entrant],
        options: Mapping[str, Any],
        *,
        seed: int,
        by_tactics: bool,
        picks: Sequence[Sequence[str]] = (),
    ) -> dict[str, Any]:
        """The engine input; `picks` the house champions the teams picked ([team, key])."""
        team_picks = [(str(team), str(key)) for team, key in picks]
        engine_options = dict(options)
        if by_tactics:
            engine_options["tactics"] = True
        parsed = parse_options(engine_options, self.content)
        arena = self.content.arena(parsed.arena)
        assert arena is not None  # parse_options checked it
        if len(entrants) > 2 * TEAM_SIZE:
            raise EngineInputError("gladiators", f"at most {2 * TEAM_SIZE} champions a bout")
        teams: list[list[dict[str, Any]]] = [[], []]
        picks: list[tuple[int, str]] = []
        chosen = entrant_teams(entrants)
        for n, e in enumerate(entrants):
            team = chosen[n]
            if e.kind in {c for _, c in picks}:
                raise EngineInputError(
                    "gladiators", f"two {self._hero(e.kind).name}: each champion fights once"
                )
            if len(teams[team]) >= TEAM_SIZE:
                raise EngineInputError("gladiators", f"{TEAMS[team]} already has {TEAM_SIZE}")
            teams[team].append(
                {"name": e.name, "champion": e.kind, "team": TEAMS[team],
                 "choice": e.build.get("choice") or self._hero(e.kind).preferred,
                 **({"unlocked": list(e.build["unlocked"])} if e.build.get("unlocked") else {})}
            )  # fmt: skip
            picks.append((team, e.kind))
        # House champions fill the teams: first those the teams picked (the pick phase,
        # where a pick still fits), then the arena's, in the draft's order (Red first).
        names = {e.name for e in entrants}
        house: list[tuple[int, str]] = []
        for team_name, key in team_picks:
            team = team_index(team_name)
            full = (
                len(teams[team]) + sum(1 for h, _ in house if h == team) if team is not None else 0
            )
            taken = {c for _, c in picks + house}
            if (
                team is not None
                and full < TEAM_SIZE
                and key not in taken
                and self.content.champion(key)
            ):
                house.append((team, key))
        while True:
            full = [len(teams[t]) + sum(1 for h, _ in house if h == t) for t in (0, 1)]
            if full == [TEAM_SIZE, TEAM_SIZE]:
                break
            turn = draft_next(house, 0)
            team = turn if turn is not None and full[turn] < TEAM_SIZE else full.index(min(full))
            free = [c for c in draft_open(picks + house, self.content)]
            house.append((team, free[0]))
        gladiators = [g for team in teams for g in team]
        for team, key in house:
            name = self._hero(key).name
            while name in names:
                name += " (house)"
            names.add(name)
            gladiators.append({"name": name, "champion": key, "team": TEAMS[team],
                               "house": True})  # fmt: skip
        engine_options["board"] = [arena.width, arena.height]  # for the replay's board
        out = {"ruleset": SLUG, "seed": seed, "options": engine_options, "gladiators": gladiators}
        # Only what the bout uses travels in its input: replay and verification need that
        # much, and a GM's later uploads do not change an old bout's input.
        used = self._used_content({g["champion"] for g in gladiators}, parsed.arena)
        if used:
            out["content"] = used
        return out

    def _used_content(self, champions: set[str], arena: str) -> dict[str, list[Any]]:
        docs = self.content.to_json()
        used = {
            KIND_CHAMPIONS: [c for c in docs.get(KIND_CHAMPIONS, []) if c["key"] in champions],
            KIND_ARENAS: [a for a in docs.get(KIND_ARENAS, []) if a["key"] == arena],
        }
        return {kind: items for kind, items in used.items() if items}

    def outcomes(self, log: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Outcome]:
        result = log.get("result", {})
        finished = bool(result.get("finished"))
        winner = result.get("winner", "")
        house = set(result.get("house", []))
        killers: dict[str, str] = {}
        for turn in log.get("turns", []):
            for event in turn.get("events", []):
                if event.get("type") == "died":
                    killers[event["name"]] = event.get("by", "")
        out = {}
        for row in result.get("standings", []):
            name = row["name"]
            if name in house:
                continue
            won = finished and row.get("team") == winner
            lost = finished and winner in TEAMS and not won
            kills = int(row.get("kills", 0))
            captures = int(row.get("captures", 0))
            out[name] = Outcome(
                fate=Fate(row["fate"]),
                won=won,
                lost=lost,
                defeated=kills,
                gold=(WIN_PURSE if won else 0) + KILL_BOUNTY * kills + CAPTURE_BOUNTY * captures,
                xp=XP_FOUGHT + (XP_WIN if won else 0) + XP_PER_KILL * kills,
                killed_by=killers.get(name, "") if row["fate"] != Fate.FIGHTING.value else "",
            )
        return out
