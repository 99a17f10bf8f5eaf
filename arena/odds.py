"""Odds before the fight (docs/lab.md, "Odds before the fight"): each entrant's chance to win
and to die, from ODDS_BOUTS simulated bouts of the bout's exact entrants and options, fought
by the worker and cached on those terms. The simulated seeds come from the terms' digest, never
from the bout's secret seed."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from arena.engine import ruleset
from arena.engine.core.campaign import Entrant
from arena.engine.core.canonical import digest
from arena.engine.lab.odds import Odds, fight_odds
from campaign.content import content_documents, content_kinds
from campaign.errors import LudusError
from campaign.models import Campaign
from campaign.services import check_campaign_gm
from characters.models import Gladiator

from .engine_io import entrant_spec, gladiator_spec
from .models import Bout, BoutOdds
from .queue import enqueue_odds

log = logging.getLogger(__name__)

ODDS_BOUTS = 2_000  # a 95% interval of about +-2 points at 50%
BEFORE_THE_FIGHT = (Bout.Status.SCHEDULED, Bout.Status.OPEN)


def odds_terms(
    *,
    ruleset_slug: str,
    options: dict[str, Any],
    entrants: Sequence[Entrant],
    content: dict[str, list[Any]] | None = None,
    picks: Sequence[Any] = (),
) -> dict[str, Any]:
    """What decides the odds: the rule set and its version, the options and each entrant's
    exact build, kit and tactics as the engine would get them now; and, where there are any,
    the campaign's GM content (its champions and arenas) and the pick phase's picks, which
    the real bout's input is built with too. Terms without them digest as they always did."""
    terms = {
        "ruleset": ruleset_slug,
        "version": ruleset(ruleset_slug).version,
        "options": options,
        "entrants": [{**asdict(e), "equipment": list(e.equipment)} for e in entrants],
        "bouts": ODDS_BOUTS,
    }
    if content:
        terms["content"] = content
    if picks:
        terms["picks"] = [list(p) for p in picks]
    return terms


def _campaign_content(campaign: Campaign) -> dict[str, list[Any]]:
    """The GM content the campaign's bouts are built with (none for most rule sets)."""
    return content_documents(campaign) if content_kinds(campaign) else {}


def _odds_for(terms: dict[str, Any]) -> BoutOdds:
    """The cached odds of these terms, asking the worker the first time they are seen."""
    row, created = BoutOdds.objects.get_or_create(key=digest(terms), defaults={"terms": terms})
    if created:
        transaction.on_commit(lambda: enqueue_odds(row.pk))
    return row


def odds_request(*, bout: Bout) -> BoutOdds | None:
    """The odds of a bout not fought yet; None for a decided bout or one with fewer than two
    entrants."""
    if bout.status not in BEFORE_THE_FIGHT or bout.entrants.count() < 2:
        return None
    entrants = bout.entrants.select_related("gladiator").prefetch_related("gladiator__holdings")
    specs = [entrant_spec(e) for e in entrants.order_by("id")]
    terms = odds_terms(
        ruleset_slug=bout.ruleset,
        options=bout.options,
        entrants=specs,
        content=_campaign_content(bout.campaign),
        picks=bout.picks or (),
    )
    return _odds_for(terms)


def odds_preview(
    *, campaign: Campaign, by: Any, gladiators: Sequence[Gladiator], options: dict[str, Any]
) -> BoutOdds | None:
    """The odds of a bout the GM is about to schedule (the schedule form): these gladiators of
    the campaign with these checked options; None for fewer than two."""
    check_campaign_gm(campaign=campaign, user=by)
    if len(gladiators) < 2:
        return None
    if len(gladiators) > Bout.MAX_ENTRANTS:
        raise LudusError(f"A bout takes at most {Bout.MAX_ENTRANTS} gladiators.")
    if any(g.campaign_id != campaign.pk for g in gladiators):
        raise LudusError("Only the campaign's own gladiators fight its bouts.", field="gladiators")
    specs = [gladiator_spec(g) for g in gladiators]
    terms = odds_terms(
        ruleset_slug=campaign.ruleset,
        options=options,
        entrants=specs,
        content=_campaign_content(campaign),
    )
    return _odds_for(terms)


def odds_seed(key: str) -> int:
    """The simulations' seed: 48 bits of the terms' digest (public, unlike the bout's)."""
    return int(key[:12], 16)


def odds_compute(*, odds_id: int) -> BoutOdds | None:
    """Simulate once; None when another worker has it or it is done."""
    with transaction.atomic():
        row = (
            BoutOdds.objects.select_for_update(skip_locked=True)
            .filter(pk=odds_id, status=BoutOdds.Status.PENDING)
            .first()
        )
        if row is None:
            return None
        terms = row.terms
        try:
            rules = ruleset(terms["ruleset"])
            if rules.version != terms["version"]:
                raise ValueError(f"the rules are now version {rules.version}")
            entrants = [
                Entrant(**{**e, "equipment": tuple(e["equipment"])}) for e in terms["entrants"]
            ]
            # The same adapter the real bout's input comes from: with the campaign's content.
            adapter = rules.campaign
            if terms.get("content"):
                adapter = adapter.with_content(terms["content"])
            odds = fight_odds(
                rules,
                entrants,
                terms["options"],
                bouts=terms["bouts"],
                seed=odds_seed(row.key),
                adapter=adapter,
                picks=terms.get("picks", ()),
            )
        except Exception as error:  # say so on the page rather than leave it pending
            log.exception("odds %s", row.pk)
            row.status, row.message = BoutOdds.Status.FAILED, str(error) or repr(error)
        else:
            row.status, row.odds = BoutOdds.Status.DONE, [o.to_dict() for o in odds]
        row.finished_at = timezone.now()
        row.save(update_fields=["status", "odds", "message", "finished_at"])
    return row


@dataclass(frozen=True)
class OddsLine:
    name: str
    win: int  # percent
    margin: str  # percentage points either side (the wider side of the 95% interval)
    death: int


def odds_lines(row: BoutOdds) -> list[OddsLine]:
    """ "Brutus 71% ± 2%, dies in 9%" for each entrant."""
    lines = []
    for data in row.odds:
        o = Odds.from_dict(data)
        low, high = o.win_interval
        margin = max(high - o.win, o.win - low)
        points = f"{margin * 100:.1f}" if margin < 0.01 else f"{margin * 100:.0f}"
        lines.append(OddsLine(o.name, round(o.win * 100), points, round(o.death * 100)))
    return lines
