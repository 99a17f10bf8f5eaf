"""Load the demo campaigns once. A second run changes nothing, so edits made in between survive.

The demo shows a campaign in full swing: seven weeks of history fought by the real engine
(deaths, a mercy granted, veterans who levelled up and shopped), and bouts still to come; a
Gladiator Arena campaign played by web; and a Sudden Destruction campaign of war machines with
a history of scheduled bouts and a four-machine bout by web taking orders; and an Arena of the
Elders campaign of champions with fought bouts and a capture-the-flag bout by web in progress;
and a Gladiator 101 campaign whose players are drafting feats from booster packs. A database
loaded before a campaign was added to the demo gets that campaign alone on the next run.
"""

from __future__ import annotations

import contextlib
import random
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule
from arena.chronicle.services import chronicle_draft, chronicle_publish
from arena.engine_io import bout_engine_input
from arena.gateway import play
from arena.models import Bout
from arena.play.services import (
    bout_enter,
    bout_finish_by_tactics,
    bout_open,
    bout_start,
    bout_turn_force,
    order_submit,
)
from arena.play.turns import state_loaded, turn_rules
from campaign.house_rules import house_rules_of
from campaign.models import Campaign, Membership
from campaign.services import campaign_create, campaign_house_rules_set, campaign_join
from campaign.shared.errors import LudusError
from characters.catalogue import advances_of, armoury
from characters.models import Gladiator, LedgerLine
from characters.pack_events import pack_event_create, pack_pick, pack_rules, seat_packs
from characters.pack_hands import hand
from characters.services import gladiator_adjust, gladiator_advance, gladiator_create
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

# Sudden Destruction: Roman siege engines, each with its own tactics settings.
ENGINES_NAME = "The Engines of Alesia"
ENGINES_SLUG = "the-engines-of-alesia"
MACHINE = "war-machine"
ENGINES = {
    "marcus": [
        ("Ballista", {"research": "firepower"}),
        ("Onager", {"research": "hull", "aggression": "cautious"}),
    ],
    "livia": [
        ("Scorpio", {"research": "speed"}),
        ("Polybolos", {"research": "firepower", "gamble": "bold"}),
    ],
    "quintus": [
        ("Aries", {"research": "hull"}),
        ("Testudo", {"aggression": "cautious"}),
    ],
}
ENGINE_RECRUITS = [
    "Carroballista", "Manuballista", "Arcuballista", "Lithobolos", "Oxybeles", "Gastraphetes",
    "Helepolis", "Sambuca", "Cheiroballistra", "Vinea", "Pluteus", "Musculus", "Catapulta",
    "Tormentum", "Palintonos", "Euthytonos", "Corvus", "Harpax",
]  # fmt: skip
ENGINE_RESEARCH = ["accuracy", "max_firepower", "range", "hit_points", "movement", "initiative"]
ENGINE_HISTORY = [2, 3, 2, 4, 2, 3, 2, 2, 3, 2]  # machines per bout, in order

# Arena of the Elders: each gladiator is one champion; teams of four filled by house champions.
ELDERS_NAME = "The Elders of Pompeii"
ELDERS_SLUG = "the-elders-of-pompeii"
# Gladiator 101: a gladiator of each player, each holding a booster pack, at a draft.
SCHOLA_NAME = "The Schola of Ravenna"
SCHOLA_SLUG = "the-schola-of-ravenna"
PUPILS = [("marcus", "Tiro"), ("livia", "Aemilia"), ("quintus", "Rufus")]
PACK = "booster-pack"

CHAMPIONS = {
    "marcus": [("Pyrrhus", "ignis"), ("Saxum", "brann"), ("Aquila", "kestrel")],
    "livia": [("Vipera", "nyx"), ("Nereis", "mira"), ("Cassandra", "ossa")],
    "quintus": [("Oceanus", "marew"), ("Ferox", "vorn")],
}
# Fought bouts: (mode, competitive, arena, the gladiators, Red first then in turn).
ELDERS_HISTORY = [
    ("deathmatch", False, "elders-ring", ["Pyrrhus", "Vipera"]),
    ("king", False, "drowned-steps", ["Saxum", "Oceanus", "Nereis", "Ferox"]),
    ("flag", False, "elders-ring", ["Aquila", "Cassandra"]),
    ("deathmatch", True, "drowned-steps", ["Vipera", "Pyrrhus", "Ferox", "Saxum"]),
    ("king", True, "elders-ring", ["Oceanus", "Aquila"]),
    ("deathmatch", False, "elders-ring", ["Nereis", "Ferox", "Cassandra", "Pyrrhus"]),
]

CAPUA_HOUSE_RULES = {
    "starting_purse": 200,
    "appearance_fee": 15,
    "loser_share": 0.3,
    "mercy": "spare",
}


class Command(BaseCommand):
    help = "Create the demo campaign (users gm, marcus, livia, quintus; password 'gladius')."

    def handle(self, *args, **options) -> None:
        loaded = Campaign.objects.filter(slug=DEMO_SLUG).exists()
        # Campaigns that joined the demo later: an older demo database gets each one missing.
        later = [
            (name, loader)
            for slug, name, loader in (
                (ENGINES_SLUG, ENGINES_NAME, self._load_engines),
                (ELDERS_SLUG, ELDERS_NAME, self._load_elders),
                (SCHOLA_SLUG, SCHOLA_NAME, self._load_schola),
            )
            if not Campaign.objects.filter(slug=slug).exists()
        ]
        if loaded and not later:
            self.stdout.write("Demo campaigns already loaded; left as they are.")
            return
        with transaction.atomic():
            before = set(Campaign.objects.values_list("pk", flat=True))
            if not loaded:
                self._load()
                self._load_forum_arena()
            for _, loader in later:
                loader()
            # Each campaign loaded now opens its chronicle with the story so far.
            for campaign in Campaign.objects.exclude(pk__in=before).order_by("pk"):
                self._chronicle(campaign)
        added = " and ".join(name for name, _ in later)
        self.stdout.write(
            self.style.SUCCESS("Demo campaigns loaded." if not loaded else f"{added} added.")
        )

    def _chronicle(self, campaign: Campaign) -> None:
        gm = campaign.memberships.get(role=Membership.Role.GM).user
        chronicle_publish(chronicle=chronicle_draft(campaign=campaign, by=gm), by=gm)

    def _demo_users(self) -> dict:
        """The demo's users; any missing is created with the demo password, the others are left
        as they are."""
        User = get_user_model()
        users = {}
        for name in ("gm", *ROSTER):
            user, created = User.objects.get_or_create(username=name)
            if created:
                user.set_password(DEMO_PASSWORD)
                user.is_staff = user.is_superuser = name == "gm"
                user.save()
            users[name] = user
        return users

    def _load_engines(self) -> None:
        """A Sudden Destruction campaign: ten scheduled bouts fought by the machines' tactics
        (destruction is death: the stables recruit), upgrades bought between them, and a
        four-machine bout by web in its third round, taking orders."""
        users = self._demo_users()
        gm = users["gm"]
        campaign = campaign_create(
            by=gm,
            name=ENGINES_NAME,
            ruleset="sudden-destruction",
            visibility=Campaign.Visibility.PUBLIC,
            description="Sudden Destruction: war machines on a chess board research their tech "
            "between shots, and one hit too many destroys them for good. Scheduled bouts are "
            "fought by each machine's tactics; the bout by web takes every player's secret plan "
            "for each round.",
        )
        for player in ROSTER:
            campaign_join(campaign=campaign, user=users[player], code=campaign.invite_code)
        now = timezone.now()
        start = now - timedelta(days=30)
        for owner, machines in ENGINES.items():
            for name, tactics in machines:
                g = gladiator_create(
                    campaign=campaign, by=users[owner], name=name, kind=MACHINE, tactics=tactics
                )
                Gladiator.objects.filter(pk=g.pk).update(created_at=start)
        recruits = (
            f"{name} {mark}".strip() for mark in ("", "II", "III", "IV") for name in ENGINE_RECRUITS
        )
        rng = random.Random(1987)
        for n, size in enumerate(ENGINE_HISTORY):
            active = list(
                Gladiator.objects.filter(campaign=campaign, status="active").order_by("pk")
            )
            if len(active) < size:
                break
            when = start + timedelta(days=1 + n * 2.5, hours=rng.randint(0, 5))
            bout = bout_schedule(
                campaign=campaign,
                by=gm,
                gladiators=rng.sample(active, size),
                scheduled_at=when,
                seed=rng.getrandbits(32),
            )
            bout_resolve(bout_id=bout.pk)
            Bout.objects.filter(pk=bout.pk).update(resolved_at=when)
            LedgerLine.objects.filter(bout=bout).update(created_at=when)
            Gladiator.objects.filter(died_in=bout).update(ended_at=when)
            self._upgrade(campaign, when + timedelta(hours=12))
            for player in ROSTER:  # destruction is death: a stable that runs thin recruits
                stable = Gladiator.objects.filter(campaign=campaign, owner=users[player])
                while stable.filter(status="active").count() < 2:
                    g = gladiator_create(
                        campaign=campaign, by=users[player], name=next(recruits), kind=MACHINE
                    )
                    Gladiator.objects.filter(pk=g.pk).update(created_at=when)
        # The bout by web: one machine of each stable and a second of marcus's, two rounds
        # fought, the third taking orders (livia's plan is in).
        bout = bout_open(
            campaign=campaign, by=gm, title="Four corners of Alesia", deadline_hours=24
        )
        entered = []
        for player in ("marcus", "livia", "quintus", "marcus"):
            g = (
                Gladiator.objects.filter(campaign=campaign, owner=users[player], status="active")
                .exclude(pk__in=[e.gladiator_id for e in entered])
                .order_by("pk")
                .first()
            )
            entered.append(bout_enter(bout=bout, gladiator=g, by=users[player]))
        bout_start(bout=bout, by=gm)
        for _ in range(2):
            current = Bout.objects.get(pk=bout.pk)
            bout_turn_force(bout=current, by=gm, turn=current.turn, reason="Demo: resolve now")
        bout = Bout.objects.get(pk=bout.pk)
        rules = turn_rules(bout.ruleset)
        state = state_loaded(rules, bout.state)
        livia = next(e for e in entered if e.gladiator.owner_id == users["livia"].pk)
        if bout.status == Bout.Status.RUNNING and livia.gladiator.name in rules.pending(state).who:
            plan = rules.order_json(rules.tactics(state, livia.gladiator.name))
            order_submit(entrant=livia, by=users["livia"], order=plan)

    def _load_schola(self) -> None:
        """A Gladiator 101 campaign: a gladiator of each player, each with a booster pack
        bought at the armoury with gold from the GM, seated at a draft in progress: Marcus
        and Livia have made the first pick, Quintus has still to make his."""
        users = self._demo_users()
        gm = users["gm"]
        campaign = campaign_create(
            by=gm,
            name=SCHOLA_NAME,
            ruleset="gladiator-101",
            visibility=Campaign.Visibility.PUBLIC,
            description="Gladiator 101: fights to the death, one against one, with feats "
            "drafted from booster packs by web. A draft is under way: pick from the pack in "
            "hand on the draft's page.",
        )
        seated = []
        for player, name in PUPILS:
            campaign_join(campaign=campaign, user=users[player], code=campaign.invite_code)
            g = gladiator_create(campaign=campaign, by=users[player], name=name, kind="gladiator")
            price = armoury(campaign.ruleset)[PACK]["price"]
            if g.gold < price:
                gladiator_adjust(
                    gladiator=g, currency="gold", amount=price - g.gold,
                    reason="the lanista's stake for a booster pack", by=gm,
                )  # fmt: skip
            item_buy(gladiator=g, item=PACK, by=users[player])
            g.refresh_from_db()
            seated.append(g)
        event = pack_event_create(
            campaign=campaign, by=gm, kind="draft", gladiators=seated, pick_hours=48, seed=29
        )
        rules = pack_rules(campaign)
        packs = seat_packs(event, rules, len(seated))
        for seat, g in enumerate(seated[:2]):
            in_hand = hand(packs, {}, seat, 0)
            pack_pick(event=event, gladiator=g, card=in_hand[0], pick=0, by=g.owner)

    def _load_elders(self) -> None:
        """An Arena of the Elders campaign: champions owned by the three players, six scheduled
        bouts fought by the tactics (every mode, with house champions filling the teams), the
        experience spent on unlocking level-3 abilities and the gold on cosmetics, and a
        capture-the-flag bout by web of two against two, the preparation and three team turns
        fought, and one of the acting team's orders in."""
        users = self._demo_users()
        gm = users["gm"]
        campaign = campaign_create(
            by=gm,
            name=ELDERS_NAME,
            ruleset="arena-of-the-elders",
            visibility=Campaign.Visibility.PUBLIC,
            description="Arena of the Elders: two teams of four champions on a board of walls, "
            "water and high ground. Each gladiator is one champion; the arena's house champions "
            "fill the teams. Scheduled bouts are fought by tactics; by web, each team's players "
            "order their champions on their team's turn.",
        )
        for player in ROSTER:
            campaign_join(campaign=campaign, user=users[player], code=campaign.invite_code)
        start = timezone.now() - timedelta(days=20)
        champions = {}
        for owner, fighters in CHAMPIONS.items():
            for name, kind in fighters:
                g = gladiator_create(campaign=campaign, by=users[owner], name=name, kind=kind)
                Gladiator.objects.filter(pk=g.pk).update(created_at=start)
                champions[name] = g
        rng = random.Random(1900)
        for n, (mode, competitive, arena, names) in enumerate(ELDERS_HISTORY):
            when = start + timedelta(days=1 + n * 3, hours=rng.randint(0, 5))
            bout = bout_schedule(
                campaign=campaign,
                by=gm,
                gladiators=[champions[name] for name in names],
                teams=["Red", "Blue"] * (len(names) // 2),
                scheduled_at=when,
                seed=rng.getrandbits(32),
                options={"mode": mode, "competitive": competitive, "arena": arena},
            )
            bout_resolve(bout_id=bout.pk)
            Bout.objects.filter(pk=bout.pk).update(resolved_at=when)
            LedgerLine.objects.filter(bout=bout).update(created_at=when)
            self._master(campaign, when + timedelta(hours=12))
        # The bout by web: two against two for the flags, entered Red, Blue, Red, Blue.
        bout = bout_open(
            campaign=campaign,
            by=gm,
            title="Flags over the Elders' Ring",
            options={"mode": "flag"},
            deadline_hours=24,
        )
        entered = []
        for name in ("Pyrrhus", "Vipera", "Ferox", "Nereis"):
            g = champions[name]
            entered.append(bout_enter(bout=bout, gladiator=g, by=g.owner))
        bout_start(bout=bout, by=gm)
        for _ in range(4):  # the preparation and three team turns
            current = Bout.objects.get(pk=bout.pk)
            bout = bout_turn_force(
                bout=current, by=gm, turn=current.turn, reason="Demo: resolve now"
            )
            if bout.status != Bout.Status.RUNNING:
                break
        rules = turn_rules(bout.ruleset)
        state = state_loaded(rules, bout.state)
        waiting = rules.pending(state).who
        given = [e for e in entered if e.gladiator.name in waiting][:1]
        for entrant in given:  # one of the acting team's players has given an order
            order = rules.order_json(rules.tactics(state, entrant.gladiator.name))
            order_submit(entrant=entrant, by=entrant.gladiator.owner, order=order)

    def _master(self, campaign: Campaign, when) -> None:
        """Between bouts, owners unlock level-3 abilities with their experience (and take the
        new one into their bouts) and buy a cosmetic with their gold."""
        for g in Gladiator.objects.filter(campaign=campaign, status="active").select_related(
            "owner", "campaign"
        ):
            offered = [a for a in advances_of(g) if a.xp and a.xp <= g.xp and a.gold <= g.gold]
            if offered:
                g = gladiator_advance(gladiator=g, key=offered[0].key, by=g.owner)
                _, _, unlocked = offered[0].key.partition(":")
                choose = f"choose:{unlocked}"
                if any(a.key == choose for a in advances_of(g)):
                    g = gladiator_advance(gladiator=g, key=choose, by=g.owner)
            owned = set(g.holdings.values_list("item", flat=True))
            for item in ("banner", "war-paint", "elder-cloak"):
                if item not in owned:
                    with contextlib.suppress(LudusError):  # too poor: next time
                        item_buy(gladiator=g, item=item, by=g.owner)
                    break
            LedgerLine.objects.filter(gladiator=g, created_at__gt=when).update(created_at=when)

    def _upgrade(self, campaign: Campaign, when) -> None:
        """Between bouts, owners buy tech levels and an armour plate with what they have won."""
        for g in Gladiator.objects.filter(campaign=campaign, status="active").select_related(
            "owner", "campaign"
        ):
            for attribute in ENGINE_RESEARCH:
                offered = {a.key: a for a in advances_of(g)}
                advance = offered.get(attribute)
                if advance is not None and advance.xp <= g.xp and advance.gold <= g.gold:
                    g = gladiator_advance(gladiator=g, key=attribute, by=g.owner)
                    break
            if g.gold >= 40 and not g.holdings.exists():
                item_buy(gladiator=g, item="armour-plate", by=g.owner)
            LedgerLine.objects.filter(gladiator=g, created_at__gt=when).update(created_at=when)

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
                bout_finish_by_tactics(bout=bout, by=users["gm"], turn=1)
            else:
                for turn in (1, 2):
                    bout_turn_force(
                        bout=bout, by=users["gm"], turn=turn, reason="Demo: resolve now"
                    )

    def _load(self) -> None:
        User = get_user_model()
        users = {}
        for name in ("gm", *ROSTER):
            user, _ = User.objects.get_or_create(username=name)
            user.set_password(DEMO_PASSWORD)
            user.is_staff = user.is_superuser = name == "gm"
            user.email = f"{name}@example.org"  # `make run` writes their mail to .devdata/mail/
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
        # A GM who wants a season to last: a purse to shop with from the first day, a fee and a
        # loser's share so defeat still pays for a sword, and the Emperor spares who appeals.
        campaign_house_rules_set(campaign=campaign, by=gm, rules=CAPUA_HOUSE_RULES)
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
            seed = rng.getrandbits(32)
            if not mercy_shown:
                mercy_seed = self._seed_for_mercy(campaign, gm, pair, when)
                mercy_shown = mercy_seed is not None
                seed = seed if mercy_seed is None else mercy_seed
            bout = bout_schedule(
                campaign=campaign, by=gm, gladiators=pair, scheduled_at=when, seed=seed
            )
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
        # Tonight the crowd decides: the players vote on appeals in the bouts to come.
        campaign_house_rules_set(
            campaign=campaign, by=gm, rules={"mercy": "vote_players", "mercy_vote_seconds": 90}
        )
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
        # Half the stables fight cautiously: appealing for mercy whenever they may; and everyone
        # does where the house rule has the Emperor spare every appeal.
        spared = house_rules_of(campaign.options).mercy == "spare"
        tactics = {"appeal": "always"} if spared or len(name) % 2 else {}
        g = gladiator_create(campaign=campaign, by=owner, name=name, kind=kind, tactics=tactics)
        Gladiator.objects.filter(pk=g.pk).update(created_at=when)

    def _seed_for_mercy(self, campaign: Campaign, gm, pair, when) -> int | None:
        """A seed under which somebody appeals and is spared, to show mercy in the demo. It is
        found on a trial bout that is rolled back, so the real bout is scheduled with it: its
        commitment holds the seed it is fought with, and it passes its verification."""
        with transaction.atomic():
            trial = bout_schedule(campaign=campaign, by=gm, gladiators=pair, scheduled_at=when)
            engine_input = bout_engine_input(bout=trial)
            transaction.set_rollback(True)  # the trial, its commitment and its notice
        for seed in range(400):
            engine_input["seed"] = seed
            fates = {row["fate"] for row in play(engine_input)["result"]["standings"]}
            if "mercy" in fates:
                return seed
        return None

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
