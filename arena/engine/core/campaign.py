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
from typing import Any, Protocol

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


def knockout_entrants_of(adapter: Any) -> tuple[int, int]:
    """The fewest and the most gladiators a knockout takes under this rule set: the adapter's
    optional `knockout_entrants` (Gladiator 101: "4-8 players compete in tournament"), else
    KNOCKOUT_ENTRANTS."""
    low, high = getattr(adapter, "knockout_entrants", KNOCKOUT_ENTRANTS)
    return low, high


def entry_teams_of(adapter: Any, options: Mapping[str, JSON]) -> Sequence[tuple[str, int]]:
    """The teams a player may choose when entering a bout by web, each with the most entrants
    it takes: an adapter offers them with `entry_teams(options)`; none, no choice."""
    teams = getattr(adapter, "entry_teams", None)
    return tuple(teams(options)) if teams is not None else ()


def fight_problems_of(
    adapter: Any, kind: str, build: Mapping[str, JSON], equipment: Sequence[str]
) -> list[str]:
    """What keeps a gladiator of this kind, build and equipment from fighting, from the
    adapter's optional `fight_problems`: none unless it declares it (a gladiator who fights
    with fists, its type's own kit or built-in weapons can always fight)."""
    own = getattr(adapter, "fight_problems", None)
    return list(own(kind, build, list(equipment))) if own is not None else []


def issued_kit_of(adapter: Any, kind: str) -> tuple[str, ...]:
    """The armoury's slugs of what this type is issued for every bout (the adapter's optional
    `issued_kit`; none when absent)."""
    own = getattr(adapter, "issued_kit", None)
    return tuple(own(kind)) if own is not None else ()


def pays_experience_of(adapter: Any) -> bool:
    """Whether this rule set's bouts pay experience (the adapter's optional `pays_experience`,
    True when absent)."""
    return bool(getattr(adapter, "pays_experience", True))


def rolls_dice_of(adapter: Any) -> bool:
    """Whether a bout of this rule set leaves anything to chance (the adapter's optional
    `rolls_dice`, True when absent)."""
    return bool(getattr(adapter, "rolls_dice", True))


WINNER_FALLS = "A win is first place when the bout ends, which a gladiator can take and still die."


def winner_falls_of(adapter: Any) -> str:
    """Why a winner may die, in the rule set's words (its optional `winner_falls`)."""
    return getattr(adapter, "winner_falls", "") or WINNER_FALLS


def content_kinds_of(adapter: Any) -> Sequence[ContentKind]:
    """The GM content kinds an adapter offers (none unless it declares them)."""
    return tuple(getattr(adapter, "content_kinds", ()))


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


class CampaignAdapter(Protocol):
    """What a rule set offers campaigns. Problems are returned in words; bad input the caller
    cannot check beforehand raises EngineInputError naming the field."""

    has_levels: bool  # whether the sheet shows a level
    record: RecordWords  # the standings' words for wins and defeated opponents
    # Optional, False when absent: whether a bout has an appeal for mercy that asks
    # core/mercy.py for the campaign's house rule (the input's "mercy" key) before its dice.
    mercy_appeal: bool
    # Optional, none when absent: one sentence under a bout's entry form saying what a gladiator
    # of this rule set fights with, in its own words ("A war machine fights with ...").
    entry_note: str
    # Optional, never a problem when absent: `fight_problems(kind, build, equipment) ->
    # [problems]`, what keeps a gladiator carrying this equipment from fighting at all (a
    # Gladiator Arena gladiator without a weapon), each in words that follow its name ("has no
    # weapon ..."). Read through fight_problems_of(); equipment_problems says what may be
    # carried, this what must be.
    # Optional, KNOCKOUT_ENTRANTS (4 to 64) when absent: the fewest and the most gladiators of
    # a knockout, read through knockout_entrants_of().
    knockout_entrants: tuple[int, int]
    # Optional, True when absent: whether a type may meet itself (the balance lab's mirror
    # match). Arena of the Elders fields each champion once, so it has none.
    mirror_matches: bool
    # Optional, none when absent: `issued_kit(kind) -> [armoury slugs]`, what a gladiator of
    # this type is issued for every bout without holding it (Gladiator 101's standard kit),
    # shown on its sheet. Read through issued_kit_of().
    # Optional, True when absent: whether its bouts pay experience. False where the rule text
    # gives experience no use (Gladiator Arena: no stats to raise, no levels): its outcomes
    # pay none, and the sheet shows no experience nor level chart. Read through
    # pays_experience_of().
    pays_experience: bool
    # Optional, True when absent: whether a bout's input leaves anything to chance. False
    # (Gladiator Arena: no dice, and entrants without a square are placed by a fixed rule): the
    # same entrants fight the same bout every time, so the odds fight it once and say what
    # happens in words. Read through rolls_dice_of().
    rolls_dice: bool
    # Optional, a general sentence when absent: why a winner may die in the bout, in the rule
    # set's words, shown by odds in which a winner dies. Read through winner_falls_of().
    winner_falls: str

    def types(self) -> Sequence[GladiatorType]: ...

    def armoury(self) -> Mapping[str, Mapping[str, JSON]]:
        """slug -> {"slug", "name", "kind", "price" (None: not sold), "note", ...}."""

    def new_build(self, kind: str) -> dict[str, JSON]:
        """The build of a new gladiator of this type."""

    def build_problems(self, kind: str, build: Mapping[str, JSON]) -> list[str]: ...

    def equipment_problems(
        self, kind: str, build: Mapping[str, JSON], equipment: Sequence[str]
    ) -> list[str]:
        """What is wrong with carrying this equipment into a bout ([] = fine)."""

    def sheet(self, kind: str, build: Mapping[str, JSON]) -> list[tuple[str, str]]:
        """The gladiator sheet's stats as (label, value)."""

    def advances(self, kind: str, build: Mapping[str, JSON], level: int) -> list[Advance]:
        """What this gladiator can improve now, whatever it can afford."""

    def advance(
        self, kind: str, build: Mapping[str, JSON], level: int, key: str
    ) -> dict[str, JSON]:
        """The build after advance `key` (one of advances(); KeyError otherwise)."""

    def tactics(self) -> Sequence[TacticSetting]: ...

    def bout_input(
        self,
        entrants: Sequence[Entrant],
        options: Mapping[str, JSON],
        *,
        seed: int,
        by_tactics: bool,
    ) -> dict[str, JSON]:
        """The engine input of a bout between these entrants (stored for replay)."""

    def outcomes(self, log: Mapping[str, JSON], options: Mapping[str, JSON]) -> dict[str, Outcome]:
        """name -> what the finished bout means for that gladiator's career."""

    def options_schema(self, *, by_tactics: bool) -> Sequence[OptionField]:
        """The bout options a GM may set, for a bout fought by tactics or turn by turn."""

    def clean_options(self, options: Mapping[str, JSON], *, by_tactics: bool) -> dict[str, JSON]:
        """The bout options checked (EngineInputError naming the option at fault)."""

    def start_problems(self, options: Mapping[str, JSON], square: str) -> list[str]:
        """What is wrong with a starting square an entrant chose ([] = fine)."""


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


class WebPlay(Protocol):
    """What play by web needs beyond the turn protocol: orders typed in a forum's format, the
    squares the order page offers, and a resolved turn as the GM's forum post.

    Optional: `text_help(state, who, draft) -> TextHelp`, the typed format explained with an
    example (text_help_of() gives a sensible fallback for a rule set without one); `previews`
    with `threats` and `what_if` (OrderPreviews: what the order page can show before a turn
    is resolved; previews_of() says which a rule set offers); `limits(state, who, draft) ->
    Mapping[str, int]`, how many squares each list field of the draft may hold now (e.g.
    strikes after the drafted move), read through limits_of()."""

    def order_schema(self) -> Sequence[OrderField]:
        """The parts of an order, in the order a player gives them."""

    def parse_text(self, text: str) -> JSON:
        """An order typed in the forum's format (EngineInputError naming each problem)."""

    def order_text(self, order: JSON) -> str: ...

    def board(self, state: Any) -> tuple[int, int]:
        """(files, ranks) of the board the order page draws."""

    def snapshot(self, state: Any) -> dict[str, dict[str, JSON]]:
        """Every combatant's square, hp and alive flag, as the board draws them."""

    def choices(self, state: Any, who: str, draft: Mapping[str, JSON]) -> dict[str, list[str]]:
        """The squares the order page offers for each square field of the order (by key),
        given the draft so far."""

    def forum_post(self, before: Any, after: Any, events: Sequence[Any], markup: str) -> str:
        """A resolved turn (the state before and after, its events) as a forum post."""


def text_help_of(web: Any, state: Any, who: str, draft: Mapping[str, JSON]) -> TextHelp:
    """The rule set's help for typing an order; without its own, the drawn order's words serve
    as the example."""
    own = getattr(web, "text_help", None)
    if own is not None:
        return own(state, who, draft)
    try:
        drawn = web.order_text(draft) if draft else ""
    except (EngineInputError, ValueError, KeyError, TypeError):  # a draft it cannot word
        drawn = ""
    return TextHelp(
        example=drawn,
        start=drawn,
        note="An order may also be typed in the forum's words: draw one on the board and the "
        "page shows it in those words.",
    )


def limits_of(web: Any, state: Any, who: str, draft: Mapping[str, JSON]) -> Mapping[str, int]:
    """How many squares each list field of the draft may hold, by key, from the rule set's
    optional `limits`; a rule set without it gives none, and the page shows no count."""
    own = getattr(web, "limits", None)
    if own is None:
        return {}
    return own(state, who, draft)


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


class OrderPreviews(Protocol):
    """Optional, on the web play: what the order page can show before a turn is resolved.
    `previews` names the kinds offered (of PREVIEW_KINDS); a rule set without it offers none,
    and the page shows nothing. Both read the public state only (never an order given for
    the turn) and never change it. No Dice are given: the bout's own would foretell its real
    rolls, so a rule set with dice previews with averages or dice of its own."""

    previews: frozenset[str]

    def threats(self, state: Any, who: str) -> Mapping[str, Sequence[str]]:
        """Square -> the opponents of `who` that can hurt a combatant standing there next
        turn, after any legal move of theirs."""
        ...

    def what_if(self, state: Any, who: str, draft: Mapping[str, JSON]) -> WhatIf:
        """The next turn with `draft` as who's order and every other combatant's default
        tactics (EngineInputError naming the problem for an order that is not legal)."""
        ...


def previews_of(web: Any) -> frozenset[str]:
    """The previews a rule set's web play offers: those it declares in `previews` and has
    the method for (none for a rule set without the seam, or not played by web)."""
    declared = getattr(web, "previews", ()) if web is not None else ()
    return frozenset(k for k in declared if k in PREVIEW_KINDS and callable(getattr(web, k, None)))
