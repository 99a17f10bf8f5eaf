"""GladiatorQuest data: the armoury, the gladiator types, the spells, and equipment checks.

Plain frozen records plus JSON-able views (ARMOURY, GLADIATOR_TYPES, SPELLS) for the campaign
shop and gladiator creation. Prices are the US 1990 armoury (HeroQuest reference, section 3);
items HeroQuest does not sell are marked with a Ludus house price (see docs/engine.md).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any


class Kind(StrEnum):
    WEAPON = "weapon"
    ARMOUR = "armour"
    HELMET = "helmet"
    SHIELD = "shield"
    POTION = "potion"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Item:
    slug: str
    name: str
    kind: Kind
    price: int | None  # None: not sold (a monster's natural weapon)
    attack: int = 0  # attack dice (weapons)
    defend: int = 0  # extra defend dice (armour, helmet, shield, bracers, cloak)
    two_handed: bool = False
    diagonal: bool = False
    reach: int = 1  # squares; >1 allows passing attacks (IV.C.3)
    min_range: int = 1  # crossbow: not against an adjacent opponent
    throwable: bool = False
    bow: bool = False  # II.D: "any weapon may be used except for bows"
    natural: bool = False  # a monster's own weapon (Mummy's touch): not bought, not dropped
    not_for: tuple[str, ...] = ()  # gladiator types that may not use it
    only_for: tuple[str, ...] = ()  # if set, only these types may use it
    effect: str = ""  # potions: what drinking does
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["kind"] = self.kind.value
        out["not_for"] = list(self.not_for)
        out["only_for"] = list(self.only_for)
        return out


_CASTERS_IN_ROBES = ("wizard", "chaos_wizard")

ITEMS: dict[str, Item] = {
    i.slug: i
    for i in (
        # Weapons (HeroQuest armoury, US 1990 prices; UK-only items at their UK/2021 price).
        Item(
            "dagger",
            "Dagger",
            Kind.WEAPON,
            25,
            attack=1,
            throwable=True,
            note="May be carried in the belt (VIII.A) and thrown.",
        ),
        Item("staff", "Staff", Kind.WEAPON, 100, attack=1, diagonal=True, two_handed=True),
        Item("shortsword", "Shortsword", Kind.WEAPON, 150, attack=2, not_for=_CASTERS_IN_ROBES),
        Item(
            "handaxe",
            "Hand axe",
            Kind.WEAPON,
            200,
            attack=2,
            throwable=True,
            not_for=_CASTERS_IN_ROBES,
        ),
        Item(
            "spear",
            "Spear",
            Kind.WEAPON,
            150,
            attack=2,
            diagonal=True,
            throwable=True,
            not_for=_CASTERS_IN_ROBES,
        ),
        Item("broadsword", "Broadsword", Kind.WEAPON, 250, attack=3, not_for=_CASTERS_IN_ROBES),
        Item(
            "longsword",
            "Longsword",
            Kind.WEAPON,
            350,
            attack=3,
            diagonal=True,
            not_for=_CASTERS_IN_ROBES,
        ),
        Item(
            "battle_axe",
            "Battle axe",
            Kind.WEAPON,
            450,
            attack=4,
            two_handed=True,
            not_for=_CASTERS_IN_ROBES,
        ),
        Item(
            "crossbow",
            "Crossbow",
            Kind.WEAPON,
            350,
            attack=3,
            two_handed=True,
            bow=True,
            reach=12,
            min_range=2,
            not_for=_CASTERS_IN_ROBES,
            note="A bow: only in a bows-only contest (II.D, VIII.H.2).",
        ),
        # Weapons of the monster table (VIII.G) that HeroQuest does not sell: house prices.
        Item(
            "flail",
            "Flail",
            Kind.WEAPON,
            250,
            attack=3,
            not_for=_CASTERS_IN_ROBES,
            note="Ludus house price.",
        ),
        Item(
            "axe",
            "Axe",
            Kind.WEAPON,
            250,
            attack=3,
            not_for=_CASTERS_IN_ROBES,
            note="Ludus house price.",
        ),
        Item(
            "scythe",
            "Scythe",
            Kind.WEAPON,
            150,
            attack=2,
            two_handed=True,
            not_for=_CASTERS_IN_ROBES,
            note="'does 2 Attack dice of damage' (VIII.G).",
        ),
        Item(
            "whip",
            "Whip",
            Kind.WEAPON,
            150,
            attack=2,
            reach=2,
            not_for=_CASTERS_IN_ROBES,
            note="Reaches 2 squares: passing attacks (IV.C.3). Ludus house price.",
        ),
        Item(
            "touch",
            "Mummy's touch",
            Kind.WEAPON,
            None,
            attack=3,
            natural=True,
            only_for=("mummy",),
            note="'their touch does 3 Attack dice of damage'.",
        ),
        # Armour.
        Item("helmet", "Helmet", Kind.HELMET, 125, defend=1, not_for=_CASTERS_IN_ROBES),
        Item("shield", "Shield", Kind.SHIELD, 150, defend=1, not_for=_CASTERS_IN_ROBES),
        Item("chain_mail", "Chain mail", Kind.ARMOUR, 500, defend=1, not_for=_CASTERS_IN_ROBES),
        Item(
            "plate_mail",
            "Plate mail",
            Kind.ARMOUR,
            850,
            defend=2,
            not_for=_CASTERS_IN_ROBES,
            note="Only 1 red die for movement (heavy class anyway, IV.A.1).",
        ),
        Item(
            "bracers",
            "Bracers",
            Kind.OTHER,
            200,
            defend=1,
            only_for=_CASTERS_IN_ROBES,
            note="Not body armour: does not make the wearer heavy.",
        ),
        Item(
            "cloak_of_protection",
            "Cloak of protection",
            Kind.OTHER,
            350,
            defend=1,
            only_for=_CASTERS_IN_ROBES,
            note="Not body armour: does not make the wearer heavy.",
        ),
        # Potions (HeroQuest treasure; Speed at its 2021 price, the others Ludus house prices).
        Item(
            "healing_potion",
            "Potion of healing",
            Kind.POTION,
            200,
            effect="restores 1 red die of body points (up to the start value); drunk "
            "automatically at 0 body points (VI.A)",
        ),
        Item(
            "strength_potion",
            "Potion of strength",
            Kind.POTION,
            200,
            effect="+2 attack dice on the next attack",
        ),
        Item(
            "defense_potion",
            "Potion of defense",
            Kind.POTION,
            200,
            effect="+2 defend dice the next time the drinker defends",
        ),
        Item(
            "speed_potion",
            "Potion of speed",
            Kind.POTION,
            200,
            effect="twice as many movement dice on the next movement roll",
        ),
        Item(
            "heroic_brew",
            "Heroic brew",
            Kind.POTION,
            300,
            effect="two attacks instead of one in the next combat",
        ),
    )
}

FISTS = Item(
    "fists",
    "Fists",
    Kind.WEAPON,
    None,
    attack=1,
    natural=True,
    note="Unarmed: 1 attack die (Ludus ruling; the unarmed-combat page is lost).",
)


@dataclass(frozen=True, slots=True)
class GladiatorType:
    slug: str
    name: str
    attack: int  # attack dice of the base equipment (heroes' printed value)
    defend: int
    body: int
    mind: int
    equipment: tuple[str, ...]
    options: tuple[str, ...] = ()  # other starting weapons the text allows
    monster: bool = False
    undead: bool = False
    spell_groups: int = 0  # elemental spell groups chosen
    chaos_spells: int = 0  # chaos spells chosen

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["equipment"] = list(self.equipment)
        out["options"] = list(self.options)
        return out


TYPES: dict[str, GladiatorType] = {
    t.slug: t
    for t in (
        # Heroes (HeroQuest reference, section 2).
        GladiatorType("barbarian", "Barbarian", 3, 2, 8, 2, ("broadsword",)),
        GladiatorType("dwarf", "Dwarf", 2, 2, 7, 3, ("shortsword",)),
        GladiatorType("elf", "Elf", 2, 2, 6, 4, ("shortsword",), spell_groups=1),
        GladiatorType("wizard", "Wizard", 1, 2, 4, 6, ("dagger",), spell_groups=3),
        # Monsters (VIII.G): body and mind from the text, 2 defend dice, attack = weapon.
        GladiatorType("goblin", "Goblin", 1, 2, 4, 1, ("dagger",), ("handaxe",), monster=True),
        GladiatorType("orc", "Orc", 2, 2, 5, 2, ("shortsword",), ("flail", "axe"), monster=True),
        GladiatorType("fimir", "Fimir", 3, 2, 6, 3, ("axe",), monster=True),
        GladiatorType("skeleton", "Skeleton", 2, 2, 4, 0, ("scythe",), monster=True, undead=True),
        GladiatorType("zombie", "Zombie", 3, 2, 5, 0, ("axe",), monster=True, undead=True),
        GladiatorType("mummy", "Mummy", 3, 2, 6, 0, ("touch",), monster=True, undead=True),
        GladiatorType("chaos_warrior", "Chaos Warrior", 4, 2, 7, 3, ("battle_axe",), monster=True),
        GladiatorType("gargoyle", "Gargoyle", 2, 2, 8, 2, ("whip", "shortsword"), monster=True),
        GladiatorType(
            "chaos_wizard", "Chaos Wizard", 1, 2, 4, 6, ("dagger",), monster=True, chaos_spells=6
        ),
    )
}


@dataclass(frozen=True, slots=True)
class Spell:
    slug: str
    name: str
    group: str  # air, fire, earth, water, chaos
    target: str  # "enemy", "ally" (self or teammate), "self", "all", "none"
    attack: int = 0  # combat dice (Genie), defended normally
    damage: int = 0  # fixed damage, each point saved by a red-die 5 or 6 (save dice below)
    save_dice: int = 0
    heal: int = 0
    effect: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


SPELLS: dict[str, Spell] = {
    s.slug: s
    for s in (
        Spell("genie", "Genie", "air", "enemy", attack=5, effect="5 attack dice, auto hit"),
        Spell("tempest", "Tempest", "air", "enemy", effect="target misses its next turn"),
        Spell(
            "swift_wind",
            "Swift Wind",
            "air",
            "ally",
            effect="target rolls twice as many movement dice next time",
        ),
        Spell(
            "ball_of_flame",
            "Ball of Flame",
            "fire",
            "enemy",
            damage=2,
            save_dice=2,
            effect="2 body points; each 5 or 6 on 2 red dice saves 1",
        ),
        Spell("courage", "Courage", "fire", "ally", effect="+2 attack dice on the next attack"),
        Spell(
            "fire_of_wrath",
            "Fire of Wrath",
            "fire",
            "enemy",
            damage=1,
            save_dice=1,
            effect="1 body point unless the target rolls 5 or 6",
        ),
        Spell("heal_body", "Heal Body", "earth", "ally", heal=4, effect="restores up to 4"),
        Spell(
            "pass_through_rock",
            "Pass Through Rock",
            "earth",
            "self",
            effect="no effect in an open arena",
        ),
        Spell(
            "rock_skin",
            "Rock Skin",
            "earth",
            "ally",
            effect="+1 defend die until the target loses a body point",
        ),
        Spell(
            "sleep",
            "Sleep",
            "water",
            "enemy",
            effect="no moving, attacking or defending until a 6 on the target's mind dice; "
            "not on undead",
        ),
        Spell("veil_of_mist", "Veil of Mist", "water", "self", effect="no effect in an open arena"),
        Spell(
            "water_of_healing",
            "Water of Healing",
            "water",
            "ally",
            heal=4,
            effect="restores up to 4",
        ),
        # Chaos spells (Chaos Wizard chooses 6, VIII.G).
        Spell(
            "chaos_ball_of_flame",
            "Ball of Flame (chaos)",
            "chaos",
            "enemy",
            damage=2,
            save_dice=2,
            effect="2 body points; each 5 or 6 on 2 red dice saves 1",
        ),
        Spell(
            "firestorm",
            "Firestorm",
            "chaos",
            "all",
            damage=3,
            save_dice=3,
            effect="3 body points to every other figure in the arena; 5 or 6 saves 1 each",
        ),
        Spell(
            "lightning_bolt",
            "Lightning Bolt",
            "chaos",
            "enemy",
            damage=2,
            effect="2 body points to every figure on the line to the target",
        ),
        Spell(
            "fear",
            "Fear",
            "chaos",
            "enemy",
            effect="target attacks with 1 die until a 6 on its mind dice",
        ),
        Spell(
            "chaos_sleep",
            "Sleep (chaos)",
            "chaos",
            "enemy",
            effect="no moving, attacking or defending until a 6 on the target's mind dice",
        ),
        Spell(
            "chaos_tempest",
            "Tempest (chaos)",
            "chaos",
            "enemy",
            effect="target misses its next turn",
        ),
        Spell("summon_orcs", "Summon Orcs", "chaos", "none", effect="not allowed in the arena"),
    )
}

SPELL_GROUPS: dict[str, tuple[str, ...]] = {}
for _spell in SPELLS.values():
    SPELL_GROUPS.setdefault(_spell.group, ())
    SPELL_GROUPS[_spell.group] += (_spell.slug,)

DEFAULT_SPELLS: dict[str, tuple[str, ...]] = {
    "wizard": SPELL_GROUPS["air"] + SPELL_GROUPS["fire"] + SPELL_GROUPS["earth"],
    "elf": SPELL_GROUPS["water"],
    "chaos_wizard": (
        "chaos_ball_of_flame",
        "lightning_bolt",
        "fear",
        "chaos_sleep",
        "chaos_tempest",
        "firestorm",
    ),
}

ARMOURY: list[dict[str, Any]] = [item.as_dict() for item in ITEMS.values()]
GLADIATOR_TYPES: list[dict[str, Any]] = [t.as_dict() for t in TYPES.values()]
SPELL_LIST: list[dict[str, Any]] = [s.as_dict() for s in SPELLS.values()]

CONTESTS = ("standard", "one_against_many", "bows_only", "magic_only", "daggers_only")

# A gladiator's tactics: the named settings his orders are written from when his player gives
# none (the AI itself is in tactics.py).
TACTICS_CHOICES: dict[str, tuple[str, ...]] = {
    "approach": ("close", "keep_distance"),
    "attack": ("auto", "swing", "thrust", "jab"),
    "target": ("nearest", "weakest", "strongest"),
    "throw": ("spare", "always", "never"),
    "drink": ("when_hurt", "never"),
    "appeal": ("if_likely", "always", "never"),
    "shield_bash": ("auto", "always", "never"),
    "spells": ("attack_first", "never"),
}


@dataclass(frozen=True, slots=True)
class Tactics:
    approach: str = "close"  # close in, or keep 3+ squares away while throwing / casting
    attack: str = "auto"  # preferred attack type
    target: str = "nearest"  # which opponent to go for
    throw: str = "spare"  # throw a throwing weapon only if another weapon stays in hand
    drink: str = "when_hurt"  # healing potion at half body (always automatic at 0, VI.A)
    appeal: str = "if_likely"  # at 1 body point: when tally >= 2 (mercy on a 4+)
    shield_bash: str = "auto"  # when two contest a square and the shield hits as hard
    spells: str = "attack_first"
    weapon: str | None = None  # the weapon to fight with (default: most attack dice)

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


DEFAULT_TACTICS = Tactics()


def parse_tactics(raw: Any) -> Tactics:
    if raw is None:
        return DEFAULT_TACTICS
    if not isinstance(raw, dict):
        raise ValueError("must be an object of named settings")
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "weapon":
            if value is not None and value not in ITEMS:
                raise ValueError(f"weapon: unknown item {value!r}")
            out[key] = value
            continue
        if key not in TACTICS_CHOICES:
            known = ", ".join(TACTICS_CHOICES)
            raise ValueError(f"unknown setting {key!r} (known: {known}, weapon)")
        if value not in TACTICS_CHOICES[key]:
            raise ValueError(f"{key}: {value!r} is not one of {', '.join(TACTICS_CHOICES[key])}")
        out[key] = value
    return Tactics(**out)


def equipment_errors(type_slug: str, equipment: list[str], contest: str = "standard") -> list[str]:
    """Everything wrong with an equipment list for a gladiator type, in words ([] = fine).

    Checks: known items; who may use what (Wizard and Chaos Wizard only dagger, staff, bracers,
    cloak and potions; natural weapons only for their monster); one body armour; one helmet;
    the hands (VIII.A: daggers may ride in the belt, otherwise at most two weapons or a shield
    and a weapon, and a two-handed weapon leaves no hand for a shield or a second weapon);
    bows only in a bows-only contest (II.D); and the special contest's limits (VIII.H).
    """
    errors: list[str] = []
    gtype = TYPES.get(type_slug)
    if gtype is None:
        return [f"unknown gladiator type {type_slug!r}"]
    items: list[Item] = []
    for slug in equipment:
        item = ITEMS.get(slug) if isinstance(slug, str) else None
        if item is None:
            errors.append(f"unknown item {slug!r}")
            continue
        items.append(item)
        if item.not_for and type_slug in item.not_for:
            errors.append(f"a {gtype.name} may not use the {item.name.lower()}")
        if item.only_for and type_slug not in item.only_for:
            errors.append(f"only a {' or '.join(item.only_for)} may use the {item.name.lower()}")
    if errors:
        return errors
    armour = [i for i in items if i.kind is Kind.ARMOUR]
    if len(armour) > 1:
        errors.append(
            "only one body armour may be worn (" + ", ".join(i.slug for i in armour) + ")"
        )
    if sum(1 for i in items if i.kind is Kind.HELMET) > 1:
        errors.append("only one helmet may be worn")
    shields = sum(1 for i in items if i.kind is Kind.SHIELD)
    hand_weapons = [i for i in items if i.kind is Kind.WEAPON and i.slug != "dagger"]
    if shields > 1:
        errors.append("only one shield may be carried")
    two_handed = [i for i in hand_weapons if i.two_handed]
    if two_handed and shields:
        errors.append(f"the {two_handed[0].name.lower()} is two-handed: no shield with it")
    hands = sum(2 if i.two_handed else 1 for i in hand_weapons if not i.natural) + shields
    if hands > 2:
        errors.append(
            "all weapons must be in the gladiator's hands (VIII.A): at most two weapons, or a "
            "shield and a weapon; only daggers may be carried in the belt"
        )
    bows = [i for i in items if i.bow]
    if contest == "bows_only":
        others = [i for i in items if i.kind is Kind.WEAPON and not i.bow and not i.natural]
        if others:
            errors.append(
                "bows-only contest: no hand-to-hand weapons ("
                + ", ".join(i.slug for i in others)
                + ")"
            )
        if any(i.kind in (Kind.ARMOUR, Kind.HELMET, Kind.SHIELD) for i in items):
            errors.append("bows-only contest: no armour")
    elif bows:
        errors.append("bows may not be used except in a bows-only contest (II.D)")
    if contest == "daggers_only":
        others = [
            i for i in items if i.kind is Kind.WEAPON and i.slug != "dagger" and not i.natural
        ]
        if others:
            errors.append(
                "daggers-only contest: no weapon but daggers ("
                + ", ".join(i.slug for i in others)
                + ")"
            )
        daggers = sum(1 for i in items if i.slug == "dagger")
        if not 1 <= daggers <= 12:
            errors.append("daggers-only contest: carry 1 to 12 daggers")
    if contest == "magic_only" and not (gtype.spell_groups or gtype.chaos_spells):
        errors.append(f"magic-only contest: a {gtype.name} casts no spells")
    return errors


def spell_errors(type_slug: str, spells: list[str]) -> list[str]:
    """Check a chosen spell list: an elf takes one elemental group, a wizard three, a chaos
    wizard any six chaos spells; nobody else casts."""
    gtype = TYPES[type_slug]
    unknown = [s for s in spells if s not in SPELLS]
    if unknown:
        return [f"unknown spell {s!r}" for s in unknown]
    if len(set(spells)) != len(spells):
        return ["a spell may be chosen once"]
    if gtype.chaos_spells:
        if any(SPELLS[s].group != "chaos" for s in spells):
            return ["a Chaos Wizard casts chaos spells only"]
        if len(spells) > gtype.chaos_spells:
            return [f"a Chaos Wizard chooses at most {gtype.chaos_spells} chaos spells"]
        return []
    if not gtype.spell_groups:
        return [f"a {gtype.name} casts no spells"] if spells else []
    groups = {SPELLS[s].group for s in spells}
    if "chaos" in groups:
        return [f"a {gtype.name} casts no chaos spells"]
    if len(groups) > gtype.spell_groups:
        return [f"a {gtype.name} knows {gtype.spell_groups} spell group(s), not {len(groups)}"]
    return []
