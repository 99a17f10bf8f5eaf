"""What the demo lacks for the accessibility sweep, made through the real services: a knockout,
a Swiss season with its first round paired, two divisions whose seasons are over (the next
seasons' proposal), a bout awaiting its mercy verdict, an Arena of the
Elders bout in its pick phase with GM content, a balance lab run done, and a sealed event in
the demo's Gladiator 101 campaign (which has a draft running), and a what-if of a bout of
Capua that marcus asked and the worker fought."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule
from arena.engine import play
from arena.engine.core.mercy import VerdictNeeded
from arena.engine_io import bout_engine_input
from arena.lab.services import lab_chunk_run, lab_run_start
from arena.models import Bout, BoutEntrant, BoutWhatIf, Season
from arena.play.services import bout_enter, bout_open, bout_start
from arena.seasons.divisions import division_create
from arena.seasons.services import season_cancel, season_open, season_round_play
from arena.tournaments.services import tournament_create
from arena.whatif.services import what_if_ask, what_if_run
from campaign.content import content_upload
from campaign.models import Campaign
from characters.pack_events import pack_event_create
from characters.services import gladiator_adjust, gladiator_create, gladiator_tactics_set
from characters.shop import item_buy
from tests.engine.arena_of_the_elders.test_gm_content import EXAMPLE as ELDERS_CONTENT

CAPUA = "the-games-of-capua"
FORUM = "the-forum-arena"
ELDERS = "the-elders-of-pompeii"
SCHOLA = "the-schola-of-ravenna"


def sweep_world_add() -> None:
    users = {u.username: u for u in get_user_model().objects.all()}
    gm = users["gm"]
    capua = Campaign.objects.get(slug=CAPUA)
    _knockout(capua, gm, users)
    _season(capua, gm, users)
    _divisions(capua, gm, users)
    _bout_awaiting_verdict(capua, gm, users)
    _elders_picks_and_content(Campaign.objects.get(slug=ELDERS), gm, users)
    _lab_run_done(Campaign.objects.get(slug=FORUM), gm)
    _gladiator_101(gm, users)
    _what_if(capua, users["marcus"])


def _knockout(campaign: Campaign, gm, users) -> None:
    """Four new gladiators (the demo's are in bouts to come) in a knockout starting tomorrow."""
    names = [("Quartilla", "elf"), ("Rufilla", "dwarf"), ("Septima", "wizard"), ("Tertulla", "elf")]
    fighters = [
        gladiator_create(campaign=campaign, by=users[("marcus", "livia")[n % 2]], name=name, kind=k)
        for n, (name, k) in enumerate(names)
    ]
    tournament_create(
        campaign=campaign,
        by=gm,
        gladiators=fighters,
        starts_at=timezone.now() + timedelta(days=1),
        title="The Ides Knockout",
        seed=7,
    )


def _season(campaign: Campaign, gm, users) -> None:
    """Four more new gladiators in a Swiss season whose round one has just been paired."""
    names = [("Vibia", "elf"), ("Ulpia", "dwarf"), ("Valeria", "wizard"), ("Volumnia", "elf")]
    fighters = [
        gladiator_create(campaign=campaign, by=users[("marcus", "livia")[n % 2]], name=name, kind=k)
        for n, (name, k) in enumerate(names)
    ]
    season = season_open(
        campaign=campaign,
        by=gm,
        title="The Capuan League",
        format=Season.Format.SWISS,
        rounds=3,
        gladiators=fighters,
        first_round_at=timezone.now() + timedelta(days=1),
    )
    Season.objects.filter(pk=season.pk).update(next_round_at=timezone.now())
    season_round_play(season_id=season.pk)


def _divisions(campaign: Campaign, gm, users) -> None:
    """Division I and II, each with a season of two new gladiators called off before round
    one: the proposal moves one up and one down."""
    names = [("Aemilia", "elf"), ("Caecilia", "dwarf"), ("Cornelia", "wizard"), ("Fabia", "elf")]
    fighters = [
        gladiator_create(campaign=campaign, by=users[("marcus", "livia")[n % 2]], name=name, kind=k)
        for n, (name, k) in enumerate(names)
    ]
    for n, title in enumerate(("Division I", "Division II")):
        division = division_create(campaign=campaign, by=gm, name=title, moves=1)
        season = season_open(
            campaign=campaign,
            by=gm,
            title=f"The {title} games",
            format=Season.Format.ROUND_ROBIN,
            gladiators=fighters[n * 2 : n * 2 + 2],
            first_round_at=timezone.now() + timedelta(days=1),
            division=division,
        )
        season_cancel(season=season, by=gm)


def _bout_awaiting_verdict(campaign: Campaign, gm, users) -> None:
    """The demo's Capua decides appeals by the players' thumbs: a bout under a seed where one
    appeals, fought now, waits for their vote."""
    pair = [
        gladiator_create(campaign=campaign, by=users[owner], name=name, kind=kind)
        for owner, name, kind in (
            ("marcus", "Zosimus", "barbarian"),
            ("livia", "Philodamus", "elf"),
        )
    ]
    for gladiator in pair:
        gladiator_tactics_set(gladiator=gladiator, tactics={"appeal": "always"}, by=gladiator.owner)
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=pair,
        scheduled_at=timezone.now() - timedelta(seconds=1),
        title="Zosimus vs Philodamus: the crowd decides",
    )
    engine_input = bout_engine_input(bout=bout)
    for seed in range(400):
        engine_input["seed"] = seed
        try:
            play(engine_input)
        except VerdictNeeded:
            Bout.objects.filter(pk=bout.pk).update(seed=seed)
            break
    bout_resolve(bout_id=bout.pk)
    assert Bout.objects.get(pk=bout.pk).status == Bout.Status.VERDICT


def _elders_picks_and_content(campaign: Campaign, gm, users) -> None:
    """The GM's own champions and arenas, and a bout by web whose teams pick champions in turn:
    Red (marcus) picks first."""
    content_upload(campaign=campaign, by=gm, document=ELDERS_CONTENT)
    bout = bout_open(
        campaign=campaign, by=gm, title="The draft of champions", options={"picks": True}
    )
    for owner, name, kind, team in (("marcus", "Ignatius", "ignis", "Red"),
                                    ("livia", "Vornia", "vorn", "Blue")):  # fmt: skip
        gladiator = gladiator_create(campaign=campaign, by=users[owner], name=name, kind=kind)
        bout_enter(bout=bout, gladiator=gladiator, by=users[owner], team=team)


def _lab_run_done(campaign: Campaign, gm) -> None:
    """A small run of three Gladiator Arena builds, its chunks fought here as the worker would."""
    run = lab_run_start(
        campaign=campaign,
        by=gm,
        ruleset_slug="gladiator-arena",
        builds=["elf-bow", "halfling-catapult", "giant-sword"],
        bouts=40,
        seed=1234,
    )
    for index in range(-(-run.cells_total // run.chunk_cells)):
        lab_chunk_run(run_id=run.pk, index=index)


def _gladiator_101(gm, users) -> None:
    """The demo's Gladiator 101 campaign has a draft running; a sealed event over is added
    (marcus's and livia's second gladiators, each with two booster packs a patron paid for),
    and a bout by web between the two, taking orders."""
    campaign = Campaign.objects.get(slug=SCHOLA)
    seated = []
    for owner, name in (("marcus", "Attius"), ("livia", "Bassus")):
        gladiator = gladiator_create(
            campaign=campaign, by=users[owner], name=name, kind="gladiator"
        )
        gladiator_adjust(gladiator=gladiator, currency="gold", amount=80, reason="a patron", by=gm)
        for _ in range(2):
            item_buy(gladiator=gladiator, item="booster-pack", by=users[owner])
        seated.append(gladiator)
    pack_event_create(campaign=campaign, by=gm, kind="sealed", gladiators=seated, seed=3)
    # A bout by web between them, taking orders: the Gladiator 101 order page and its board.
    bout = bout_open(campaign=campaign, by=gm, title="First steps", deadline_hours=24)
    for gladiator in seated:
        bout_enter(bout=bout, gladiator=gladiator, by=gladiator.owner)
    bout_start(bout=bout, by=gm)


def _what_if(campaign: Campaign, marcus) -> None:
    """marcus asks what the campaign's first resolved bout (the one the sweep visits) would
    have been with his gladiator's other approach, and the worker's service fights it."""
    bout = Bout.objects.filter(campaign=campaign, status=Bout.Status.RESOLVED).order_by("pk")[0]
    entrant = BoutEntrant.objects.select_related("gladiator", "bout").get(
        bout=bout, gladiator__owner=marcus
    )
    approach = (
        "close"
        if entrant.gladiator.tactics.get("approach") == "keep_distance"
        else ("keep_distance")
    )
    row = what_if_ask(
        entrant=entrant,
        by=marcus,
        kind=BoutWhatIf.Kind.TACTICS,
        change={"tactics": {**entrant.gladiator.tactics, "approach": approach}},
    )
    what_if_run(what_if_id=row.pk)
