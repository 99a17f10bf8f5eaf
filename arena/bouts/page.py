"""The bout page's one selector: everything the page shows of a bout to a user, from the
result and payouts to the replay, the report, the proof, the odds and, for a bout by web, the
live board. The view parses the request, picks the template part and renders what this returns.
"""

from __future__ import annotations

from typing import Any

from arena.bouts.live import live_context
from arena.bouts.replay import board_view, entrant_colours, event_sections, hp_series, input_terrain
from arena.bouts.report import bout_report
from arena.bouts.selectors import (
    UNDECIDED,
    bout_engine_input_for,
    bout_payouts,
    bout_proof,
    bout_sealed_orders,
    bout_standings,
    bout_verification_last,
)
from arena.bouts.services import VERIFIABLE
from arena.gateway import EngineInputError, canonical, ruleset
from arena.mercy.services import mercy_vote_view
from arena.models import Bout, BoutOdds, BoutVerification
from arena.odds.services import odds_lines, odds_request, odds_unanimous, odds_words
from arena.whatif.selectors import what_if_entrants
from campaign.selectors import campaign_is_gm


def bout_page(
    *, bout: Bout, user: Any, part: str | None, polled: bool, turn: int | None, play: bool
) -> dict[str, Any]:
    """The bout page's context. `part` is the section an htmx poll asks for (result, replay,
    live, verify, odds) and `polled` whether it is one; `turn` the replay's turn asked for
    (1-based; the last when None or out of range), `play` whether the replay plays on."""
    log = bout.log or {}
    turns = log.get("turns", [])
    context: dict[str, Any] = {
        "campaign": bout.campaign,
        "bout": bout,
        "is_gm": campaign_is_gm(campaign=bout.campaign, user=user),
        "turns": turns,
        "standings": bout_standings(bout=bout),
        "payouts": bout_payouts(bout=bout),
        "mercy": mercy_vote_view(bout=bout, user=user),
        **verify_section(bout=bout, user=user),
    }
    if bout.mode == Bout.Mode.ORDERS:
        context.update(live_context(bout, user))
    if not polled or part == "odds":
        context.update(odds_section(bout))
    if turns:
        context.update(
            _replay(bout, log, turns, turn=turn, play=play, stepping=polled and part == "replay")
        )
        if not polled:
            # The log holds resolved turns alone: a bout by web in progress is told up to its
            # last resolved turn, never its orders still sealed (docs/chronicle.md).
            context["report"] = bout_report(log, _rules_or_none(bout.ruleset))
    if not polled and bout.status == Bout.Status.RESOLVED:
        # "What if": the entrants' owners and the GM may fight it again with one change.
        context["what_if"] = bool(what_if_entrants(bout=bout, user=user, is_gm=context["is_gm"]))
    return context


def _replay(
    bout: Bout, log: dict, turns: list, *, turn: int | None, play: bool, stepping: bool
) -> dict[str, Any]:
    colours = entrant_colours(bout.engine_input)
    index = min(max(len(turns) if turn is None else turn, 1), len(turns)) - 1
    return {
        "turn": turns[index],
        "turn_sections": event_sections(turns[index].get("events", [])),
        "last_sections": event_sections(turns[-1].get("events", [])),
        "number": index + 1,
        "board": board_view(
            log,
            index,
            colours,
            bout.engine_input,
            terrain=input_terrain(bout.ruleset, bout.engine_input),
        ),
        "board_caption": f"The board after {bout.step} {index + 1}",
        "hp_chart": hp_series(log, colours, step=bout.step),
        "playing": play and index + 1 < len(turns),
        "stepping": stepping,
        # A play-by-web turn that was resolved from orders has its forum post (a turn fought
        # by tactics after "let tactics fight the rest" has none).
        "forum_turns": len((bout.engine_input or {}).get("turns") or [])
        if bout.mode == Bout.Mode.ORDERS
        else 0,
    }


def _rules_or_none(slug: str) -> Any:
    """The bout's rule set, or None for one this Ludus no longer has (its log still reads)."""
    try:
        return ruleset(slug)
    except EngineInputError:
        return None


def odds_section(bout: Bout) -> dict[str, Any]:
    """Each entrant's chance to win and to die, while the bout is still to be fought."""
    row = odds_request(bout=bout)
    return {} if row is None else odds_of(row)


def odds_of(row: BoutOdds) -> dict[str, Any]:
    return {
        "odds": row,
        "odds_lines": odds_lines(row) if row.status == BoutOdds.Status.DONE else [],
        "odds_unanimous": odds_unanimous(row),
        "odds_words": odds_words(row),
        "odds_cap": row.terms.get("bouts"),
    }


def verify_section(*, bout: Bout, user: Any) -> dict[str, Any]:
    """What the bout page shows so that anyone can check the bout (docs/verification.md)."""
    decided = bout.status not in UNDECIDED
    verification = bout_verification_last(bout=bout)
    readable = bout_engine_input_for(bout=bout, user=user) if decided else None
    proof = bout_proof(bout=bout)
    return {
        "proof": proof,
        # How far the digests go: a bout still fought turn by turn has hashed only its steps so
        # far (none at its first step), a decided one its whole fight.
        "steps_fought": len((bout.log or {}).get("turns") or []),
        "terms_json": canonical(proof["terms"]).decode() if proof["terms"] else "",
        "sealed_orders": bout_sealed_orders(bout=bout, user=user),
        "verification": verification,
        "verifying": verification is not None
        and verification.outcome == BoutVerification.Outcome.PENDING,
        "verifiable": bout.status in VERIFIABLE,
        "downloadable": decided and readable is not None,
        "tactics_hidden": readable is not None and readable != bout.engine_input,
    }
