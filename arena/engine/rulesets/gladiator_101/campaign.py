"""Gladiator 101 in a campaign (docs/rules/gladiator-101.md, "In a campaign").

A gladiator's build (build.py) is what it keeps between tournaments: its ability scores, the
marks they may cost, its feat point limit and its feats, assigned for good. Experience buys a
level (more marks and feat points); marks not yet spent buy score points; gold pays a trainer
for a feat of the core set. Every gladiator fights with the identical standard kit, so the
armoury sells none of it: it sells booster packs of the core set, opened at the GM's draft or
sealed event. A winner's purse and experience are paid by the shared payout; killed is dead
for good, knocked out or bested on points is a defeat the gladiator lives through.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arena.engine.core.board import MAX_FILES, Square
from arena.engine.core.campaign import (
    Advance,
    CampaignAdapter,
    Card,
    Entrant,
    GladiatorType,
    LabBuild,
    OptionField,
    Outcome,
    RecordWords,
    TacticSetting,
)
from arena.engine.core.protocol import Fate
from arena.engine.core.words import counted
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_101 import build as builds
from arena.engine.rulesets.gladiator_101 import packs as booster
from arena.engine.rulesets.gladiator_101.data import (
    DEFAULT_BOARD,
    DEFAULT_COST_SCALE,
    DEFAULT_MAX_TURNS,
    KIT,
    LOCATIONS,
    SCORES,
    SLUG,
    WEAPONS,
)
from arena.engine.rulesets.gladiator_101.feats import FEATS, STANDARD_FEATS
from arena.engine.rulesets.gladiator_101.setup import MAX_TURNS_LIMIT, parse_options
from arena.engine.rulesets.gladiator_101.state import SETTINGS, traits_of

KIND = "gladiator"
PACK = "booster-pack"
PACK_PRICE = 40
WIN_PURSE = 100
MISSIO_PURSE = 20  # the loser who lives: the crowd's coins
XP_WIN, XP_LIVED = 2, 1
LEVEL_MARKS, LEVEL_FEAT_POINTS = 5, 2  # what a level adds
TRAINER_GOLD = 30  # per point of a feat's cost

TACTICS = tuple(TacticSetting(k, v, v[0]) for k, v in SETTINGS.items())

# The balance lab's gladiators: a new gladiator's build (30 marks, 10 feat points) with no
# feats, and four styles a trainer teaches from the core set, each within those limits:
# (key, label, scores, feats).
LAB_GLADIATORS = (
    ("recruit", "Recruit (10/10/10, no feats)", {}, []),
    ("swordsman", "Swordsman (the gladius: to hit and the damage grade)",
     {"accuracy": 12, "reflex": 8, "strength": 8},
     ["keen-eye", "swordsman", "duelist", "deep-cuts", "power-blow"]),
    ("brute", "Brute (strength and the damage grade)",
     {"accuracy": 8, "reflex": 4, "strength": 14},
     ["power-blow", "crushing-strength", "brute", "heavy-shield", "killer-instinct", "hard-kick"]),
    ("guardian", "Guardian (Reflex, armour, a guard up)",
     {"accuracy": 8, "reflex": 14, "strength": 4},
     ["light-feet", "shield-drill", "helmet-drill", "greave-drill", "guard", "shield-wall"]),
    ("focuser", "Focuser (focused attacks and a battle cry)", {},
     ["eye-of-the-storm", "crushing-focus", "executioner", "battle-cry", "pugilist"]),
)  # fmt: skip


def _build(build: Mapping[str, Any]) -> dict[str, Any]:
    return {**builds.new_build(), **build}


class Gladiator101Packs:
    """Draft and sealed events: a draft opens one booster pack a gladiator, sealed two; the
    picks (or the whole packs) join the build's pool, to be assigned for good within the feat
    points (docs/rules/gladiator-101.md, "In a campaign")."""

    item = PACK
    packs_per_player = {"draft": 1, "sealed": 2}

    def event_pack(self, event_seed: int, seat: int, number: int) -> tuple[str, ...]:
        return booster.event_pack(event_seed, seat, number)

    def auto_pick(
        self, hand: Sequence[str], picked: Sequence[str], build: Mapping[str, Any]
    ) -> str:
        b = _build(build)
        # The feats already assigned count as picked: they use up feat points, and a second
        # copy of one is wasted.
        return booster.auto_pick(hand, [*b["feats"], *picked], b["feat_points"])

    def card(self, slug: str) -> Card:
        feat = FEATS[slug]
        tags = (feat.rarity.value, *(("foil",) if feat.foil else ()))
        return Card(slug, feat.name, feat.cost, feat.text, tags)

    def add_to_pool(self, build: Mapping[str, Any], cards: Sequence[str]) -> dict[str, Any]:
        b = _build(build)
        return {**b, "pool": [*b["pool"], *cards]}


class Gladiator101Campaign(CampaignAdapter):
    has_levels = True
    record = RecordWords(
        wins="Wins",
        defeated="Opponents beaten",
        meaning=(
            "A win: it beat its opponent in a one-on-one bout. Opponents beaten: the same count, "
            "as every bout has one opponent."
        ),
    )
    # Under the entry form of a bout by web: what the gladiator fights with, in its own words.
    entry_note = (
        "It fights with the standard kit, issued to every gladiator for every bout (gladius, "
        "shield, galea, manica, parma and ocrea): the shop sells booster packs only."
    )
    packs = Gladiator101Packs()
    # "4-8 players compete in tournament with only survivor" (the text's first line).
    knockout_entrants = (4, 8)

    def season_entrants(self, format: str) -> tuple[int, int] | None:
        """Its tournament "of 4 to 8 is single elimination" (RULINGS.md): no other bracket."""
        return None if format in ("double_elim", "groups_ko") else super().season_entrants(format)

    def types(self) -> Sequence[GladiatorType]:
        return [GladiatorType(KIND, "Gladiator (the standard kit)", "Gladiator")]

    def issued_kit(self, kind: str) -> tuple[str, ...]:
        """The standard kit: "Every gladiator fights with the identical standard kit"."""
        return ("gladius", "shield", *(slug for slug, _, _ in KIT))

    def lab_builds(self) -> list[LabBuild]:
        out = []
        for key, label, scores, feats in LAB_GLADIATORS:
            build = builds.new_build()
            build["scores"].update(scores)
            out.append(LabBuild(key, label, KIND, (), {**build, "feats": list(feats)}))
        return out

    def armoury(self) -> Mapping[str, Mapping[str, Any]]:
        items: dict[str, dict[str, Any]] = {
            PACK: {"slug": PACK, "name": "Gladiator 101 booster pack", "kind": "pack",
                   "price": PACK_PRICE,
                   "note": "8 feats (2 special, 1 foil, 5 standard), opened at the GM's draft "
                   "or sealed event; no weight in the arena"},
        }  # fmt: skip
        for slug, name, armour in KIT:
            where = ", ".join(f"{loc} {n}" for loc, n in armour.items())
            items[slug] = {"slug": slug, "name": name, "kind": "armour", "price": None,
                           "note": f"standard kit, issued to all: armour {where}"}  # fmt: skip
        for slug in ("gladius", "shield"):
            w = WEAPONS[slug]
            items[slug] = {"slug": slug, "name": w.name, "kind": "weapon", "price": None,
                           "note": f"standard kit: {w.notation}, delay {w.delay}"}  # fmt: skip
        return items

    def new_build(self, kind: str) -> dict[str, Any]:
        return builds.new_build()

    def build_problems(self, kind: str, build: Mapping[str, Any]) -> list[str]:
        problems = [] if kind == KIND else [f"unknown type {kind!r}"]
        return problems + builds.build_problems(build)

    def equipment_problems(
        self, kind: str, build: Mapping[str, Any], equipment: Sequence[str]
    ) -> list[str]:
        return [f"{s!r}: only booster packs are bought" for s in equipment if s != PACK]

    def sheet(self, kind: str, build: Mapping[str, Any]) -> list[tuple[str, str]]:
        b = _build(build)
        traits = traits_of(tuple(b["feats"]))
        rows = [(s.capitalize(), str(b["scores"][s])) for s in SCORES]
        spent = builds.marks_spent(b["scores"])
        rows.append(("Marks", f"{spent} of {b['marks']} spent"))
        rows.append(("Feat points", f"{builds.feat_cost(b['feats'])} of {b['feat_points']}"))
        for slug in b["feats"]:
            rows.append((FEATS[slug].name, FEATS[slug].text))
        if b["pool"]:
            rows.append(("Not assigned", ", ".join(FEATS[s].name for s in b["pool"])))
        hp = ", ".join(f"{loc} {n}" for loc, n in zip(LOCATIONS, traits.max_hp, strict=True))
        rows.append(("Hit points", hp))
        return rows

    def advances(self, kind: str, build: Mapping[str, Any], level: int) -> list[Advance]:
        b = _build(build)
        out = [
            Advance("level", f"+{counted(LEVEL_MARKS, 'mark')} and "
                    f"+{counted(LEVEL_FEAT_POINTS, 'feat point')}", xp=2 * (level + 1), level=1),
        ]  # fmt: skip
        spent = builds.marks_spent(b["scores"])
        for s in SCORES:
            n = b["scores"][s]
            if n < len(DEFAULT_COST_SCALE) and spent + DEFAULT_COST_SCALE[n] <= b["marks"]:
                label = (
                    f"{s.capitalize()} {n} -> {n + 1} ({counted(DEFAULT_COST_SCALE[n], 'mark')})"
                )
                out.append(Advance(f"score:{s}", label))
        free = b["feat_points"] - builds.feat_cost(b["feats"])
        known = {FEATS[s].base for s in b["feats"]}
        for feat in STANDARD_FEATS:
            if feat.slug not in known and feat.cost <= free:
                label = f"Learn {feat.name} ({counted(feat.cost, 'point')}): {feat.text}"
                out.append(Advance(f"learn:{feat.slug}", label, gold=TRAINER_GOLD * feat.cost))
        for slug in b["pool"]:
            if FEATS[slug].base not in known and FEATS[slug].cost <= free:
                out.append(Advance(f"assign:{slug}", f"Assign {FEATS[slug].name} for good"))
        return out

    def advance(self, kind: str, build: Mapping[str, Any], level: int, key: str) -> dict[str, Any]:
        if key not in {a.key for a in self.advances(kind, build, level)}:
            raise KeyError(key)
        b = _build(build)
        what, _, arg = key.partition(":")
        if what == "level":
            return {**b, "marks": b["marks"] + LEVEL_MARKS,
                    "feat_points": b["feat_points"] + LEVEL_FEAT_POINTS}  # fmt: skip
        if what == "score":
            return {**b, "scores": {**b["scores"], arg: b["scores"][arg] + 1}}
        if what == "learn":
            return {**b, "feats": [*b["feats"], arg]}
        pool = list(b["pool"])
        pool.remove(arg)
        return {**b, "feats": [*b["feats"], arg], "pool": pool}

    def tactics(self) -> Sequence[TacticSetting]:
        return TACTICS

    def options_schema(self, *, by_tactics: bool) -> Sequence[OptionField]:
        return (
            OptionField("board", "Arena", "board", list(DEFAULT_BOARD), minimum=3,
                        maximum=MAX_FILES, help="files x ranks of 5 ft squares"),
            OptionField("max_turns", "Most turns", "int", DEFAULT_MAX_TURNS, minimum=2,
                        maximum=MAX_TURNS_LIMIT,
                        help="combatant turns; then the bout is decided on points"),
        )  # fmt: skip

    def clean_options(self, options: Mapping[str, Any], *, by_tactics: bool) -> dict[str, Any]:
        unknown = sorted(set(options) - {"board", "max_turns"})
        if unknown:
            raise EngineInputError(
                f"options.{unknown[0]}", "unknown option (the GM sets board and max_turns)"
            )
        parsed = parse_options(dict(options))
        return {"board": [parsed.width, parsed.height], "max_turns": parsed.max_turns}

    def start_problems(self, options: Mapping[str, Any], square: str) -> list[str]:
        try:
            sq = Square.parse(square)
        except ValueError:
            return [f"{square!r} is not a square like E1"]
        if not parse_options({"board": options.get("board", list(DEFAULT_BOARD))}).contains(sq):
            return [f"{sq} is off the arena"]
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
        gladiators = []
        for e in entrants:
            b = _build(e.build)
            entry: dict[str, Any] = {
                "name": e.name,
                "scores": dict(b["scores"]),
                "feats": list(b["feats"]),
                "tactics": {k: v for k, v in e.tactics.items() if v in SETTINGS.get(k, ())},
            }
            if e.square:
                entry["square"] = e.square
            gladiators.append(entry)
        return {"ruleset": SLUG, "seed": seed, "options": engine_options, "gladiators": gladiators}

    def outcomes(self, log: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Outcome]:
        result = log.get("result", {})
        finished = bool(result.get("finished"))
        winner = result.get("winner")
        out = {}
        for row in result.get("standings", []):
            fate = Fate(row["fate"])
            won = finished and row["name"] == winner
            alive = fate is not Fate.DEAD
            out[row["name"]] = Outcome(
                fate=fate,
                won=won,
                lost=finished and winner is not None and not won,
                defeated=1 if won else 0,
                gold=WIN_PURSE if won else MISSIO_PURSE if finished and alive else 0,
                xp=XP_WIN if won else XP_LIVED if alive else 0,
                killed_by=row.get("felled_by", "") if not alive else "",
            )
        return out


__all__ = ["Gladiator101Campaign"]
