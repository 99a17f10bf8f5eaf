from __future__ import annotations

from functools import cached_property

from django.conf import settings
from django.db import models

from arena.gateway import StepWord
from arena.play.turns import step_of


class Bout(models.Model):
    """A fight between gladiators, resolved by the engine at its due time."""

    MAX_ENTRANTS = 8

    class Status(models.TextChoices):
        OPEN = "open", "Open for entries"
        SCHEDULED = "scheduled", "Scheduled"
        RUNNING = "running", "In progress"
        # Stopped at an appeal for mercy that the campaign decides by a vote
        # (arena/mercy/services.py).
        VERDICT = "verdict", "Awaiting the mercy verdict"
        RESOLVED = "resolved", "Resolved"
        CANCELLED = "cancelled", "Cancelled"
        FAILED = "failed", "Failed"
        # Fought, then declared void by the GM: its payouts reversed, its log kept.
        VOIDED = "voided", "Voided"

    class Mode(models.TextChoices):
        TACTICS = "tactics", "Fought by tactics at its time"
        ORDERS = "orders", "Turn by turn, with secret orders (play-by-web)"

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="bouts"
    )
    title = models.CharField(max_length=120, blank=True)
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.TACTICS)
    # Play-by-web: the turn whose orders are being collected, and when it resolves regardless.
    turn = models.PositiveIntegerField(default=0)
    turn_deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    deadline_hours = models.PositiveIntegerField(
        null=True, blank=True, help_text="Hours each turn waits for orders; empty: no deadline."
    )
    ruleset = models.CharField(max_length=40)
    ruleset_version = models.CharField(max_length=20, blank=True)
    options = models.JSONField(default=dict, blank=True)
    # The pick phase's picks, [team, champion] in order (a rule set whose bout uses picks).
    picks = models.JSONField(default=list, blank=True)
    seed = models.BigIntegerField()
    scheduled_at = models.DateTimeField(db_index=True)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.SCHEDULED, db_index=True
    )
    # When a resolve message was sent for it (None: the sweeper will send one when it comes due).
    enqueued_at = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    # The engine's input and output, kept whole so the bout can be replayed and verified.
    engine_input = models.JSONField(null=True, blank=True)
    log = models.JSONField(null=True, blank=True)
    # Play-by-web: the rule set's state after the last resolved turn, and its dice, so the next
    # turn resolves from it instead of replaying the bout from turn 1.
    state = models.JSONField(null=True, blank=True)
    winner = models.CharField(max_length=120, blank=True)
    failure = models.TextField(blank=True)
    # Verification (docs/verification.md). `terms` is what the bout promises when it is
    # scheduled (or opened): seed, a random nonce, rule set, its version, mode and options; it
    # stays secret until the bout is decided, while `commitment`, its SHA-256 in canonical
    # JSON, is public from the start. Empty: the bout was scheduled before commitments existed.
    terms = models.JSONField(null=True, blank=True)
    commitment = models.CharField(max_length=64, blank=True)
    # SHA-256 (canonical JSON) of the engine input and the log, taken when they were stored.
    input_digest = models.CharField(max_length=64, blank=True)
    log_digest = models.CharField(max_length=64, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # A voided bout: who declared it void, when and why (arena/bouts/void.py). The audit trail has
    # the same; these show it on the bout's page.
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    void_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-scheduled_at", "-id"]
        indexes = [models.Index(fields=["campaign", "-scheduled_at"], name="bout_history")]

    def __str__(self) -> str:
        return self.title or f"Bout {self.pk}"

    @cached_property  # asked a dozen times by one bout page
    def step(self) -> StepWord:
        """What its rule set calls a step, for pages and messages ("Round 3" where the rules
        play in rounds, "Turn 3" by default); the field, URLs and JSON say `turn` for all."""
        return step_of(self.ruleset)

    @property
    def is_void(self) -> bool:
        """Declared void by the GM (arena/bouts/void.py): it has no result."""
        return self.status == self.Status.VOIDED

    @property
    def is_pending(self) -> bool:
        """Not fought to its end yet, and fought by the worker (not turn by turn)."""
        return self.status in (self.Status.SCHEDULED, self.Status.VERDICT)


class BoutEntrant(models.Model):
    """A gladiator in a bout and, once resolved, how it fared."""

    class Fate(models.TextChoices):
        PENDING = "", "Not fought yet"
        # The values are the engine's core Fate values (arena/engine/core/protocol.py).
        SURVIVED = "survived", "Survived"
        DEFEATED = "defeated", "Defeated"
        KILLED = "killed", "Killed"
        MERCY = "mercy", "Granted mercy"
        WITHDREW = "withdrew", "Withdrew"

    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="entrants")
    gladiator = models.ForeignKey(
        "characters.Gladiator", on_delete=models.PROTECT, related_name="entries"
    )
    team = models.CharField(max_length=40, blank=True)
    start_square = models.CharField(max_length=4, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    fate = models.CharField(max_length=10, choices=Fate.choices, blank=True, default="")
    defeated = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["bout", "gladiator"], name="gladiator_once_per_bout")
        ]
        ordering = ["place", "id"]

    def __str__(self) -> str:
        return f"{self.gladiator} in {self.bout}"


class TurnOrder(models.Model):
    """A gladiator's secret order for one turn of a play-by-web bout.

    Nobody but the gladiator's owner sees it (not the GM, not the API) until its turn resolves;
    then the orders actually used are part of the bout's engine input and log.
    """

    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="orders")
    entrant = models.ForeignKey(BoutEntrant, on_delete=models.CASCADE, related_name="orders")
    turn = models.PositiveIntegerField()
    order = models.JSONField(help_text='The engine\'s form: {"move": "D5", "strike": ["E6"]}')
    standing = models.BooleanField(
        default=False, help_text="Repeat this order in later turns until it is changed."
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    submitted_at = models.DateTimeField(auto_now=True)
    # The sealed order (docs/verification.md): `receipt` is SHA-256 of the canonical
    # {bout, turn, gladiator, order, standing, salt}; public at once, while the order and its
    # random salt are revealed when the turn resolves. Empty: given before receipts existed.
    salt = models.CharField(max_length=32, blank=True)
    receipt = models.CharField(max_length=64, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["entrant", "turn"], name="one_order_per_turn")
        ]
        indexes = [models.Index(fields=["bout", "turn"], name="orders_of_turn")]

    def __str__(self) -> str:
        return f"turn {self.turn} order of {self.entrant}"


class BoutVerification(models.Model):
    """Somebody asked the worker to fight a decided bout again and compare it with the record."""

    class Outcome(models.TextChoices):
        PENDING = "pending", "Checking"
        MATCH = "match", "Everything matches"
        MISMATCH = "mismatch", "Something does not match"
        ERROR = "error", "The check could not run"

    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="verifications")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    requested_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=10, choices=Outcome.choices, default=Outcome.PENDING)
    # [{"check": "replay", "ok": true | false | null (not applicable), "detail": "..."}]
    checks = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-requested_at", "-id"]
        indexes = [models.Index(fields=["bout", "-requested_at"], name="verifications_of_bout")]

    def __str__(self) -> str:
        return f"verification {self.pk} of {self.bout_id}: {self.outcome}"


class MercyVote(models.Model):
    """An appeal for mercy put to a thumbs vote (the campaign's house rule): the bout waits
    until `closes_at` (or until everyone who may vote has voted), then the worker fights it
    on with the verdict, which goes into the bout's input and log with who cast each thumb."""

    class Voters(models.TextChoices):
        GM = "gm", "the game master"
        PLAYERS = "players", "the players"
        EVERYONE = "everyone", "everyone watching"

    class Verdict(models.TextChoices):
        OPEN = "", "Voting"
        SPARE = "spare", "Spared"
        KILL = "kill", "Condemned"
        DICE = "dice", "Left to the dice"

    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="mercy_votes")
    appeal = models.CharField(max_length=160)  # the engine's name for it: "turn 12: Brutus"
    gladiator = models.CharField(max_length=120)  # who appeals, as the bout names him
    voters = models.CharField(max_length=10, choices=Voters.choices)
    opened_at = models.DateTimeField(auto_now_add=True)
    closes_at = models.DateTimeField(db_index=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    verdict = models.CharField(max_length=5, choices=Verdict.choices, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["bout", "appeal"], name="one_vote_per_appeal")
        ]
        ordering = ["opened_at", "id"]

    def __str__(self) -> str:
        return f"mercy vote on {self.appeal} in {self.bout}"

    @property
    def is_open(self) -> bool:
        return self.closed_at is None


class MercyBallot(models.Model):
    """One person's thumb in a mercy vote; it may be turned until the vote closes."""

    vote = models.ForeignKey(MercyVote, on_delete=models.CASCADE, related_name="ballots")
    voter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    spare = models.BooleanField(help_text="Thumbs up: spare him; thumbs down: kill him.")
    cast_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["vote", "voter"], name="one_ballot_per_voter")
        ]

    def __str__(self) -> str:
        return f"{self.voter}: {'up' if self.spare else 'down'} on {self.vote}"


class LabRun(models.Model):
    """A balance lab simulation a GM asked for: builds of one rule set fought against each other
    by the worker, in chunks of cells (docs/lab.md). Everything a rerun needs to reproduce the
    figures exactly is stored: the rule set and its version, the builds, options, bouts per
    pairing and the seed."""

    MAX_BOUTS_PER_PAIRING = 10_000
    MAX_BOUTS = 1_000_000  # a whole run: all 361 Gladiator Arena pairings x 1,000 fit easily

    class Status(models.TextChoices):
        QUEUED = "queued", "Waiting for the worker"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        CANCELLED = "cancelled", "Cancelled"
        FAILED = "failed", "Failed"

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="lab_runs"
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    rerun_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="reruns"
    )
    ruleset = models.CharField(max_length=40)
    version = models.CharField(max_length=20)  # the rule set's version that fought it
    builds = models.JSONField(default=list)  # [LabBuild.to_dict(), ...] in matrix order
    options = models.JSONField(default=dict)  # the bout options, checked
    bouts_per_pairing = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    random_starts = models.BooleanField(default=True)
    chunk_cells = models.PositiveIntegerField()  # cells per chunk task
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    cells_total = models.PositiveIntegerField()
    cells_done = models.PositiveIntegerField(default=0)
    message = models.TextField(blank=True)  # why it failed
    cells = models.JSONField(default=list)  # [Cell.to_dict(), ...] in matrix order, once done
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The last sign of life: a chunk started, fighting (every few seconds) or stored, or its
    # chunks sent again. The sweeper sends again the chunks of a run silent for too long.
    heard_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["campaign", "-created_at"], name="lab_runs_of_campaign")]

    def __str__(self) -> str:
        return f"lab run {self.pk} ({self.ruleset}): {self.status}"


class LabChunk(models.Model):
    """The cells one chunk task fought; the chunk that completes the run gathers them."""

    run = models.ForeignKey(LabRun, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    cells = models.JSONField(default=list)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["run", "index"], name="one_result_per_lab_chunk")
        ]

    def __str__(self) -> str:
        return f"chunk {self.index} of lab run {self.run_id}"


class BoutOdds(models.Model):
    """Odds before the fight: one question (`terms`: the rule set and its version, the options,
    the entrants' exact builds and who asks) and its answer, simulated by the worker in batches
    from seeds that come from `key` (the SHA-256 of the terms), never from the bout's seed.

    One row per question: asking it again while it is simulated joins it (`key` is unique).
    Who asks is part of the question (a bout's own odds, or one GM's schedule form in one
    campaign), so no cached answer is ever shared across campaigns or askers (docs/lab.md)."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for the worker"
        RUNNING = "running", "Being simulated"
        DONE = "done", "Done"
        FAILED = "failed", "Could not be simulated"
        CANCELLED = "cancelled", "Cancelled"

    IN_FLIGHT = (Status.PENDING, Status.RUNNING)

    key = models.CharField(max_length=64, unique=True)
    terms = models.JSONField()  # {"ruleset", "version", "options", "entrants", "bouts", "scope"}
    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="odds")
    # A bout's own odds (its page), or else the schedule form's of the GM who asked.
    bout = models.ForeignKey(
        Bout, null=True, blank=True, on_delete=models.CASCADE, related_name="odds"
    )
    asker = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    # [Odds.to_dict(), ...] in entry order: the bouts simulated so far, stored after each batch.
    odds = models.JSONField(default=list, blank=True)
    message = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)  # the last message to the worker
    # The worker simulating it: its claim, and when it last stored a batch (a lost worker's
    # row goes stale and the sweeper sends it again).
    claim = models.CharField(max_length=32, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["status", "sent_at"],
                name="odds_in_flight",
                condition=models.Q(status__in=["pending", "running"]),
            )
        ]

    def __str__(self) -> str:
        return f"odds {self.key[:12]}: {self.status}"

    @property
    def simulated(self) -> int:
        """How many bouts the figures rest on so far."""
        return self.odds[0]["bouts"] if self.odds else 0


class Rating(models.Model):
    """A gladiator's skill under one rule set (arena/bouts/ratings.py, docs/ratings.md): OpenSkill's
    estimate `mu` and its uncertainty `sigma`, and the conservative value pages show and sort
    by, `ordinal` = mu - 3 sigma. A gladiator without a row has the model's starting rating."""

    gladiator = models.ForeignKey(
        "characters.Gladiator", on_delete=models.CASCADE, related_name="ratings"
    )
    ruleset = models.CharField(max_length=40)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    bouts = models.PositiveIntegerField(default=0)  # the rated bouts behind it

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["gladiator", "ruleset"], name="rating_per_ruleset")
        ]

    def __str__(self) -> str:
        return f"{self.gladiator} {self.ruleset}: {self.ordinal:.1f}"


class RatingChange(models.Model):
    """One gladiator's rating before and after one bout: the history the sheet draws, and what
    a void undoes. Its id orders the changes as they were applied (arena/bouts/ratings.py)."""

    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="rating_changes")
    gladiator = models.ForeignKey(
        "characters.Gladiator", on_delete=models.CASCADE, related_name="rating_changes"
    )
    ruleset = models.CharField(max_length=40)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    at = models.DateTimeField()  # when the bout was decided

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["bout", "gladiator"], name="rating_change_once")
        ]
        indexes = [
            models.Index(fields=["gladiator", "ruleset", "id"], name="rating_history"),
        ]

    def __str__(self) -> str:
        return f"{self.gladiator} after {self.bout_id}: {self.ordinal:.1f}"


# A season's models live in their own module; imported here so they are the arena app's.
from arena.seasons.models import Division, Season, SeasonEntry, SeasonFixture  # noqa: E402, F401
from arena.tournaments.models import Tournament  # noqa: E402, F401


class BoutWhatIf(models.Model):
    """A decided bout fought again from its own seed with one change by one entrant's owner or
    the GM ("What if", docs/chronicle.md): their gladiator's order on one step, its tactics, or
    one item of its equipment. Only this row is stored: the bout, its log, its ledgers and
    careers are never touched. It is its asker's alone (the change may be a secret order).

    One row per question (`key`: the SHA-256 of the bout, the entrant, the asker and the
    change), fought once by the worker on the simulations queue."""

    class Kind(models.TextChoices):
        ORDER = "order", "Their order on one step"
        TACTICS = "tactics", "Their tactics"
        EQUIPMENT = "equipment", "One item of equipment"

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for the worker"
        RUNNING = "running", "Being fought"
        DONE = "done", "Done"
        FAILED = "failed", "Could not be fought"

    IN_FLIGHT = (Status.PENDING, Status.RUNNING)

    key = models.CharField(max_length=64, unique=True)
    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="what_ifs")
    entrant = models.ForeignKey(BoutEntrant, on_delete=models.CASCADE, related_name="what_ifs")
    asker = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    # The change, checked: {"turn", "order", "words"} | {"tactics"} | {"add", "remove"}.
    change = models.JSONField()
    # The engine input fought: the bout's own with the change made (its seed is revealed).
    engine_input = models.JSONField()
    # From the step after the change on (0: from the start), given orders that no longer fit
    # give way to tactics (arena/engine/core/rerun.py).
    changed_step = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    log = models.JSONField(null=True, blank=True)
    notes = models.JSONField(default=list, blank=True)
    # The first step (1-based) where the re-run's log parts from the bout's; None: never.
    diverged_at = models.PositiveIntegerField(null=True, blank=True)
    message = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)  # the last message to the worker
    claim = models.CharField(max_length=32, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(
                fields=["status", "sent_at"],
                name="whatif_in_flight",
                condition=models.Q(status__in=["pending", "running"]),
            ),
            models.Index(fields=["asker", "bout"], name="whatif_mine"),
        ]

    def __str__(self) -> str:
        return f"what-if {self.pk} of bout {self.bout_id}: {self.status}"
