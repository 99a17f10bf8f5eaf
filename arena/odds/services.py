"""Odds before the fight (docs/lab.md, "Odds before the fight"): each entrant's chance to win
and to die, from simulated bouts of the bout's exact entrants and options, fought by the worker
in batches until every chance to win is known within 2 points (or ODDS_CAP bouts), and cached
on those terms and on who asks. The simulated seeds come from the terms' digest, never from the
bout's secret seed."""

from __future__ import annotations

import contextlib
import logging
import math
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from arena.engine_io import entrant_spec, gladiator_spec
from arena.gateway import (
    BATCH,
    CAP,
    Entrant,
    Odds,
    digest,
    fight_odds,
    ruleset,
    settled,
    unanimous,
)
from arena.models import Bout, BoutOdds
from arena.queue import enqueue_odds
from campaign.content import content_documents, content_kinds
from campaign.models import Campaign
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError
from characters.models import Gladiator

log = logging.getLogger(__name__)

ODDS_CAP = CAP  # the sample's bounds (arena/engine/lab/odds.py says why these)
ODDS_BATCH = BATCH
# A question whose message or worker was lost is sent again after this long (odds_sweep):
# longer than any batch takes, so a living worker is never taken for a lost one.
ODDS_STALE = timedelta(minutes=5)
PREVIEW_WINDOW_SECONDS = 60
BEFORE_THE_FIGHT = (Bout.Status.SCHEDULED, Bout.Status.OPEN)


class TooManyPreviews(LudusError):
    """The asker has had their share of new simulations for now; `wait` seconds to the next."""

    def __init__(self, message: str, *, wait: int) -> None:
        super().__init__(message)
        self.wait = wait


def odds_terms(
    *,
    ruleset_slug: str,
    options: dict[str, Any],
    entrants: Sequence[Entrant],
    scope: dict[str, int],
    content: dict[str, list[Any]] | None = None,
    picks: Sequence[Any] = (),
) -> dict[str, Any]:
    """What decides the odds: the rule set and its version, the options and each entrant's
    exact build, kit and tactics as the engine would get them now; and, where there are any,
    the campaign's GM content (its champions and arenas) and the pick phase's picks, which
    the real bout's input is built with too. `scope` says who asks (a bout, or a GM in a
    campaign): the same builds asked by another never meet this answer (nor its seeds)."""
    terms = {
        "ruleset": ruleset_slug,
        "version": ruleset(ruleset_slug).version,
        "options": options,
        "entrants": [{**asdict(e), "equipment": list(e.equipment)} for e in entrants],
        # A rule set that leaves nothing to chance fights the same bout every time: one is all.
        "bouts": ODDS_CAP if ruleset(ruleset_slug).rolls_dice else 1,
        "batch": ODDS_BATCH,
        "scope": scope,
    }
    if content:
        terms["content"] = content
    if picks:
        terms["picks"] = [list(p) for p in picks]
    return terms


def _campaign_content(campaign: Campaign) -> dict[str, list[Any]]:
    """The GM content the campaign's bouts are built with (none for most rule sets)."""
    return content_documents(campaign) if content_kinds(campaign) else {}


def _send(row: BoutOdds) -> None:
    transaction.on_commit(lambda: enqueue_odds(row.pk))


def _odds_for(
    terms: dict[str, Any],
    *,
    campaign: Campaign,
    bout: Bout | None = None,
    asker: Any = None,
    before_new: Callable[[], None] | None = None,
) -> BoutOdds:
    """The odds of these terms: done, being simulated (the asker joins that job), or sent to
    the worker now. One row per question (`key` is unique, so two asking at once get one row
    and one job); a question cancelled earlier is sent again from where it stopped.
    `before_new` runs before a new job is sent (the preview's rate limit)."""
    key = digest(terms)
    known = BoutOdds.objects.filter(key=key).first()
    if known is not None and known.status != BoutOdds.Status.CANCELLED:
        return known
    if before_new is not None:
        before_new()
    now = timezone.now()
    row, created = BoutOdds.objects.get_or_create(
        key=key,
        defaults={
            "terms": terms,
            "campaign": campaign,
            "bout": bout,
            "asker": asker,
            "sent_at": now,
        },
    )
    if created:
        _send(row)
        return row
    # A conditional update: of two asking again at once, one reopens it and sends it.
    reopened = BoutOdds.objects.filter(pk=row.pk, status=BoutOdds.Status.CANCELLED).update(
        status=BoutOdds.Status.PENDING, message="", claim="", sent_at=now, finished_at=None
    )
    if reopened:
        _send(row)
    row.refresh_from_db()
    return row


def odds_request(*, bout: Bout) -> BoutOdds | None:
    """The odds of a bout not fought yet; None for a decided bout or one with fewer than two
    entrants. A bout has one question at a time: when an entry or a pick changes it, the job
    of the question before is cancelled."""
    if bout.status not in BEFORE_THE_FIGHT or bout.entrants.count() < 2:
        return None
    entrants = bout.entrants.select_related("gladiator").prefetch_related("gladiator__holdings")
    specs = [entrant_spec(e) for e in entrants.order_by("id")]
    terms = odds_terms(
        ruleset_slug=bout.ruleset,
        options=bout.options,
        entrants=specs,
        scope={"bout": bout.pk},
        content=_campaign_content(bout.campaign),
        picks=bout.picks or (),
    )
    row = _odds_for(terms, campaign=bout.campaign, bout=bout)
    _cancel(BoutOdds.objects.filter(bout=bout).exclude(pk=row.pk), "The bout changed since.")
    return row


def odds_preview(
    *, campaign: Campaign, by: Any, gladiators: Sequence[Gladiator], options: dict[str, Any]
) -> BoutOdds | None:
    """The odds of a bout the GM is about to schedule (the schedule form): these gladiators of
    the campaign with these checked options; None for fewer than two. Each GM's questions are
    their own, and a new one counts against their previews a minute (TooManyPreviews)."""
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
        scope={"campaign": campaign.pk, "asker": by.pk},
        content=_campaign_content(campaign),
    )
    return _odds_for(
        terms, campaign=campaign, asker=by, before_new=lambda: preview_allowance(user=by)
    )


def odds_pair_ask(
    *,
    campaign: Campaign,
    by: Any,
    pairs: Sequence[tuple[Gladiator, Gladiator]],
    options: dict[str, Any],
) -> list[BoutOdds]:
    """The odds of several two-gladiator line-ups asked by one person at once (the fair-fight
    finder, arena/odds/fair_fight.py): the same questions as their previews (scope: the campaign
    and the asker), the new ones counted together against the asker's previews a minute, so
    either all are sent or none (TooManyPreviews)."""
    content = _campaign_content(campaign)
    asked = [
        odds_terms(
            ruleset_slug=campaign.ruleset,
            options=options,
            entrants=[gladiator_spec(g) for g in pair],
            scope={"campaign": campaign.pk, "asker": by.pk},
            content=content,
        )
        for pair in pairs
    ]
    known = set(
        BoutOdds.objects.filter(key__in=[digest(t) for t in asked])
        .exclude(status=BoutOdds.Status.CANCELLED)
        .values_list("key", flat=True)
    )
    new = sum(digest(t) not in known for t in asked)
    if new:
        preview_allowance(user=by, count=new)
    return [_odds_for(terms, campaign=campaign, asker=by) for terms in asked]


def preview_allowance(*, user: Any, count: int = 1, what: str = "odds") -> None:
    """Count `count` new simulations for this user in the current window (which starts at
    their first); past LUDUS_LIMITS' odds_previews_per_minute, take them back and refuse in
    words. Odds and what-ifs (`what`, arena/whatif/) share the allowance: one worker runs both.
    add and incr are atomic in Redis, so parallel requests are counted in full (as the
    sign-in lockout's)."""
    allowed = settings.LUDUS_LIMITS["odds_previews_per_minute"]
    key = f"odds-previews:{user.pk}"
    cache.add(f"{key}:start", time.time(), timeout=PREVIEW_WINDOW_SECONDS)
    cache.add(key, 0, timeout=PREVIEW_WINDOW_SECONDS)
    try:
        asked = cache.incr(key, count)
    except ValueError:  # the window ended between add and incr: this one opens a new one
        cache.set(key, count, timeout=PREVIEW_WINDOW_SECONDS)
        asked = count
    if asked <= allowed:
        return
    if count > 1:  # a refused batch is not counted: none of it is sent
        with contextlib.suppress(ValueError):  # the window ended meanwhile
            cache.decr(key, count)
    started = cache.get(f"{key}:start", time.time())
    wait = max(1, math.ceil(started + PREVIEW_WINDOW_SECONDS - time.time()))
    seconds = f"{wait} second{'s' if wait != 1 else ''}"
    if what != "odds":
        raise TooManyPreviews(
            f"You asked the worker for {allowed} new simulations in the last minute (odds and "
            f"{what} together), as many as it runs for one person. Try again in {seconds}.",
            wait=wait,
        )
    if count > 1:
        raise TooManyPreviews(
            f"These are {count} new line-ups to simulate, and the worker simulates {allowed} a "
            f"minute for one person (counting the odds you asked for in the last minute). Try "
            f"again in {seconds}.",
            wait=wait,
        )
    raise TooManyPreviews(
        f"You asked for the odds of {allowed} new line-ups in the last minute, as many as the "
        f"worker simulates for one person. Try again in {seconds}; the bout can be scheduled "
        "meanwhile.",
        wait=wait,
    )


def odds_seed(key: str) -> int:
    """The simulations' seed: 48 bits of the terms' digest (public, unlike the bout's)."""
    return int(key[:12], 16)


def _cancel(rows: Any, message: str) -> int:
    return rows.filter(status__in=BoutOdds.IN_FLIGHT).update(
        status=BoutOdds.Status.CANCELLED, message=message, finished_at=timezone.now()
    )


def odds_cancel(*, bouts: Sequence[int]) -> int:
    """The bouts started, were fought or called off: their odds jobs stop (a waiting one is
    never simulated; a running one stops after its batch). Returns the jobs cancelled."""
    return _cancel(BoutOdds.objects.filter(bout_id__in=bouts), "The bout is under way.")


def odds_simulation(terms: dict[str, Any]) -> tuple[Any, list[Entrant], Any]:
    """The rule set, the entrants and the campaign adapter the terms were asked with."""
    rules = ruleset(terms["ruleset"])
    if rules.version != terms["version"]:
        raise ValueError(f"the rules are now version {rules.version}")
    entrants = [Entrant(**{**e, "equipment": tuple(e["equipment"])}) for e in terms["entrants"]]
    # The same adapter the real bout's input comes from: with the campaign's content.
    adapter = rules.campaign
    if terms.get("content"):
        adapter = adapter.with_content(terms["content"])
    return rules, entrants, adapter


def odds_compute(*, odds_id: int) -> BoutOdds | None:
    """Simulate a waiting question batch by batch, storing the figures after each, until they
    are settled (every chance to win within 2 points) or the cap. Holds no transaction or lock
    while it fights: the row is claimed by a conditional update, and each batch is stored only
    while this claim holds and nobody cancelled it (a running job stops between batches).
    Continues from the bouts a lost worker stored. None when there was nothing to do."""
    claim = uuid.uuid4().hex
    claimed = BoutOdds.objects.filter(pk=odds_id, status=BoutOdds.Status.PENDING).update(
        status=BoutOdds.Status.RUNNING, claim=claim, heartbeat_at=timezone.now()
    )
    if not claimed:
        return None  # done, cancelled, or another worker's
    row = BoutOdds.objects.select_related("bout").get(pk=odds_id)
    if row.bout is not None and row.bout.status not in BEFORE_THE_FIGHT:
        _cancel(BoutOdds.objects.filter(pk=row.pk, claim=claim), "The bout is under way.")
        row.refresh_from_db()
        return row
    terms = row.terms
    try:
        rules, entrants, adapter = odds_simulation(terms)
        odds = [Odds.from_dict(o) for o in row.odds] or [Odds(e.name, 0, 0, 0) for e in entrants]
        while True:
            done = odds[0].bouts
            batch = fight_odds(
                rules,
                entrants,
                terms["options"],
                bouts=min(terms["batch"], terms["bouts"] - done),
                start=done,
                seed=odds_seed(row.key),
                adapter=adapter,
                picks=terms.get("picks", ()),
            )
            odds = [sofar + more for sofar, more in zip(odds, batch, strict=True)]
            finished = settled(odds) or odds[0].bouts >= terms["bouts"]
            if not _store(row.pk, claim, odds, finished=finished):
                return None  # cancelled (or taken over after a stall): stop here
            if finished:
                break
    except Exception as error:  # say so on the page rather than leave it pending
        log.exception("odds %s", row.pk)
        BoutOdds.objects.filter(pk=row.pk, claim=claim, status=BoutOdds.Status.RUNNING).update(
            status=BoutOdds.Status.FAILED,
            message=str(error) or repr(error),
            finished_at=timezone.now(),
        )
    row.refresh_from_db()
    return row


def _store(odds_id: int, claim: str, odds: list[Odds], *, finished: bool) -> bool:
    """Store a batch's figures if the job is still ours and its bout still to be fought."""
    now = timezone.now()
    fields: dict[str, Any] = {"odds": [o.to_dict() for o in odds], "heartbeat_at": now}
    if finished:
        fields.update(status=BoutOdds.Status.DONE, finished_at=now)
    before_the_fight = Q(bout__isnull=True) | Q(bout__status__in=BEFORE_THE_FIGHT)
    mine = BoutOdds.objects.filter(
        before_the_fight, pk=odds_id, claim=claim, status=BoutOdds.Status.RUNNING
    )
    return bool(mine.update(**fields))


def odds_sweep(*, now: datetime | None = None) -> int:
    """Beat's safety net: a job whose worker stopped storing batches goes back to waiting, and
    a waiting job whose message is older than ODDS_STALE is sent again (it resumes from the
    bouts stored). Returns the jobs sent."""
    now = now or timezone.now()
    stale = now - ODDS_STALE
    BoutOdds.objects.filter(status=BoutOdds.Status.RUNNING, heartbeat_at__lt=stale).update(
        status=BoutOdds.Status.PENDING, claim="", sent_at=None
    )
    with transaction.atomic():
        lost = list(
            BoutOdds.objects.select_for_update(skip_locked=True)
            .filter(Q(sent_at__isnull=True) | Q(sent_at__lt=stale), status=BoutOdds.Status.PENDING)
            .order_by("pk")[:100]
        )
        BoutOdds.objects.filter(pk__in=[r.pk for r in lost]).update(sent_at=now)
        for row in lost:
            _send(row)
    return len(lost)


@dataclass(frozen=True)
class OddsLine:
    name: str
    win: int  # percent
    chance: str  # "71% ± 2%", or in words when it won all or none: no interval at the ends
    death: int  # percent
    every_bout: str  # when every simulated bout ended the same way: "wins and lives"
    won: bool  # in every bout (only read when they all ended the same way)
    died: bool


def _chance(o: Odds) -> str:
    if o.wins == o.bouts:
        return f"wins all {o.bouts}"
    if o.wins == 0:
        return f"wins none of the {o.bouts}"
    margin = o.win_margin
    points = f"{margin * 100:.1f}" if margin < 0.01 else f"{margin * 100:.0f}"
    return f"{round(o.win * 100)}% ± {points}%"


def odds_lines(row: BoutOdds) -> list[OddsLine]:
    """ "Brutus 71% ± 2%, dies in 9%" for each entrant ("wins all 400" where it won every one:
    an interval is never drawn around what the sample never saw otherwise); when every
    simulated bout ended the same way, what happened to each in all of them, in words."""
    lines = []
    for data in row.odds:
        o = Odds.from_dict(data)
        won = "wins" if o.wins else "does not win"
        fate = "dies" if o.deaths else "lives"
        lines.append(
            OddsLine(
                o.name, round(o.win * 100), _chance(o), round(o.death * 100), f"{won} and {fate}",
                won=bool(o.wins), died=bool(o.deaths),
            )
        )  # fmt: skip
    return lines


def odds_unanimous(row: BoutOdds) -> bool:
    """Whether every simulated bout of a finished question ended the same way."""
    return row.status == BoutOdds.Status.DONE and unanimous([Odds.from_dict(o) for o in row.odds])


def odds_certain(row: BoutOdds) -> bool:
    """Whether the finished odds are of a rule set that leaves nothing to chance: the one bout
    fought is what will happen."""
    return row.status == BoutOdds.Status.DONE and row.terms.get("bouts") == 1


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def odds_words(row: BoutOdds) -> dict[str, str]:
    """What finished odds say in sentences: for a bout whose outcome is certain, who wins
    ("with both fighting by their tactics, Marcus always wins"); for any odds in which a winner
    always dies, why that is no contradiction (the rule set's own words)."""
    lines = odds_lines(row) if row.status == BoutOdds.Status.DONE else []
    words = {"certain": "", "winner_falls": ""}
    if not lines:
        return words
    adapter = ruleset(row.terms["ruleset"]).campaign
    if odds_unanimous(row) and any(line.won and line.died for line in lines):
        words["winner_falls"] = adapter.winner_falls
    if odds_certain(row):
        fighting = "both" if len(lines) == 2 else f"all {len(lines)}"
        winners = [line.name for line in lines if line.won]
        happens = (
            f"{_names(winners)} always win{'s' if len(winners) == 1 else ''}"
            if winners
            else "nobody ever wins"
        )
        words["certain"] = (
            f"{ruleset(row.terms['ruleset']).title} leaves nothing to chance: with {fighting} "
            f"fighting by their tactics, {happens}."
        )
    return words
