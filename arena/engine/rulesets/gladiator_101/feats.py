"""The core set, Gladiator 101, as data: standard and special feats, each with a point cost,
and the foil of each (docs/rules/gladiator-101.md, "The core set").

A feat is a few effects from one small vocabulary (EFFECTS below), so the engine knows a
dozen hooks, not fifty-six feats; its text is written from its numbers, so a foil's text
is right by construction. An active feat gives an ability: a fast one takes the move action,
a slower one the standard action ("activate a fast ability ... activate a slower ability").

A foil is "a slightly strictly better version": every number of the feat a quarter better
(rounded up) at the same cost, where the number is 4 or more; a feat with no such number
(Flurry, Last Stand, +1 damage ...) gets +3 to the damage grade as well.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import Enum

from arena.engine.rulesets.gladiator_101.data import GROUPS, WEAPONS, Height

FOIL = "-foil"  # a foil's slug is its feat's slug with this suffix


class Rarity(Enum):
    STANDARD = "standard"
    SPECIAL = "special"  # "more complex or more situational than standard feats"


class Timing(Enum):
    PASSIVE = "passive"
    FAST = "fast"  # uses the move action
    SLOW = "slow"  # uses the standard action


# Abilities (an active feat's one effect when used) and how long they last.
THIS_TURN = "this turn"
UNTIL_NEXT = "until your next turn"
NEXT_TURN = "on your next turn"
THEIR_TURN = "on the opponent's next turn"
ABILITIES = {
    # kind: (the bonus it grants, on whom, how long)
    "cry": ("hit", "self", THIS_TURN),
    "feint": ("hit and grade", "self", THIS_TURN),
    "guard": ("reflex and dodge", "self", UNTIL_NEXT),
    "brace": ("armour@all", "self", UNTIL_NEXT),
    "taunt": ("hit", "opponent", THEIR_TURN),  # a penalty: the value is taken off
    "aim": ("hit and grade", "self", NEXT_TURN),
    "rally": ("heal", "self", THIS_TURN),  # hit points back on the most hurt vital location
}

# Every effect key a feat may carry; "@" keys name a height, weapon or location group.
SCALARS = ("hit", "grade", "reflex", "dodge", "dr", "speed", "multi_delay", "crit",
           "focus_hit", "focus_grade", "focus_die", "pierce", "berserk", "opportunist",
           "riposte", "hamstring", "bloodlust", "first_strike", "blunt")  # fmt: skip
FLAGS = (
    "flurry",
    "headbutt",
    "twin_focus",
    "focus_kick",
    "high_kick",
    "vital_strike",
    "sweep",
    "last_stand",
)
AT_KEYS = ("hit", "grade", "damage", "armour", "hp")


def _known(key: str) -> bool:
    if key in SCALARS or key in FLAGS:
        return True
    base, _, where = key.partition("@")
    heights = {h.value for h in Height}
    if base in ("hit", "grade", "damage"):
        return where in heights or where in WEAPONS
    return base in ("armour", "hp") and where in GROUPS


@dataclass(frozen=True, slots=True)
class Ability:
    kind: str  # one of ABILITIES
    value: int
    uses: int = 0  # per bout; 0: every turn


@dataclass(frozen=True, slots=True)
class Feat:
    slug: str
    name: str
    rarity: Rarity
    cost: int
    effects: tuple[tuple[str, int], ...] = ()
    ability: Ability | None = None
    foil: bool = False

    @property
    def timing(self) -> Timing:
        if self.ability is None:
            return Timing.PASSIVE
        return Timing.SLOW if self.ability.kind in ("brace", "rally") else Timing.FAST

    @property
    def base(self) -> str:
        """The slug of the feat a foil improves (its own slug for a feat)."""
        return self.slug.removesuffix(FOIL)

    @property
    def text(self) -> str:
        return describe(self)


SMALL = 4  # below this a number is not raised: +1 damage or +1 die is no slight change


def _better(key: str, value: int) -> int:
    if key in FLAGS or abs(value) < SMALL:
        return value
    if value < 0:  # a drawback (Twin Focus's to-hit) is a quarter smaller
        return math.ceil(value * 0.75)
    return math.ceil(value * 1.25)


def foil_of(feat: Feat) -> Feat:
    effects = tuple((k, _better(k, v)) for k, v in feat.effects)
    ability = feat.ability and replace(
        feat.ability, value=_better(feat.ability.kind, feat.ability.value)
    )
    if effects == feat.effects and ability == feat.ability:
        effects += (("grade", 3),)
    return replace(
        feat, slug=feat.slug + FOIL, name=f"{feat.name} (foil)", effects=effects,
        ability=ability, foil=True,
    )  # fmt: skip


def _feat(
    slug: str,
    name: str,
    cost: int,
    *effects: tuple[str, int],
    ability: Ability | None = None,
    rarity: Rarity = Rarity.STANDARD,
) -> Feat:
    for key, _ in effects:
        assert _known(key), f"{slug}: unknown effect {key!r}"
    assert ability is None or ability.kind in ABILITIES, slug
    return Feat(slug, name, rarity, cost, tuple(effects), ability)


S = Rarity.SPECIAL
STANDARD_FEATS = (
    # Aim and accuracy
    _feat("keen-eye", "Keen Eye", 2, ("hit", 4)),
    _feat("swordsman", "Swordsman", 2, ("hit@gladius", 5)),
    _feat("skull-hunter", "Skull Hunter", 2, ("hit@high", 8)),
    _feat("body-blows", "Body Blows", 2, ("hit@mid", 5)),
    _feat("hamstringer", "Hamstringer", 1, ("hit@low", 16), ("grade@low", 6), ("damage@foot", 3)),
    _feat("shield-basher", "Shield Basher", 1, ("hit@shield", 10), ("damage@shield", 1)),
    _feat("pugilist", "Pugilist", 1, ("hit@fist", 10), ("damage@fist", 2)),
    _feat("trained-kick", "Trained Kick", 2, ("focus_kick", 1)),
    _feat("hard-kick", "Hard Kick", 1, ("hit@foot", 16), ("damage@foot", 3)),
    _feat("two-weapon-rhythm", "Two-Weapon Rhythm", 2, ("multi_delay", 8)),
    _feat("veteran", "Veteran", 2, ("hit", 2), ("reflex", 3)),
    _feat("duelist", "Duelist", 2, ("hit@gladius", 3), ("grade@gladius", 5)),
    # Hitting hard
    _feat("power-blow", "Power Blow", 2, ("grade", 8)),
    _feat("crushing-strength", "Crushing Strength", 2, ("grade@mid", 10)),
    _feat("headsman", "Headsman", 2, ("grade@high", 12)),
    _feat("deep-cuts", "Deep Cuts", 2, ("grade@gladius", 8)),
    _feat("heavy-shield", "Heavy Shield", 1, ("damage@shield", 2)),
    _feat("armour-splitter", "Armour Splitter", 2, ("pierce", 8)),
    _feat("lucky", "Lucky", 2, ("crit", 5), ("hit", 3)),
    _feat("killer-instinct", "Killer Instinct", 2, ("crit", 3), ("grade", 6)),
    _feat("brute", "Brute", 1, ("blunt", 12), ("damage@shield", 1)),
    # Focused attack
    _feat("eye-of-the-storm", "Eye of the Storm", 2, ("focus_hit", 10)),
    _feat("crushing-focus", "Crushing Focus", 2, ("focus_grade", 12)),
    _feat("executioner", "Executioner", 3, ("focus_hit", 5), ("focus_grade", 6)),
    # Defence
    _feat("lightning-reflexes", "Lightning Reflexes", 2, ("reflex", 8)),
    _feat("light-feet", "Light Feet", 2, ("dodge", 5)),
    _feat("dancers-step", "Dancer's Step", 1, ("speed", 2), ("dodge", 2)),
    _feat("iron-skin", "Iron Skin", 3, ("dr", 1)),  # on partial hits only
    _feat(
        "thick-skull", "Thick Skull", 2, ("hp@head", 2), ("armour@head", 5), ("hp@upper_torso", 2)
    ),
    _feat("barrel-chest", "Barrel Chest", 2, ("hp@upper_torso", 4)),
    _feat("iron-gut", "Iron Gut", 2, ("hp@lower_torso", 4), ("hp@upper_torso", 3)),
    _feat("tough-limbs", "Tough Limbs", 1, ("hp@arms", 3), ("hp@legs", 3), ("hp@upper_torso", 4)),
    _feat("toughness", "Toughness", 3, ("hp@vitals", 2)),
    _feat("shield-drill", "Shield Drill", 2, ("armour@torso", 8)),
    _feat("greave-drill", "Greave Drill", 1, ("armour@legs", 10), ("dodge", 3)),
    _feat("helmet-drill", "Helmet Drill", 1, ("armour@head", 10), ("armour@upper_torso", 4)),
    # Abilities
    _feat("battle-cry", "Battle Cry", 2, ability=Ability("cry", 26)),
    _feat("feint", "Feint", 2, ability=Ability("feint", 20)),
    _feat("guard", "Guard", 2, ability=Ability("guard", 23)),
    _feat("intimidate", "Intimidate", 2, ability=Ability("taunt", 30)),
    _feat("shield-wall", "Shield Wall", 1, ("armour@torso", 6), ("dodge", 2)),
    _feat("second-wind", "Second Wind", 1, ability=Ability("rally", 10, uses=1)),
)
SPECIAL_FEATS = (
    _feat("flurry", "Flurry", 3, ("flurry", 1), rarity=S),
    _feat("headbutt", "Headbutt", 2, ("headbutt", 1), rarity=S),
    _feat("twin-focus", "Twin Focus", 3, ("twin_focus", 1), ("focus_hit", -10), rarity=S),
    _feat("high-kick", "High Kick", 1, ("high_kick", 1), rarity=S),
    _feat("vital-strike", "Vital Strike", 1, ("vital_strike", 1), rarity=S),
    _feat("sweep", "Sweep", 2, ("sweep", 1), ("hit@foot", 12), ("damage@foot", 3), rarity=S),
    _feat("last-stand", "Last Stand", 2, ("last_stand", 1), rarity=S),
    _feat("berserker", "Berserker", 2, ("berserk", 12), rarity=S),
    _feat("opportunist", "Opportunist", 2, ("opportunist", 12), rarity=S),
    _feat("riposte", "Riposte", 2, ("riposte", 10), rarity=S),
    _feat(
        "hamstring", "Hamstring", 2, ("hamstring", 6), ("hit@low", 14), ("damage@foot", 3), rarity=S
    ),
    _feat("bloodlust", "Bloodlust", 2, ("bloodlust", 8), rarity=S),
    _feat("first-strike", "First Strike", 1, ("first_strike", 25), rarity=S),
    _feat("patient-hunter", "Patient Hunter", 2, ability=Ability("aim", 24), rarity=S),
    _feat("rally", "Rally", 2, ability=Ability("rally", 5, uses=2), rarity=S),
    _feat(
        "taunting-guard", "Taunting Guard", 3, ("dodge", 3), ability=Ability("taunt", 8), rarity=S
    ),
)
FOILS = tuple(foil_of(f) for f in STANDARD_FEATS + SPECIAL_FEATS)
FEATS = {f.slug: f for f in STANDARD_FEATS + SPECIAL_FEATS + FOILS}
assert len(FEATS) == 2 * (len(STANDARD_FEATS) + len(SPECIAL_FEATS)), "a slug is used twice"


# -- the feat's text, from its numbers ----------------------------------------------------

_WORDS = {
    "hit": "+{v} to hit",
    "grade": "+{v} to the damage grade",
    "reflex": "+{v} Reflex",
    "dodge": "opponents get -{v} to hit you",
    "dr": "damage reduction {v} on partial hits (never below 1 damage)",
    "speed": "+{v} squares of movement",
    "multi_delay": "-{v} Delay on each strike of a multi-strike attack",
    "crit": "crit range +{v}",
    "focus_hit": "+{v} to hit with a focused attack",
    "focus_grade": "+{v} to the damage grade of a focused attack",
    "focus_die": "a focused attack rolls {v} more damage die",
    "pierce": "your strikes ignore {v} points of armour",
    "berserk": "+{v} to hit and damage grade while a vital location is below half",
    "opportunist": "+{v} to the damage grade against an opponent with a location at 0",
    "riposte": "when an opponent's strike misses you, +{v} to hit on your next turn",
    "hamstring": "a full-damage hit on a leg takes {v} Reflex off the opponent for the bout",
    "bloodlust": "after a full-damage hit, +{v} to hit until the end of your next turn",
    "first_strike": "+{v} to hit on your first turn",
    "blunt": "+{v} to the damage grade of bludgeoning strikes",
    "flurry": "the gladius may strike twice in one basic attack",
    "headbutt": "your head is a weapon: 1d4 (B), high, delay 15",
    "twin_focus": "a focused attack may have two strikes with different limbs",
    "focus_kick": (
        "the kick may strike at mid height too; a focused attack may add a kick, which strikes"
        " as in a basic attack (no +25 to hit, its Delay counts) and adds its Delay to the"
        " focused strike's damage grade"
    ),
    "high_kick": "the kick may strike at any height",
    "vital_strike": "a crit deals the most its dice can roll",
    "sweep": "a full-damage kick knocks the opponent down: it loses its next move action",
    "last_stand": "once a bout, a blow that would fell you leaves 1 hit point",
}
_AT = {
    "hit": "+{v} to hit{w}",
    "grade": "+{v} to the damage grade{w}",
    "damage": "+{v} damage{w}",
    "armour": "+{v} armour on {w}",
    "hp": "+{v} hit points on {w}",
}
ABILITY_WORDS = {
    "cry": "+{v} to hit this turn",
    "feint": "+{v} to hit and to the damage grade this turn",
    "guard": "+{v} Reflex and opponents get -{v} to hit you until your next turn",
    "brace": "+{v} armour everywhere until your next turn",
    "taunt": "the opponent gets -{v} to hit on its next turn",
    "aim": "+{v} to hit and to the damage grade on your next turn",
    "rally": "{v} hit points back on your most hurt vital location",
}


def _where(base: str, where: str) -> str:
    if base in ("armour", "hp"):  # a location ("head" is also a weapon's slug)
        return where.replace("_", " ")
    if where in WEAPONS:
        return f" with the {WEAPONS[where].name.split(' (')[0].lower()}"
    return f" at {where} height"


def describe(feat: Feat) -> str:
    parts = []
    for key, value in feat.effects:
        base, _, where = key.partition("@")
        if where:
            parts.append(_AT[base].format(v=value, w=_where(base, where)))
        else:
            parts.append(_WORDS[key].format(v=value))
    if feat.ability is not None:
        a = feat.ability
        speed = (
            "fast (the move action)" if feat.timing is Timing.FAST else "slow (the standard action)"
        )
        uses = f", {a.uses} a bout" if a.uses else ""
        parts.append(f"{speed}{uses}: {ABILITY_WORDS[a.kind].format(v=a.value)}")
    text = "; ".join(parts).replace("+-", "-")  # a drawback reads "-10 to hit"
    return text[0].upper() + text[1:] + "."
