"""Load the demo campaign once. A second run changes nothing, so edits made in between survive.

The demo shows a campaign in full swing: seven weeks of history fought by the real engine
(deaths, a mercy granted, veterans who levelled up and shopped), and bouts still to come.
"""

from __future__ import annotations

import random
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from arena.engine import play
from arena.engine_io import bout_engine_input
from arena.models import Bout
from arena.play_by_web import (
    bout_enter,
    bout_finish_by_tactics,
    bout_open,
    bout_start,
    bout_turn_force,
)
from arena.services import bout_resolve, bout_schedule
from campaign.errors import LudusError
from campaign.models import Campaign
from campaign.services import campaign_create, campaign_join
from characters.catalogue import advances_of
from characters.models import Gladiator, LedgerLine
from characters.services import gladiator_advance, gladiator_create
from characters.shop import item_buy

DEMO_SLUG = "the-games-of-capua"
DEMO_PASSWORD = "gladius"
ROSTER = {
    "marcus": [("Brutus", "barbarian"), ("Felix", "dwarf"), ("Gnaeus", "orc"), ("Varro", "fimir")],
    "livia": [
        ("Nox", "elf"),
        ("Aurelia", "wizard"),
        ("Crixus", "barbarian"),
        ("Oenomaus", "dwarf"),
    ],
    "quintus": [("Spiculus", "chaos_warrior"), ("Priscus", "barbarian"), ("Tetraites", "orc")],
}
RECRUITS = [
    ("Flamma", "barbarian"), ("Carpophorus", "elf"), ("Verus", "dwarf"), ("Hermes", "orc"),
    ("Marcus Attilius", "barbarian"), ("Triumphus", "fimir"), ("Celadus", "elf"),
    ("Amazonia", "wizard"), ("Tigris", "goblin"), ("Hilarus", "dwarf"), ("Columbus", "orc"),
    ("Pugnax", "barbarian"), ("Syrus", "gargoyle"), ("Ursius", "dwarf"),
]  # fmt: skip
HISTORY_BOUTS = 40
SHOPPING_LIST = ["helmet", "shield", "healing_potion", "chain_mail", "longsword"]


class Command(BaseCommand):
    help = "Create the demo campaign (users gm, marcus, livia, quintus; password 'gladius')."

    def handle(self, *args, **options) -> None:
        if Campaign.objects.filter(slug=DEMO_SLUG).exists():
            self.stdout.write("Demo campaigns already loaded; left as they are.")
            return
        with transaction.atomic():
            self._load()
            self._load_forum_arena()
        self.stdout.write(self.style.SUCCESS("Demo campaigns loaded."))

    def _load_forum_arena(self) -> None:
        """A Gladiator Arena campaign played by web: one bout fought, one taking orders."""
        User = get_user_model()
        users = {u.username: u for u in User.objects.filter(username__in=["gm", *ROSTER])}
        campaign = campaign_create(
            by=users["gm"],
            name="The Forum Arena",
            ruleset="gladiator-arena",
            visibility=Campaign.Visibility.PUBLIC,
            description="Gladiator Arena 0.75, played by web: every turn each owner gives a "
            "secret order; the turn resolves when all are in, or after 24 hours.",
        )
        for player in ROSTER:
            campaign_join(campaign=campaign, user=users[player], code=campaign.invite_code)
        bouts = {
            # A bout already fought (by tactics), and one taking orders on its third turn.
            "The first games": {
                "Spartacus": ("marcus", "giant", "A1"),
                "Oenomaus": ("livia", "elf", "H8"),
            },
            "Three in the ring": {
                "Kaunisto": ("marcus", "human", "D4"),
                "Justbec": ("livia", "dwarf", "E5"),
                "Pippin": ("quintus", "halfling", "B7"),
            },
        }
        for title, fighters in bouts.items():
            bout = bout_open(campaign=campaign, by=users["gm"], title=title, deadline_hours=24)
            for name, (owner, race, square) in fighters.items():
                g = gladiator_create(campaign=campaign, by=users[owner], name=name, kind=race)
                bout_enter(bout=bout, gladiator=g, by=users[owner], square=square)
            bout_start(bout=bout, by=users["gm"])
            if len(fighters) == 2:
                bout_finish_by_tactics(bout=bout, by=users["gm"])
            else:
                for _ in range(2):
                    bout_turn_force(bout=Bout.objects.get(pk=bout.pk), by=users["gm"])

    def _load(self) -> None:
        User = get_user_model()
        users = {}
        for name in ("gm", *ROSTER):
            user, _ = User.objects.get_or_create(username=name)
            user.set_password(DEMO_PASSWORD)
            user.is_staff = user.is_superuser = name == "gm"
            user.save()
            users[name] = user
        gm = users["gm"]
        campaign = campaign_create(
            by=gm,
            name="The Games of Capua",
            ruleset="gladiatorquest",
            visibility=Campaign.Visibility.PUBLIC,
            description="The ludus of Batiatus sends its finest to the sands. A demo campaign: "
            "log in as gm, marcus, livia or quintus (password 'gladius').",
        )
        now = timezone.now()
        start = now - timedelta(days=50)
        for player in ROSTER:
            campaign_join(campaign=campaign, user=users[player], code=campaign.invite_code)
        for owner, fighters in ROSTER.items():
            for name, kind in fighters:
                self._recruit(campaign, users[owner], name, kind, start)
        rng = random.Random(2026)
        recruits = (
            (name if n < len(RECRUITS) else f"{name} {n // len(RECRUITS) + 1}", kind)
            for n, (name, kind) in enumerate(RECRUITS * 10)
        )
        mercy_shown = False
        for n in range(HISTORY_BOUTS):
            active = list(Gladiator.objects.filter(campaign=campaign, status="active"))
            if len(active) < 2:
                break
            pair = rng.sample(active, 2)
            when = start + timedelta(days=1 + n * 48 / HISTORY_BOUTS, hours=rng.randint(0, 5))
            bout = bout_schedule(
                campaign=campaign,
                by=gm,
                gladiators=pair,
                scheduled_at=when,
                seed=rng.getrandbits(32),
            )
            if not mercy_shown:
                mercy_shown = self._seed_for_mercy(bout)
            bout_resolve(bout_id=bout.pk)
            # History happened on its day: date the payout and the result like the bout.
            Bout.objects.filter(pk=bout.pk).update(resolved_at=when)
            LedgerLine.objects.filter(bout=bout).update(created_at=when)
            Gladiator.objects.filter(died_in=bout).update(ended_at=when)
            self._spend(campaign, when + timedelta(hours=12))
            for player in ROSTER:  # a stable that runs thin recruits
                stable = Gladiator.objects.filter(campaign=campaign, owner=users[player])
                if stable.filter(status="active").count() < 2:
                    self._recruit(campaign, users[player], *next(recruits), when)
        active = list(Gladiator.objects.filter(campaign=campaign, status="active").order_by("name"))
        if len(active) >= 2:
            bout_schedule(
                campaign=campaign,
                by=gm,
                gladiators=active[:2],
                scheduled_at=now + timedelta(minutes=2),
                title=f"{active[0].name} vs {active[1].name}: tonight's main event",
            )
        if len(active) >= 4:
            bout_schedule(
                campaign=campaign,
                by=gm,
                gladiators=active[2:4],
                scheduled_at=now + timedelta(days=1),
            )

    def _recruit(self, campaign: Campaign, owner, name: str, kind: str, when) -> None:
        # Half the stables fight cautiously: appealing for mercy whenever they may.
        tactics = {"appeal": "always"} if len(name) % 2 else {}
        g = gladiator_create(campaign=campaign, by=owner, name=name, kind=kind, tactics=tactics)
        Gladiator.objects.filter(pk=g.pk).update(created_at=when)

    def _seed_for_mercy(self, bout: Bout) -> bool:
        """Pick a seed under which somebody appeals and is spared, to show mercy in the demo."""
        engine_input = bout_engine_input(bout=bout)
        for seed in range(400):
            engine_input["seed"] = seed
            fates = {row["fate"] for row in play(engine_input)["result"]["standings"]}
            if "mercy" in fates:
                Bout.objects.filter(pk=bout.pk).update(seed=seed)
                return True
        return False

    def _spend(self, campaign: Campaign, when) -> None:
        """Between fights, owners level up and buy what they can afford."""
        for g in Gladiator.objects.filter(campaign=campaign, status="active").select_related(
            "owner", "campaign"
        ):
            while True:
                affordable = [a for a in advances_of(g) if a.xp <= g.xp and a.gold <= g.gold]
                choice = next(
                    (a for a in affordable if a.key == ("attack", "body")[g.level % 2]), None
                )
                if choice is None:
                    break
                g = gladiator_advance(gladiator=g, key=choice.key, by=g.owner)
                LedgerLine.objects.filter(
                    gladiator=g, cause__in=["level_up", "advance"], created_at__gt=when
                ).update(created_at=when)
            owned = set(g.holdings.values_list("item", flat=True))
            for item in SHOPPING_LIST:
                if item in owned:
                    continue
                try:
                    item_buy(gladiator=g, item=item, by=g.owner)
                except LudusError:  # too poor, or the type may not use it: skip, as a player would
                    continue
                LedgerLine.objects.filter(
                    gladiator=g, cause="purchase", created_at__gt=when
                ).update(created_at=when)
                break
