"""The campaign adapter: what a rule set tells Ludus about persistent gladiators.

Pure Python beside the rule set's engine (no Django). The Django side asks the adapter for
everything that differs between rule sets: which gladiator types exist and what they start
with, the armoury, what a gladiator may carry, its build (a JSON document the rule set
validates), what it can improve between bouts and at what cost, how a bout's engine input is
made from the entrants, what a finished bout pays, and which bout options exist.

A rule set whose class has `campaign = <an adapter>` is offered for campaigns (and covered by
the contract test in tests/rulesets/ at once). docs/rulesets.md has the checklist.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, ClassVar, Protocol

from arena.engine.core.protocol import Fate
from arena.engine.errors import EngineInputError

JSON = Any


@dataclass(frozen=True, slots=True)
class GladiatorType:
    """A type a player may create: a hero, a monster, a race, a war machine ..."""

    slug: str
    label: str  # for the creation form: "Barbarian (hero)", "Elf (8 HP, 3 MpT)"
    name: str  # on the sheet: "Barbarian"
    starting_kit: tuple[str, ...] = ()  # item slugs, equipped at creation


@dataclass(frozen=True, slots=True)
class Advance:
    """One improvement a gladiator can buy between bouts, and its price."""

    key: str
    label: str  # "+1 Attack dice"
    xp: int = 0
    gold: int = 0
    level: int = 0  # levels gained (a level-up is an advance with level=1)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A gladiator as a bout sees it, frozen at the moment of the fight."""

    name: str
    kind: str
    build: Mapping[str, JSON]
    level: int
    equipment: tuple[str, ...]  # equipped item slugs, sorted
    tactics: Mapping[str, JSON]
    team: str = ""
    square: str = ""


@dataclass
class Outcome:
    """What one bout meant for one gladiator's career."""

    fate: Fate = Fate.FIGHTING
    won: bool = False
    lost: bool = False
    defeated: int = 0  # opponents it defeated
    gold: int = 0  # the rule set's own purse and bounties
    xp: int = 0
    killed_by: str = ""
    items_lost: list[str] = field(default_factory=list)
    items_gained: list[str] = field(default_factory=list)
    # The campaign's house rules (house_rules_paid), paid on top of `gold`.
    appearance: int = 0
    share: int = 0

    @property
    def gold_total(self) -> int:
        return self.gold + self.appearance + self.share


@dataclass(frozen=True, slots=True)
class LabBuild:
    """One gladiator the lab fights with; `key` names it in forms, files and seeds."""

    key: str  # unique within the rule set, letters, digits and dashes: "elf-bow"
    label: str  # "Elf with a bow"
    kind: str  # the gladiator type's slug
    equipment: tuple[str, ...] = ()  # equipped item slugs, sorted
    build: Mapping[str, JSON] = field(default_factory=dict)

    def entrant(self, name: str, square: str = "") -> Entrant:
        return Entrant(
            name=name,
            kind=self.kind,
            build=self.build,
            level=1,
            equipment=self.equipment,
            tactics={},  # the rule set's default tactics
            square=square,
        )

    def to_dict(self) -> dict[str, JSON]:
        return {
            "key": self.key,
            "label": self.label,
            "kind": self.kind,
            "equipment": list(self.equipment),
            "build": dict(self.build),
        }


def house_rules_paid(
    outcomes: Mapping[str, Outcome], *, appearance_fee: int, loser_share: Fraction
) -> dict[str, Outcome]:
    """The outcomes of a fought bout with a campaign's house rules added, the same for every
    rule set: every entrant gets the appearance fee, and every loser the given share of the
    winner's purse (the most gold the rule set pays one winner), rounded down."""
    purse = max((o.gold for o in outcomes.values() if o.won), default=0)
    share = int(purse * loser_share)
    return {
        name: replace(o, appearance=appearance_fee, share=share if o.lost else 0)
        for name, o in outcomes.items()
    }


@dataclass(frozen=True, slots=True)
class TacticSetting:
    """One setting of a gladiator's tactics (used when the engine fights for it)."""

    name: str
    choices: tuple[str, ...]
    default: str


@dataclass(frozen=True, slots=True)
class ContentKind:
    """A kind of content a campaign's GM may add as data (a rule set's champions, maps ...).

    An adapter that offers GM content declares `content_kinds` (these), checks one item with
    `content_problems(kind, item, where) -> [problems in words, each naming its field]`, and
    gives the adapter a campaign holding content sees with `with_content({kind: [items]})`:
    every other question (types, options, bout input) is then asked of that one. Each item is
    a JSON object with a unique "key" within its kind. Without `content_kinds` a rule set
    offers none."""

    key: str  # the kind, as the upload document names it ("champions")
    label: str
    help: str = ""


@dataclass(frozen=True, slots=True)
class PickPhase:
    """Where a bout's pick phase (a draft of champions before the bout) stands: an adapter
    offers one with `pick_phase(entrants, options, picks) -> PickPhase | None` (None: the bout
    uses no picks) and takes the picks in `bout_input(..., picks=[[team, key], ...])`."""

    teams: tuple[tuple[str, tuple[str, ...]], ...]  # each team and who is on it so far
    next: str  # the team to pick now; "" when the teams are full
    free: tuple[tuple[str, str], ...]  # (key, label) of what may be picked now
    entrant_teams: tuple[str, ...]  # each entrant's team, in entry order


# The fewest and the most gladiators of a knockout when the rule set names no limits of its
# own: four for two rounds at least, sixty-four for a bracket the page can still draw. Every
# rule set's own limits lie within these (the contract test in tests/rulesets/).
KNOCKOUT_ENTRANTS = (4, 64)
# A season's formats whose fixtures are a bracket's matches: they take `knockout_entrants`.
BRACKET_FORMATS = frozenset({"knockout", "double_elim"})
# The fewest and the most gladiators of a league season (round robin, Swiss).
SEASON_ENTRANTS = (2, 64)

WINNER_FALLS = "A win is first place when the bout ends, which a gladiator can take and still die."


@dataclass(frozen=True, slots=True)
class OptionField:
    """One bout option the GM may set; forms and API documentation are built from these.

    kind: "int" (minimum..maximum), "bool", "choice" (one of choices), "board" (files x
    ranks: a [files, ranks] list, each minimum..maximum), or "squares" (a list of squares
    such as ["D4", "E5"], typed in a form as "D4 E5")."""

    key: str
    label: str
    kind: str
    default: JSON
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    help: str = ""


@dataclass(frozen=True, slots=True)
class RecordWords:
    """What a win and a defeated opponent mean in a career under this rule set: the standings'
    column names and the sentence under the table that says how they are counted."""

    wins: str = "Wins"
    defeated: str = "Defeated"
    meaning: str = ""


class CampaignAdapter:
    """What a rule set offers campaigns: subclass it, set `has_levels` and `record`, write the
    methods marked "every rule set", and override a default where the rules say otherwise.
    Problems are returned in words; bad input the caller cannot check beforehand raises
    EngineInputError naming the field."""

    has_levels: ClassVar[bool] = False
    """Whether the sheet shows a level."""
    record: ClassVar[RecordWords] = RecordWords()
    """The standings' words for wins and defeated opponents."""
    mercy_appeal: ClassVar[bool] = False
    """Whether a bout has an appeal for mercy that asks core/mercy.py for the campaign's house
    rule (the input's "mercy" key) before its dice."""
    entry_note: ClassVar[str] = ""
    """One sentence under a bout's entry form: what a gladiator fights with, in its words."""
    knockout_entrants: ClassVar[tuple[int, int]] = KNOCKOUT_ENTRANTS
    """The fewest and the most gladiators of a knockout ("4-8 players" in Gladiator 101)."""

    def season_entrants(self, format: str) -> tuple[int, int] | None:
        """The fewest and most gladiators of a season in `format`; None: the rules play none."""
        return self.knockout_entrants if format in BRACKET_FORMATS else SEASON_ENTRANTS

    mirror_matches: ClassVar[bool] = True
    """Whether a type may meet itself (the lab's mirror match); not where each fights once."""
    pays_experience: ClassVar[bool] = True
    """Whether bouts pay experience; False where the rule text gives experience no use (no
    experience nor level chart on the sheet)."""
    winner_falls: ClassVar[str] = WINNER_FALLS
    """Why a winner may die in the bout, in the rule set's words (shown by the odds)."""
    content_kinds: ClassVar[tuple[ContentKind, ...]] = ()
    """The kinds of GM content offered (champions, maps ...); none by default."""
    packs: ClassVar[PackRules | None] = None
    """Booster packs for draft and sealed events (docs/packs.md); None: no such events."""

    # --- every rule set -----------------------------------------------------------------

    def types(self) -> Sequence[GladiatorType]:
        """The types a player may create."""
        raise NotImplementedError

    def armoury(self) -> Mapping[str, Mapping[str, JSON]]:
        """slug -> {"slug", "name", "kind", "price" (None: not sold), "note", ...}."""
        raise NotImplementedError

    def new_build(self, kind: str) -> dict[str, JSON]:
        """The build of a new gladiator of this type."""
        raise NotImplementedError

    def build_problems(self, kind: str, build: Mapping[str, JSON]) -> list[str]:
        """What is wrong with this build, in words ([] = fine)."""
        raise NotImplementedError

    def equipment_problems(
        self, kind: str, build: Mapping[str, JSON], equipment: Sequence[str]
    ) -> list[str]:
        """What is wrong with carrying this equipment into a bout ([] = fine)."""
        raise NotImplementedError

    def sheet(self, kind: str, build: Mapping[str, JSON]) -> list[tuple[str, str]]:
        """The gladiator sheet's stats as (label, value)."""
        raise NotImplementedError

    def advances(self, kind: str, build: Mapping[str, JSON], level: int) -> list[Advance]:
        """What this gladiator can improve now, whatever it can afford."""
        raise NotImplementedError

    def advance(
        self, kind: str, build: Mapping[str, JSON], level: int, key: str
    ) -> dict[str, JSON]:
        """The build after advance `key` (one of advances(); KeyError otherwise)."""
        raise NotImplementedError

    def tactics(self) -> Sequence[TacticSetting]:
        """The settings of a gladiator's tactics."""
        raise NotImplementedError

    def bout_input(
        self,
        entrants: Sequence[Entrant],
        options: Mapping[str, JSON],
        *,
        seed: int,
        by_tactics: bool,
    ) -> dict[str, JSON]:
        """The engine input of a bout between these entrants (stored for replay)."""
        raise NotImplementedError

    def outcomes(self, log: Mapping[str, JSON], options: Mapping[str, JSON]) -> dict[str, Outcome]:
        """name -> what the finished bout means for that gladiator's career."""
        raise NotImplementedError

    def options_schema(self, *, by_tactics: bool) -> Sequence[OptionField]:
        """The bout options a GM may set, for a bout fought by tactics or turn by turn."""
        raise NotImplementedError

    def clean_options(self, options: Mapping[str, JSON], *, by_tactics: bool) -> dict[str, JSON]:
        """The bout options checked (EngineInputError naming the option at fault)."""
        raise NotImplementedError

    def start_problems(self, options: Mapping[str, JSON], square: str) -> list[str]:
        """What is wrong with a starting square an entrant chose ([] = fine)."""
        raise NotImplementedError

    # --- defaults -----------------------------------------------------------------------

    def fight_problems(
        self, kind: str, build: Mapping[str, JSON], equipment: list[str]
    ) -> list[str]:
        """What keeps a gladiator carrying this equipment from fighting at all, in words that
        follow its name ("has no weapon ..."); none by default (fists, kit, built-in arms)."""
        return []

    def issued_kit(self, kind: str) -> tuple[str, ...]:
        """The armoury's slugs of what this type is issued for every bout without holding it
        (Gladiator 101's standard kit); none by default."""
        return ()

    def entry_teams(self, options: Mapping[str, JSON]) -> Sequence[tuple[str, int]]:
        """The teams a player may choose when entering a bout by web, each with the most
        entrants it takes; none by default (no choice)."""
        return ()

    def pick_phase(
        self, entrants: Sequence[Entrant], options: Mapping[str, JSON], picks: Sequence[JSON]
    ) -> PickPhase | None:
        """Where the bout's draft of champions stands; None: the bout uses no picks."""
        return None

    def content_problems(self, kind: str, item: JSON, where: str) -> list[str]:
        """What is wrong with one item of GM content, each problem naming its field. A rule set
        without content kinds takes none."""
        return [f"{where}: this rule set takes no GM content"]

    def with_content(self, content: Mapping[str, Sequence[JSON]]) -> CampaignAdapter:
        """The adapter a campaign holding this GM content sees (itself without content)."""
        return self

    def lab_builds(self) -> list[LabBuild]:
        """The balance lab's builds: every type with its starting kit by default."""
        builds = []
        for t in self.types():
            kit = tuple(sorted(t.starting_kit))
            label = f"{t.name} ({', '.join(kit)})" if kit else t.name
            builds.append(LabBuild(t.slug, label, t.slug, kit, self.new_build(t.slug)))
        return builds


@dataclass(frozen=True, slots=True)
class Card:
    """One card of a pack (a feat, a spell ...), as the draft and sealed pages show it."""

    slug: str
    name: str
    cost: int
    text: str
    tags: tuple[str, ...] = ()  # "special", "foil" ...


class PackRules(Protocol):
    """Optional, as `packs` on the campaign adapter (None or absent: no draft or sealed
    events): booster packs opened at a GM's event, picked in a draft or kept whole in sealed,
    the cards going to the gladiator's build (docs/packs.md)."""

    item: str  # the armoury's slug of a pack: an event opens the packs its gladiators hold
    packs_per_player: Mapping[str, int]  # {"draft": 1, "sealed": 2}

    def event_pack(self, event_seed: int, seat: int, number: int) -> tuple[str, ...]:
        """Pack `number` of the seat: the same seed always gives the same pack."""
        ...

    def auto_pick(
        self, hand: Sequence[str], picked: Sequence[str], build: Mapping[str, JSON]
    ) -> str:
        """The pick of an absent player, from the hand, for a gladiator of this build."""
        ...

    def card(self, slug: str) -> Card: ...

    def add_to_pool(self, build: Mapping[str, JSON], cards: Sequence[str]) -> dict[str, JSON]:
        """The build with these cards owned but not yet assigned."""
        ...


@dataclass(frozen=True, slots=True)
class OrderField:
    """One part of a play-by-web order; the order page and the API's shape check are built
    from these.

    kind: "square" (one square, e.g. "D5"), "squares" (a list of squares), "option" (one
    value, set in the drawn order by a link: the values the rule set's `choices` offers for
    it now, e.g. the abilities a character has ready; `choices` lists fixed ones when
    `choices` offers none), or "choice" (one of choices, given on its own, e.g. conceding).
    On the board, a click sets the square fields; `mark` is how the squares the rule set
    offers for it are drawn ("move" or "strike"), and `clears` names the fields a new value
    makes stale (strikes are measured from the destination)."""

    key: str
    label: str
    kind: str
    choices: tuple[str, ...] = ()
    help: str = ""
    mark: str = "move"
    clears: tuple[str, ...] = ()
    empty: str = "none"  # how the page shows the field while it is not set


@dataclass(frozen=True, slots=True)
class TextHelp:
    """How an order is typed in the forum's format, for the order page's typed box: a player
    who has never seen the forum learns the format there."""

    example: str  # a whole order as a player would type it (the box's placeholder)
    lines: tuple[tuple[str, str], ...] = ()  # each kind of line, as typed, and what it says
    start: str = ""  # what the box starts with: the order drawn so far, in words to extend
    note: str = ""  # one sentence by the drawn order: what only a typed order can say


# What the order page can preview (docs/rulesets.md): the squares opponents can strike next
# turn, and the player's draft played against the opponents' default tactics.
PREVIEW_KINDS = ("threats", "what_if")


@dataclass(frozen=True, slots=True)
class WhatIfRow:
    """One combatant before and after a previewed turn."""

    name: str
    start: str  # its square before the turn
    end: str  # and after it
    hp_before: int | None
    hp_after: int | None
    fell: bool  # removed from the bout by this turn

    @property
    def moved(self) -> bool:
        return self.start != self.end

    @property
    def hurt(self) -> bool:
        return (
            self.hp_before is not None
            and self.hp_after is not None
            and self.hp_after < self.hp_before
        )


@dataclass(frozen=True, slots=True)
class WhatIf:
    """A previewed turn: where everyone ends and who gets hurt (rows, the living before the
    turn, in the rule set's order), the turn in words, and everyone after it as
    WebPlay.snapshot gives them (for drawing the board)."""

    rows: tuple[WhatIfRow, ...]
    lines: tuple[str, ...]
    after: Mapping[str, Mapping[str, JSON]]
    over: bool = False  # the bout would end with this turn


def what_if_of(
    before: Mapping[str, Mapping[str, JSON]],
    after: Mapping[str, Mapping[str, JSON]],
    lines: Sequence[str],
    *,
    over: bool = False,
) -> WhatIf:
    """A WhatIf from two snapshots (WebPlay.snapshot before and after the previewed turn) and
    the turn's events in words: every rule set's snapshot has square, hp and alive."""
    rows = tuple(
        WhatIfRow(
            name=name,
            start=str(was.get("square", "")),
            end=str(after.get(name, was).get("square", "")),
            hp_before=was.get("hp"),
            hp_after=after.get(name, was).get("hp"),
            fell=not after.get(name, was).get("alive", True),
        )
        for name, was in before.items()
        if was.get("alive", True)
    )
    return WhatIf(rows=rows, lines=tuple(lines), after=after, over=over)


class WebPlay:
    """What play by web needs beyond the turn protocol: orders typed in a forum's format, the
    squares the order page offers, a resolved turn as the GM's forum post, and the previews
    the order page may show before a turn is resolved. Subclass it and write the methods
    marked "every rule set"."""

    previews: ClassVar[frozenset[str]] = frozenset()
    """The previews offered (of PREVIEW_KINDS), each with its method; none by default."""

    # --- every rule set played by web ---------------------------------------------------

    def order_schema(self) -> Sequence[OrderField]:
        """The parts of an order, in the order a player gives them."""
        raise NotImplementedError

    def parse_text(self, text: str) -> JSON:
        """An order typed in the forum's format (EngineInputError naming each problem)."""
        raise NotImplementedError

    def order_text(self, order: JSON) -> str:
        """An order in the forum's format."""
        raise NotImplementedError

    def board(self, state: Any) -> tuple[int, int]:
        """(files, ranks) of the board the order page draws."""
        raise NotImplementedError

    def snapshot(self, state: Any) -> dict[str, dict[str, JSON]]:
        """Every combatant's square, hp and alive flag, as the board draws them."""
        raise NotImplementedError

    def choices(self, state: Any, who: str, draft: Mapping[str, JSON]) -> dict[str, list[str]]:
        """The squares the order page offers for each square field of the order (by key),
        given the draft so far."""
        raise NotImplementedError

    def forum_post(self, before: Any, after: Any, events: Sequence[Any], markup: str) -> str:
        """A resolved turn (the state before and after, its events) as a forum post."""
        raise NotImplementedError

    # --- defaults -----------------------------------------------------------------------

    def text_help(self, state: Any, who: str, draft: Mapping[str, JSON]) -> TextHelp:
        """The typed format explained with an example; by default the drawn order's words
        serve as the example."""
        try:
            drawn = self.order_text(draft) if draft else ""
        except (EngineInputError, ValueError, KeyError, TypeError):  # a draft it cannot word
            drawn = ""
        return TextHelp(
            example=drawn,
            start=drawn,
            note="An order may also be typed in the forum's words: draw one on the board and "
            "the page shows it in those words.",
        )

    def limits(self, state: Any, who: str, draft: Mapping[str, JSON]) -> Mapping[str, int]:
        """How many squares each list field of the draft may hold now (strikes after the
        drafted move), by key; none by default, and the page shows no count."""
        return {}

    def threats(self, state: Any, who: str) -> Mapping[str, Sequence[str]]:
        """Square -> the opponents of `who` that can hurt a combatant standing there next
        turn (when "threats" is in previews). Reads the public state only."""
        raise NotImplementedError

    def what_if(self, state: Any, who: str, draft: Mapping[str, JSON]) -> WhatIf:
        """The next turn with `draft` as who's order and every other combatant's default
        tactics (when "what_if" is in previews; EngineInputError for an illegal order). No
        Dice are given: the bout's own would foretell its real rolls."""
        raise NotImplementedError
