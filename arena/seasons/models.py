"""A season of a campaign, its entrants and its fixtures (docs/seasons.md). Imported by
arena/models.py, so they are the arena app's models and migrations."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models

# The bout's own modes (arena.models.Bout.Mode), named here as that module imports this one.
BOUT_MODES = [
    ("tactics", "Fought by tactics at its time"),
    ("orders", "Turn by turn, with secret orders (play-by-web)"),
]


class Division(models.Model):
    """A named tier of a campaign's leagues, ranked (1, Division I, is the top). Its seasons
    are played apart; between seasons the top of each lower division goes up and the bottom
    of each upper one down (arena/seasons/promotion.py, docs/seasons.md)."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="divisions"
    )
    name = models.CharField(max_length=60)
    rank = models.PositiveSmallIntegerField()  # 1 is the top division
    # How many change places with the division below it; None: as the GM asks for the
    # campaign when the next seasons are proposed.
    moves = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["rank"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "rank"], name="division_rank_once"),
            models.UniqueConstraint(fields=["campaign", "name"], name="division_name_once"),
        ]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    """A league over weeks: its format, entrants, calendar and points rule. The worker plays
    each round at `next_round_at`; the table is read from the fixtures and their bouts."""

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", "Round robin (everyone meets everyone once)"
        DOUBLE_ROUND_ROBIN = "double_rr", "Double round robin (twice, sides swapped)"
        SWISS = "swiss", "Swiss (paired by score, no rematch)"
        KNOCKOUT = "knockout", "Single elimination (one loss and out)"
        DOUBLE_ELIMINATION = "double_elim", "Double elimination (two losses and out)"
        GROUPS = "groups_ko", "Groups then knockout (round robin groups, the top into a bracket)"

    class Seeding(models.TextChoices):
        GIVEN = "given", "In the order given (the first is seed 1)"
        RANDOM = "random", "At random (seeded, so the draw can be redone)"
        STANDINGS = "standings", "By standings (most wins first)"
        RATING = "rating", "By rating (the highest first)"

    class Status(models.TextChoices):
        RUNNING = "running", "Running"
        PAUSED = "paused", "Paused"
        FINISHED = "finished", "Finished"
        CANCELLED = "cancelled", "Cancelled"

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="seasons"
    )
    # The tier it is played in, if the campaign has divisions.
    division = models.ForeignKey(
        Division, null=True, blank=True, on_delete=models.PROTECT, related_name="seasons"
    )
    title = models.CharField(max_length=120)
    format = models.CharField(max_length=12, choices=Format.choices)
    rounds = models.PositiveSmallIntegerField()
    # Groups then knockout: how many groups, and how many of each go into the bracket.
    groups = models.PositiveSmallIntegerField(null=True, blank=True)
    advance = models.PositiveSmallIntegerField(null=True, blank=True)
    first_round_at = models.DateTimeField()
    round_days = models.PositiveSmallIntegerField(default=7)
    # A bracket fought as one event: rounds this many minutes apart instead (0: each round as
    # soon as the one before is decided); None: `round_days` days apart.
    round_minutes = models.PositiveIntegerField(null=True, blank=True)
    # How the entrants were seeded; a random draw keeps its public seed, so anyone can redo it.
    seeding = models.CharField(max_length=10, choices=Seeding.choices, default=Seeding.GIVEN)
    seed = models.BigIntegerField(null=True, blank=True)
    points_win = models.PositiveSmallIntegerField(default=3)
    points_draw = models.PositiveSmallIntegerField(default=1)
    points_loss = models.PositiveSmallIntegerField(default=0)
    # Fought by tactics at the round's time, or turn by turn by web from the round's time.
    mode = models.CharField(max_length=10, choices=BOUT_MODES, default="tactics")
    # By web: hours each turn waits for orders (None: no deadline), as a bout's.
    deadline_hours = models.PositiveIntegerField(null=True, blank=True)
    # Bout options, as the rule set reads them, for every bout of the season.
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.RUNNING, db_index=True
    )
    rounds_played = models.PositiveSmallIntegerField(default=0)
    # When the next round is fought; None once every round has been.
    next_round_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # Since when the GM has paused it: on resume the calendar moves on by as long.
    paused_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # A knockout carried from the tournaments' own table keeps the id it had there, so its
    # tournament addresses still answer (docs/decisions/0098).
    old_tournament_id = models.PositiveIntegerField(null=True, blank=True, unique=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.title

    @property
    def round_spacing(self) -> timedelta:
        """How long after a round's time the next one is due."""
        if self.round_minutes is not None:
            return timedelta(minutes=self.round_minutes)
        return timedelta(days=self.round_days)

    @property
    def is_swiss(self) -> bool:
        return self.format == self.Format.SWISS

    @property
    def is_bracket(self) -> bool:
        """Whether its fixtures are a bracket's matches (arena/seasons/elimination.py)."""
        return self.format in BRACKET_FORMATS

    @property
    def is_groups(self) -> bool:
        return self.format == self.Format.GROUPS

    @property
    def has_bracket(self) -> bool:
        """Whether a bracket decides it: a bracket format, or groups then knockout."""
        return self.is_bracket or self.is_groups

    @property
    def pairs_when_due(self) -> bool:
        """Whether each round is paired when it is due, from the results before it."""
        return self.is_swiss or self.is_bracket


BRACKET_FORMATS = (Season.Format.KNOCKOUT, Season.Format.DOUBLE_ELIMINATION)


class SeasonEntry(models.Model):
    """A gladiator in a season, its seed (1 is the first), and its owner's withdrawal."""

    class Movement(models.TextChoices):
        """Where the GM's confirmed promotion sent it after the season (a division's)."""

        STAYED = "", "Stays"
        UP = "up", "Promoted"
        DOWN = "down", "Relegated"
        OUT = "out", "Drops out"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    gladiator = models.ForeignKey(
        "characters.Gladiator", on_delete=models.PROTECT, related_name="season_entries"
    )
    seed = models.PositiveSmallIntegerField()
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    # Groups then knockout: its group (1 first), and its seed in the knockout once it qualifies.
    group = models.PositiveSmallIntegerField(null=True, blank=True)
    knockout_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    movement = models.CharField(
        max_length=4, choices=Movement.choices, blank=True, default=Movement.STAYED
    )

    class Meta:
        ordering = ["seed"]
        constraints = [
            models.UniqueConstraint(fields=["season", "gladiator"], name="season_entry_once"),
            models.UniqueConstraint(fields=["season", "seed"], name="season_seed_once"),
        ]

    def __str__(self) -> str:
        return f"{self.gladiator} (seed {self.seed})"


class SeasonFixture(models.Model):
    """One pairing of one round: two entries (or one and a bye), and how it ended. A fixture
    fought as a bout takes its outcome from the bout when it is read (arena/seasons/results.py),
    so the table follows a resolve or a void at once; `outcome` holds the rest (a bye, a
    forfeit, no result)."""

    class Outcome(models.TextChoices):
        PENDING = "", "To be fought"
        FIRST = "first", "The first side won"
        SECOND = "second", "The second side won"
        DRAW = "draw", "A draw"
        BYE = "bye", "A bye (scores as a win)"
        NONE = "none", "No result"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="fixtures")
    round = models.PositiveSmallIntegerField()  # 1 is the first round
    board = models.PositiveSmallIntegerField()  # 1 is the top pairing of the round
    first = models.ForeignKey(SeasonEntry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(
        SeasonEntry, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    bout = models.OneToOneField(
        "arena.Bout", null=True, blank=True, on_delete=models.SET_NULL, related_name="fixture"
    )
    outcome = models.CharField(
        max_length=6, choices=Outcome.choices, blank=True, default=Outcome.PENDING
    )
    # Why it was not fought ("Aulus is dead"): a forfeit, or why there is no result.
    forfeit = models.CharField(max_length=200, blank=True)
    # A bracket's match ("W1.2", "L3.1", "GF"; arena/seasons/elimination.py); "" in a league.
    match = models.CharField(max_length=8, blank=True)
    # Put off while a player is on vacation and the campaign's policy waits (record 0096):
    # played at the first round call from `postponed_until` on; both cleared once it is.
    postponed_until = models.DateTimeField(null=True, blank=True)
    postponed = models.CharField(max_length=200, blank=True)  # "rival is on vacation until ..."

    class Meta:
        ordering = ["round", "board"]
        constraints = [
            models.UniqueConstraint(fields=["season", "round", "board"], name="fixture_board"),
            models.UniqueConstraint(fields=["season", "round", "first"], name="fixture_first"),
        ]

    def __str__(self) -> str:
        return f"round {self.round} board {self.board} of {self.season}"
