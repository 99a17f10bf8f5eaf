"""What the order page shows before a turn is resolved, for the rule sets that offer it
(WebPlay.previews in arena/engine/core/campaign.py): the squares opponents can strike next turn,
and the player's draft played against the opponents' default tactics.

Both are computed by the rule set from the bout's stored state alone (a fresh copy loaded
from it, never saved): no order given for the turn is read, so no preview can reveal one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from arena.gateway import EngineInputError, WhatIf
from arena.models import Bout, BoutEntrant
from arena.play.turns import state_loaded, turn_rules
from campaign.shared.errors import LudusError, NotAllowed


def order_threats(*, entrant: BoutEntrant) -> Mapping[str, Sequence[str]]:
    """The threat overlay of the entrant's board now ({} when the rule set has none or the bout
    is not running)."""
    bout = entrant.bout
    rules = turn_rules(bout.ruleset)
    if bout.status != Bout.Status.RUNNING:
        return {}
    state = state_loaded(rules, bout.state)
    return threats_for(rules, state, entrant.gladiator.name) or {}


def threats_for(rules: Any, state: Any, who: str) -> Mapping[str, Sequence[str]] | None:
    """The threat overlay of `who`'s board (square -> opponents that can hurt it there next
    turn), or None for a rule set without one."""
    if "threats" not in rules.web.previews:
        return None
    return rules.web.threats(state, who)


def order_what_if(
    *, entrant: BoutEntrant, by: AbstractBaseUser, draft: dict[str, Any], text: str = ""
) -> WhatIf:
    """The next turn as it would go with `draft` (or `text`, the order typed in the forum's
    format, which wins) as the entrant's order and every other combatant on default tactics.
    Only the gladiator's owner asks (as for its orders); LudusError, in words, when the rule
    set has no preview, the bout takes no orders, the gladiator gives none this turn, or the
    draft is not a legal order."""
    gladiator = entrant.gladiator
    if gladiator.owner_id != by.pk:
        raise NotAllowed(f"Only {gladiator.name}'s owner previews its orders.")
    bout = entrant.bout
    rules = turn_rules(bout.ruleset)
    if "what_if" not in rules.web.previews:
        raise LudusError(f"{rules.title} offers no preview of an order.", field="order")
    if bout.status != Bout.Status.RUNNING:
        raise LudusError(f"This bout is not taking orders, so there is no {bout.step} to preview.")
    state = state_loaded(rules, bout.state)
    if gladiator.name not in rules.pending(state).who:
        raise LudusError(f"{gladiator.name} gives no order for {bout.step} {bout.turn}.")
    if text.strip():
        try:
            draft = rules.web.parse_text(text)
        except EngineInputError as error:
            raise LudusError(error.message, field="text") from None
    try:
        return rules.web.what_if(state, gladiator.name, draft)
    except EngineInputError as error:
        raise LudusError(error.message, field="order") from None


def what_if_summary(what_if: WhatIf) -> str:
    """The preview's gist in one line, for the page and its live region: "Justbec drops to 7
    HP. Nox falls." or "Nobody is hurt."."""
    words = [
        f"{row.name} falls." if row.fell else f"{row.name} drops to {row.hp_after} HP."
        for row in what_if.rows
        if row.fell or row.hurt
    ]
    if not words:
        words.append("Nobody is hurt.")
    if what_if.over:
        words.append("The bout would end.")
    return " ".join(words)
