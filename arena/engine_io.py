"""Reading bouts for the engine: the entrants as the rule set's campaign adapter sees them, and
the engine input it makes of them. Nothing here writes; results are stored by results.py."""

from __future__ import annotations

from typing import Any

from arena.gateway import EngineInputError, Entrant
from arena.models import Bout, BoutEntrant
from campaign.house_rules import house_rules_of
from campaign.shared.errors import LudusError
from characters.catalogue import rules_of
from characters.models import Gladiator


def bout_options_clean(*, campaign: Any, options: Any, by_tactics: bool) -> dict[str, Any]:
    """The bout options a GM gave, checked by the campaign's rule set (with its GM content):
    only the options its schema lists, each as the rule set allows (LudusError naming the
    option)."""
    rules = rules_of(campaign)
    if not isinstance(options, dict):
        raise LudusError("Bout options are an object of option: value.", field="options")
    known = [o.key for o in rules.options_schema(by_tactics=by_tactics)]
    unknown = sorted(set(options) - set(known))
    if unknown:
        listed = ", ".join(known) or "none"
        raise LudusError(
            f"options.{unknown[0]}: unknown option (the options are: {listed}).", field="options"
        )
    try:
        return rules.clean_options(options, by_tactics=by_tactics)
    except EngineInputError as error:
        raise LudusError(f"{error.field}: {error.message}", field="options") from None


def entrant_spec(entrant: BoutEntrant) -> Entrant:
    return gladiator_spec(entrant.gladiator, team=entrant.team, square=entrant.start_square)


def gladiator_spec(g: Gladiator, *, team: str = "", square: str = "") -> Entrant:
    """A gladiator as a bout would see it now (its holdings prefetched, ideally)."""
    return Entrant(
        name=g.name,
        kind=g.kind,
        build=g.build,
        level=g.level,
        equipment=tuple(sorted(h.item for h in g.holdings.all() if h.equipped)),
        tactics=g.tactics,
        team=team,
        square=square,
    )


def bout_engine_input(*, bout: Bout) -> dict[str, Any]:
    """Everything the engine needs, frozen at the moment of the fight (stored for replay)."""
    # The campaign's adapter: a bout using the GM's content carries what it uses.
    rules = rules_of(bout.campaign)
    picked = {"picks": bout.picks} if bout.picks else {}  # only a rule set with a pick phase
    engine_input = rules.bout_input(
        bout_entrant_specs(bout),
        bout.options,
        seed=bout.seed,
        by_tactics=bout.mode == Bout.Mode.TACTICS,
        **picked,
    )
    mercy = house_rules_of(bout.campaign.options).engine_rule
    if mercy == "vote" and bout.mode != Bout.Mode.TACTICS:
        # A vote pauses a bout fought by the worker (arena/mercy/services.py); a turn of a bout
        # by web cannot pause yet, and no rule set played by web has an appeal: its dice decide.
        mercy = "dice"
    # The rule set's own dice need no word in the input (so inputs stay as they always were),
    # and a rule set without an appeal has nothing to apply it to.
    if mercy != "dice" and rules.mercy_appeal:
        engine_input["mercy"] = {"rule": mercy, "verdicts": {}}
    return engine_input


def bout_entrant_specs(bout: Bout) -> list[Entrant]:
    entrants = bout.entrants.select_related("gladiator").prefetch_related("gladiator__holdings")
    return [entrant_spec(e) for e in entrants.order_by("id")]


def bout_fight_problem(*, bout: Bout) -> str:
    """What keeps an entrant from fighting as it is equipped now, in words ("" when all can):
    the last check before a bout's input is made."""
    rules = rules_of(bout.campaign)
    for entrant in bout_entrant_specs(bout):
        problems = rules.fight_problems(entrant.kind, entrant.build, list(entrant.equipment))
        if problems:
            return f"{entrant.name} cannot fight: it {problems[0]}."
    return ""
