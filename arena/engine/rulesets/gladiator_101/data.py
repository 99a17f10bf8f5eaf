"""Gladiator 101's fixed numbers: heights, body locations, weapons, the standard kit, hit
points, ability scores and their cost scale (docs/rules/gladiator-101.md has the reasons).

The text gives the heights, the fist and the foot; everything else here is Ludus's content:
the text "gives no hit points and no standard equipment".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

SLUG = "gladiator-101"


class Height(StrEnum):
    """'The 3 heights, their "height mod," and what they encompass'. Each is its word (the
    log's and an order's), so a height keys the tables of a strike's numbers as a string
    does."""

    HIGH = "high"
    MID = "mid"
    LOW = "low"


HEIGHT_MOD = {Height.HIGH: 10, Height.MID: 40, Height.LOW: 20}

HEAD = "head"
UPPER_TORSO = "upper torso"
LOWER_TORSO = "lower torso"
LEFT_ARM = "left arm"
RIGHT_ARM = "right arm"
LEFT_LEG = "left leg"
RIGHT_LEG = "right leg"

# In this order everywhere (state, JSON, the sheet); a location's index is its slot.
LOCATIONS = (HEAD, UPPER_TORSO, LOWER_TORSO, LEFT_ARM, RIGHT_ARM, LEFT_LEG, RIGHT_LEG)
SLOT = {loc: i for i, loc in enumerate(LOCATIONS)}  # each location's index
# "High: Head, Upper Torso / Mid: Upper Torso, Lower Torso, Left Arm, Right Arm / Low: Left
# Leg, Right Leg". The hit location is one die within the height, in this order.
AT_HEIGHT = {
    Height.HIGH: (HEAD, UPPER_TORSO),
    Height.MID: (UPPER_TORSO, LOWER_TORSO, LEFT_ARM, RIGHT_ARM),
    Height.LOW: (LEFT_LEG, RIGHT_LEG),
}
VITAL = (HEAD, UPPER_TORSO, LOWER_TORSO)  # at 0 hit points the gladiator falls
# Damage beyond a limb's hit points passes on to the torso it hangs from.
CARRIES_TO = {LEFT_ARM: UPPER_TORSO, RIGHT_ARM: UPPER_TORSO,
              LEFT_LEG: LOWER_TORSO, RIGHT_LEG: LOWER_TORSO}  # fmt: skip
# Location groups a feat may name.
GROUPS = {
    "all": LOCATIONS,
    "torso": (UPPER_TORSO, LOWER_TORSO),
    "arms": (LEFT_ARM, RIGHT_ARM),
    "legs": (LEFT_LEG, RIGHT_LEG),
    "vitals": VITAL,
    **{loc.replace(" ", "_"): (loc,) for loc in LOCATIONS},
}

# Hit points per location (a gladiator of the standard kit, before feats).
HIT_POINTS = {HEAD: 8, UPPER_TORSO: 16, LOWER_TORSO: 14, LEFT_ARM: 10, RIGHT_ARM: 10,
              LEFT_LEG: 10, RIGHT_LEG: 10}  # fmt: skip


class Damage(Enum):
    BLUDGEONING = "B"
    SLASHING = "S"
    PIERCING = "P"

    @property
    def edged(self) -> bool:
        """Edged damage kills a fallen gladiator; bludgeoning knocks it out."""
        return self is not Damage.BLUDGEONING


@dataclass(frozen=True, slots=True)
class Weapon:
    slug: str
    name: str
    dice: int  # how many
    sides: int
    damage: Damage
    heights: tuple[Height, ...]
    delay: int
    limb: str  # the limb it strikes with ("your head is considered a limb")

    @property
    def notation(self) -> str:
        return f"{self.dice}d{self.sides} ({self.damage.value})"


H, M, L = Height.HIGH, Height.MID, Height.LOW
WEAPONS = {
    # The standard kit: a murmillo's short sword in the right hand, a small round shield on the
    # left arm (it strikes as a bash).
    "gladius": Weapon("gladius", "Gladius", 2, 4, Damage.SLASHING, (H, M, L), 15, RIGHT_ARM),
    "shield": Weapon("shield", "Parma (shield bash)", 1, 3, Damage.BLUDGEONING, (H, M), 15,
                     LEFT_ARM),
    # "Your fist (1d2 (B)ludgeoning damage, high-mid, delay: 10) and foot (1d3 (B), low,
    # delay: 20) are considered weapons". The sword hand is full, so the fist is the left
    # one, punching round the shield grip: a strike with the left arm instead of the bash.
    "fist": Weapon("fist", "Fist", 1, 2, Damage.BLUDGEONING, (H, M), 10, LEFT_ARM),
    "foot": Weapon("foot", "Foot (kick)", 1, 3, Damage.BLUDGEONING, (L,), 20, "legs"),
    # Only with the Headbutt feat.
    "head": Weapon("head", "Head (headbutt)", 1, 4, Damage.BLUDGEONING, (H,), 15, HEAD),
}  # fmt: skip
KICK = "foot"

# The standard equipment, identical for every combatant: armour per location, subtracted from
# the attacker's damage grade ("- opponent's armor"). Non-magical.
KIT = (
    ("galea", "Galea (helmet)", {HEAD: 15}),
    ("manica", "Manica (sword-arm guard)", {RIGHT_ARM: 10}),
    ("parma", "Parma (small round shield)", {LEFT_ARM: 10, UPPER_TORSO: 5, LOWER_TORSO: 5}),
    ("ocrea", "Ocrea (greave, left leg)", {LEFT_LEG: 10}),
)
ARMOUR = {loc: sum(piece.get(loc, 0) for _, _, piece in KIT) for loc in LOCATIONS}

SPEED = 6  # "Base Movement Speed of 30 feet": six squares of 5 ft
LAME = 3  # squares lost per leg at 0 hit points (never below 1)
CRIT = 5  # "If you roll a 5 or less (your "crit range")"
FOCUS_BONUS = 25  # "The strike gets a +25 modifier on its To-Hit roll"
TO_HIT_BASE = 10
GRADE_BASE = 50
GLANCING = 50  # a damage grade failed by more than this deals 1

SCORES = ("accuracy", "reflex", "strength")
# The n-th point of a score costs COST_SCALE[n - 1] marks; a score cannot pass the scale.
DEFAULT_COST_SCALE = (1,) * 10 + (2,) * 10 + (3,) * 10
DEFAULT_MARKS = 30
DEFAULT_FEAT_POINTS = 10

DEFAULT_BOARD = (10, 10)
DEFAULT_MAX_TURNS = 120  # combatant turns (60 each); then the bout is decided on points
