"""Reading bouts for the engine: the entrants as the rule set's campaign adapter sees them, and
the engine input it makes of them. Nothing here writes; results are stored by results.py."""

from __future__ import annotations

from typing import Any

from arena.engine import EngineInputError
from arena.engine.core.campaign import Entrant
from campaign.errors import LudusError
from characters.catalogue import rules_of

from .models import Bout, BoutEntrant


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
    g = entrant.gladiator
    return Entrant(
        name=g.name,
        kind=g.kind,
        build=g.build,
        level=g.level,
        equipment=tuple(sorted(h.item for h in g.holdings.all() if h.equipped)),
        tactics=g.tactics,
        team=entrant.team,
        square=entrant.start_square,
    )


def bout_engine_input(*, bout: Bout) -> dict[str, Any]:
    """Everything the engine needs, frozen at the moment of the fight (stored for replay)."""
    # The campaign's adapter: a bout using the GM's content carries what it uses.
    picked = {"picks": bout.picks} if bout.picks else {}  # only a rule set with a pick phase
    return rules_of(bout.campaign).bout_input(
        bout_entrant_specs(bout),
        bout.options,
        seed=bout.seed,
        by_tactics=bout.mode == Bout.Mode.TACTICS,
        **picked,
    )


def bout_entrant_specs(bout: Bout) -> list[Entrant]:
    entrants = bout.entrants.select_related("gladiator").prefetch_related("gladiator__holdings")
    return [entrant_spec(e) for e in entrants.order_by("id")]
